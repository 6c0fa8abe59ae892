// First paint in production on the Lighthouse mobile profile (issues 15 and 33): for '/', '/login', '/homePage',
// '/answerTest' and the reading pages '/handoutPage' and '/knowlegeInContent' (issue 18), a cold load (new browser
// context: no HTTP cache, the learner's storage kept where the route needs a login) in headless Chromium at 390×844
// with Slow 4G (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up) and the CPU slowed 4×, through the DevTools protocol,
// from the site as production serves it (prod-site.ts: the compiled server behind nginx's kaoshi.conf, https, HTTP/2).
// Prints per route: "text" — from the navigation's start to the start of the animation frame after the first frame
// that had the route's main text in the page (its `text` selector below, with text in it; that frame painted it), judged
// against the target — then
// first contentful paint, largest contentful paint, bytes on the wire (encoded, as sent) and requests.
// Needs the compiled server and the web build (npm run build). LOAD_WATERFALL=1 also prints each route's requests
// (start → end, ms from the navigation's start) of its first load.
// Then, as a learner opens them, from the tap on a list row to the page's text painted, with the app already
// loaded (same profile): a handout from /handoutList and a knowledge point from /knowledgePoint (target 1 s).
// `npm run bench:load -w bench`; LOAD_RUNS (3) loads per route, the median is printed. LOAD_ROUTES (e.g. '/login,/homePage')
// measures only those routes (their path without the query), and skips the in-app opens.
import type { BrowserContext } from '@playwright/test';
import { launchChromium, loginDemoMemberWithNursing, PHONE } from './browser.ts';
import { cpus, loadavg } from 'node:os';
import { startProdSite } from './prod-site.ts';

const PORT = Number(process.env.LOAD_PORT ?? 3340);
const RUNS = Number(process.env.LOAD_RUNS ?? 3);
const WATERFALL = process.env.LOAD_WATERFALL === '1';
const ONLY = process.env.LOAD_ROUTES?.split(',').filter(Boolean) ?? [];
const measured = (path: string) => ONLY.length === 0 || ONLY.includes(path.split('?')[0]!);
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
/** `text`: the element whose presence is the route's main text shown (the store's name; the home's module grid; the question). */
const ROUTES = [
  { path: '/', login: false, text: 'h1', targetMs: 1200 },
  { path: '/login', login: false, text: 'h1', targetMs: 1200 },
  { path: '/homePage', login: true, text: 'section[aria-labelledby="modules-title"] li button', targetMs: 2000 },
  { path: '/answerTest?cptID=7', login: true, text: 'article[aria-label="试题"]', targetMs: 2000 },
  // Filled in once the demo member has found them (ids depend on the import order).
  { path: '/handoutPage', login: true, text: 'article h2', targetMs: 2500 },
  { path: '/knowlegeInContent', login: true, text: 'section[aria-label="知识点"] h2', targetMs: 2500 },
];
/** In-app opens: the list, the row to tap, what shows the page is painted. */
const OPENS = [
  { list: '/handoutList', row: /^生命体征的评估与护理/, painted: 'article h2', targetMs: 1000 },
  { list: '/knowledgePoint', row: /^体温的正常值/, painted: 'section[aria-label="知识点"] h2', targetMs: 1000 },
];

interface Load {
  text: number;
  fcp: number;
  lcp: number;
  bytes: number;
  requests: number;
}

