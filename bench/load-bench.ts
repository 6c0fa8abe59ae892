// First paint on the Lighthouse mobile profile (issue 15): for '/', '/login', '/homePage', '/answerTest' and the reading
// pages '/handoutPage' and '/knowlegeInContent' (issue 18), a cold
// load (new browser context: no HTTP cache, the learner's storage kept where the route needs a login) in headless
// Chromium at 390×844 with Slow 4G (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up) and the CPU slowed 4×, through
// the DevTools protocol. Prints per route: first contentful paint, largest contentful paint, bytes on the wire
// (encoded, as sent) and requests, beside the targets. Needs apps/web/dist (npm run build -w apps/web).
// Then, as a learner opens them, from the tap on a list row to the page's text painted, with the app already
// loaded (same profile): a handout from /handoutList and a knowledge point from /knowledgePoint (target 1 s).
// `npm run bench:load -w bench`; LOAD_RUNS (3) loads per route, the median is printed.
import type { BrowserContext } from '@playwright/test';
import { launchChromium, loginDemoMemberWithNursing, PHONE } from './browser.ts';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { here, spawnServer, stopServer, waitReady } from './lib.ts';

const PORT = 3340;
const RUNS = Number(process.env.LOAD_RUNS ?? 3);
const base = `http://127.0.0.1:${PORT}`;
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const ROUTES = [
  { path: '/', login: false, targetMs: 1500 },
  { path: '/login', login: false, targetMs: 1500 },
  { path: '/homePage', login: true, targetMs: 2500 },
  { path: '/answerTest?cptID=7', login: true, targetMs: 2500 },
  // Filled in once the demo member has found them (ids depend on the import order).
  { path: '/handoutPage', login: true, targetMs: 2500 },
  { path: '/knowlegeInContent', login: true, targetMs: 2500 },
];
/** In-app opens: the list, the row to tap, what shows the page is painted. */
const OPENS = [
  { list: '/handoutList', row: /^生命体征的评估与护理/, painted: 'article h2', targetMs: 1000 },
  { list: '/knowledgePoint', row: /^体温的正常值/, painted: 'section[aria-label="知识点"] h2', targetMs: 1000 },
];

if (!existsSync(join(here, '../apps/web/dist/index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build -w apps/web` first');
  process.exit(1);
}

interface Load {
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

async function coldLoad(context: BrowserContext, path: string): Promise<Load> {
  const page = await context.newPage();
  const cdp = await throttle(context, page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => {
    bytes += e.encodedDataLength;
    requests++;
  });
  // Observers from the first script on (a string: tsx's helpers do not exist inside the page).
  await page.addInitScript(`(() => {
    window.__paint = { fcp: -1, lcp: -1 };
    new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') window.__paint.fcp = e.startTime; }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((l) => { const all = l.getEntries(); window.__paint.lcp = all[all.length - 1].startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
  })()`);
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle', timeout: 120_000 });
  await page.waitForTimeout(500);
  const paint = (await page.evaluate('window.__paint')) as { fcp: number; lcp: number };
  await page.close();
  return { ...paint, bytes, requests };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const server = spawnServer(PORT, { kind: 'pglite', dataDir: 'memory://' }, { NODE_ENV: 'production' });
try {
  await waitReady(server, PORT);
  const browser = await launchChromium();
  // The demo member logged in once, subject chosen: the storage a returning learner has.
  const setup = await browser.newContext({ ...PHONE, baseURL: base });
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

  console.log(`\nFirst paint, Lighthouse mobile profile (Slow 4G 150 ms RTT 1.6 Mbit/s, CPU 4× slower), cold cache, 390×844, median of ${RUNS}; ${cpus().length}-core host`);
  console.log('route'.padEnd(22), 'FCP ms'.padStart(8), 'LCP ms'.padStart(8), 'KiB'.padStart(7), 'requests'.padStart(9), '  target (text visible)');
  for (const r of ROUTES) {
    const loads: Load[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ ...PHONE, ...(r.login ? { storageState: learner } : {}) });
      loads.push(await coldLoad(context, r.path));
      await context.close();
    }
    const fcp = median(loads.map((l) => l.fcp));
    const lcp = median(loads.map((l) => l.lcp));
    const ok = fcp > 0 && fcp <= r.targetMs;
    console.log(
      r.path.padEnd(22),
      (fcp < 0 ? 'none' : fcp.toFixed(0)).padStart(8),
      (lcp < 0 ? 'none' : lcp.toFixed(0)).padStart(8),
      (median(loads.map((l) => l.bytes)) / 1024).toFixed(1).padStart(7),
      String(median(loads.map((l) => l.requests))).padStart(9),
      `  ≤ ${r.targetMs} ms ${ok ? 'OK' : 'OVER'}`,
    );
  }
  console.log(`\nOpening a reading page in the app (tap on its row → its text painted), same profile, median of ${RUNS}`);
  for (const o of OPENS) {
    const context = await browser.newContext({ ...PHONE, storageState: learner });
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await openFromList(context, o));
    await context.close();
    const ms = median(times);
    console.log(`${o.list} → page`.padEnd(34), `${ms.toFixed(0)} ms`.padStart(9), `  ≤ ${o.targetMs} ms ${ms <= o.targetMs ? 'OK' : 'OVER'}`);
  }
  console.log(`load 1m ${loadavg()[0]!.toFixed(1)}`);
  await browser.close();
} finally {
  await stopServer(server);
}