async function throttle(context: BrowserContext, page: import('@playwright/test').Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

/** Tap a row of a list (the app loaded, its code cached) → the first frame with the page's text. */
async function openFromList(context: BrowserContext, o: (typeof OPENS)[number]): Promise<number> {
  const page = await context.newPage();
  await page.goto(`${base}${o.list}`, { waitUntil: 'networkidle' });
  await throttle(context, page);
  const row = page.getByRole('button', { name: o.row }).first();
  await row.waitFor();
  await page.evaluate(`(() => {
    window.__open = new Promise((resolve) => {
      window.addEventListener('pointerdown', (e) => {
        const t0 = e.timeStamp;
        const check = () => (document.querySelector(${JSON.stringify(o.painted)}) ? requestAnimationFrame(() => resolve(performance.now() - t0)) : requestAnimationFrame(check));
        check();
      }, { capture: true, once: true });
    });
  })()`);
  await row.click();
  const ms = (await page.evaluate('window.__open')) as number;
  await page.close();
  return ms;
}

async function coldLoad(context: BrowserContext, url: string, text: string, waterfall: boolean): Promise<Load> {
  const page = await context.newPage();
  const cdp = await throttle(context, page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  let bytes = 0;
  let requests = 0;
  const started = new Map<string, { url: string; at: number }>();
  const lines: string[] = [];
  let t0 = -1;
  cdp.on('Network.requestWillBeSent', (e: { requestId: string; timestamp: number; request: { url: string } }) => {
    if (t0 < 0) t0 = e.timestamp;
    started.set(e.requestId, { url: e.request.url, at: e.timestamp });
  });
  cdp.on('Network.loadingFinished', (e: { requestId: string; timestamp: number; encodedDataLength: number }) => {
    bytes += e.encodedDataLength;
    requests++;
    const r = started.get(e.requestId);
    if (waterfall && r)
      lines.push(
        `  ${((r.at - t0) * 1000).toFixed(0).padStart(6)} → ${((e.timestamp - t0) * 1000).toFixed(0).padStart(6)} ms  ${(e.encodedDataLength / 1024).toFixed(1).padStart(6)} KiB  ${r.url.replace(/^https:\/\/[^/]+/, '').replace(/\?.*/, '')}`,
      );
  });
  // Observers from the first script on (a string: tsx's helpers do not exist inside the page). "text": checked at
  // each animation frame; once it is in the page, the time at the start of the next frame (the one before drew it).
  await page.addInitScript(`(() => {
    window.__paint = { text: -1, fcp: -1, lcp: -1 };
    new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') window.__paint.fcp = e.startTime; }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((l) => { const all = l.getEntries(); window.__paint.lcp = all[all.length - 1].startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
    const look = () => {
      const el = document.querySelector(${JSON.stringify(text)});
      if (el && el.textContent.trim() !== '') requestAnimationFrame(() => (window.__paint.text = performance.now()));
      else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  })()`);
  // Until the text is shown (not "network idle": the throttled CPU can leave the network idle for a while before
  // the screen's calls start), then the network idle for the last LCP candidates.
  await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
  // Polled with evaluate: the site's Content-Security-Policy refuses waitForFunction's string evaluation.
  for (let t = Date.now(); Date.now() - t < 60_000; await page.waitForTimeout(50)) {
    if (((await page.evaluate('window.__paint.text').catch(() => -1)) as number) >= 0) break;
  }
  await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
  await page.waitForTimeout(500);
  const paint = (await page.evaluate('window.__paint')) as { text: number; fcp: number; lcp: number };
  await page.close();
  if (waterfall) console.log(lines.sort((a, b) => parseFloat(a) - parseFloat(b)).join('\n'));
  return { ...paint, bytes, requests };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const site = await startProdSite(PORT);
const base = site.base;
try {
  const browser = await launchChromium();
  // The demo member logged in once, subject chosen: the storage a returning learner has.
  const setup = await browser.newContext({ ...PHONE, ignoreHTTPSErrors: true, baseURL: base });
  await loginDemoMemberWithNursing(await setup.newPage());
  // The reading pages' ids, as a learner finds them.
  const look = setup.pages()[0]!;
  for (const [i, o] of OPENS.entries()) {
    await look.goto(`${base}${o.list}`);
    await look.getByRole('button', { name: o.row }).first().click();
    await look.waitForURL(/\/(handoutPage|knowlegeInContent)\?/);
    ROUTES[4 + i]!.path = new URL(look.url()).pathname + new URL(look.url()).search.replace(/&ac=\d+/, '');
  }
  const learner = await setup.storageState();
  await setup.close();

  const load1 = loadavg()[0]!;
  console.log(
    `\nFirst paint in production (nginx, https, HTTP/2), Lighthouse mobile profile (Slow 4G 150 ms RTT 1.6 Mbit/s, CPU 4× slower), cold cache, 390×844, median of ${RUNS}; ${cpus().length}-core host, load ${load1.toFixed(1)}`,
  );
  console.log(
    'route'.padEnd(22),
    'text ms'.padStart(8),
    '  target'.padEnd(20),
    'FCP ms'.padStart(8),
    'LCP ms'.padStart(8),
    'KiB'.padStart(7),
    'requests'.padStart(9),
    '  text, each run',
  );
  for (const r of ROUTES.filter((r) => measured(r.path))) {
    const loads: Load[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ ...PHONE, ignoreHTTPSErrors: true, ...(r.login ? { storageState: learner } : {}) });
      if (WATERFALL && i === 0) console.log(`${r.path}, first load's requests:`);
      loads.push(await coldLoad(context, `${base}${r.path}`, r.text, WATERFALL && i === 0));
      await context.close();
    }
    const shown = (ms: number) => (ms < 0 ? 'none' : ms.toFixed(0));
    // A load that never showed the text counts as missed (a median over the others would hide it).
    const text = loads.some((l) => l.text < 0) ? -1 : median(loads.map((l) => l.text));
    const ok = text > 0 && text <= r.targetMs;
    console.log(
      r.path.slice(0, 22).padEnd(22),
      shown(text).padStart(8),
      `  ≤ ${r.targetMs} ${ok ? 'met' : 'MISSED'}`.padEnd(20),
      shown(median(loads.map((l) => l.fcp))).padStart(8),
      shown(median(loads.map((l) => l.lcp))).padStart(8),
      (median(loads.map((l) => l.bytes)) / 1024).toFixed(1).padStart(7),
      String(median(loads.map((l) => l.requests))).padStart(9),
      `  ${loads.map((l) => shown(l.text)).join(' ')}`,
    );
  }
  console.log(`\nOpening a reading page in the app (tap on its row → its text painted), same profile, median of ${RUNS}`);
  for (const o of ONLY.length ? [] : OPENS) {
    const context = await browser.newContext({ ...PHONE, ignoreHTTPSErrors: true, storageState: learner });
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await openFromList(context, o));
    await context.close();
    const ms = median(times);
    console.log(`${o.list} → page`.padEnd(34), `${ms.toFixed(0)} ms`.padStart(9), `  ≤ ${o.targetMs} ms ${ms <= o.targetMs ? 'OK' : 'OVER'}`);
  }
  console.log(`load 1m ${load1.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end`);
  await browser.close();
} finally {
  await site.stop();
}
