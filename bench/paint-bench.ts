// Tap → paint in the practice player (target: the next question paints within 50 ms of a tap).
// Builds nothing: needs the compiled server and the web build (npm run build). Starts the site as production
// serves it (prod-site.ts: the compiled server on a fresh database behind nginx's kaoshi.conf, https, HTTP/2),
// logs the demo member in with headless Chromium at 390×844, opens the two biggest demo chapters of 护士执业资格 (one per run) and measures, inside the page, from the tap (a trusted click dispatched by the
// browser) to the first animation frame after the new question is in the DOM:
//   - 下一题 → the next question (N taps);
//   - a tap on an option → the feedback ('回答正确' / '回答错误').
// Both without throttling and with the CPU slowed 4× (Chrome DevTools CPU throttling, a mid-range phone).
import type { Page } from '@playwright/test';
import { launchChromium, loginDemoMemberWithNursing, PHONE } from './browser.ts';
import { startProdSite } from './prod-site.ts';

const PORT = Number(process.env.PAINT_PORT ?? 3330);
const TAPS = Number(process.env.PAINT_TAPS ?? 25);

async function measure(page: Page, tap: () => Promise<void>, doneJs: string): Promise<number> {
  // A string, not a function: tsx's name-keeping helpers do not exist inside the page.
  await page.evaluate(`(() => {
    const done = ${doneJs};
    window.__paint = new Promise((resolve) => {
      const onDown = (e) => {
        window.removeEventListener('pointerdown', onDown, true);
        const t0 = e.timeStamp;
        const check = () => {
          if (done()) requestAnimationFrame(() => resolve(performance.now() - t0));
          else requestAnimationFrame(check);
        };
        setTimeout(check, 0);
        setTimeout(() => resolve(-1), 2000);
      };
      window.addEventListener('pointerdown', onDown, true);
    });
  })()`);
  await tap();
  return (await page.evaluate('window.__paint')) as number;
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { n: s.length, p50: at(0.5), p95: at(0.95), max: s[s.length - 1]! };
};

async function run(page: Page, label: string) {
  const next: number[] = [];
  const feedback: number[] = [];
  for (let i = 0; i < TAPS; i++) {
    const before = (await page.getByText(/^第 \d+ \/ \d+ 题$/).textContent())!;
    const optionA = page.getByRole('article', { name: '试题' }).getByRole('button', { name: /^A/ }).first();
    if (await optionA.isVisible().catch(() => false)) {
      const ms = await measure(page, () => optionA.click(), `() => /回答(正确|错误)/.test(document.body.innerText)`);
      if (ms >= 0) feedback.push(ms);
    }
    const nextButton = page.getByRole('button', { name: '下一题' });
    if (await nextButton.isDisabled()) break;
    next.push(await measure(page, () => nextButton.click(), `() => !document.body.innerText.includes(${JSON.stringify(before)})`));
  }
  const fmt = (name: string, xs: number[]) => {
    const s = stats(xs);
    console.log(
      `${label.padEnd(26)} ${name.padEnd(18)} n=${String(s.n).padStart(3)}  p50 ${s.p50.toFixed(1).padStart(6)} ms  p95 ${s.p95.toFixed(1).padStart(6)} ms  max ${s.max.toFixed(1).padStart(6)} ms`,
    );
  };
  fmt('下一题 → question', next);
  fmt('option → feedback', feedback);
}

const site = await startProdSite(PORT);
try {
  const browser = await launchChromium();
  const context = await browser.newContext({ ...PHONE, ignoreHTTPSErrors: true, baseURL: site.base });
  const page = await context.newPage();
  // The demo member: the two biggest chapters are open to them (a trial opens the first chapter of each part).
  await loginDemoMemberWithNursing(page);
  // Read 护士执业资格's chapters from the call the chapter menu makes.
  const menu = page.waitForResponse((r) => r.url().includes('/api/chapterMenu/list'));
  await page.goto('/chapterMenu');
  const list = ((await (await menu).json()) as { data: { list: { cptID: number; parentID: number | null; total: number }[] } }).data.list;
  const parents = new Set(list.map((c) => c.parentID));
  // The two biggest leaf chapters: one per run (a run answers its questions).
  const [first, second] = list.filter((c) => !parents.has(c.cptID)).sort((a, b) => b.total - a.total);
  if (!first || !second) throw new Error('the demo subject needs two chapters');
  await page.goto(`/answerTest?cptID=${first.cptID}`);
  await page.getByText(/^第 1 \/ \d+ 题$/).waitFor();
  console.log(`chapters ${first.cptID} (${first.total} questions) and ${second.cptID} (${second.total}), up to ${TAPS} taps per run, 390×844, headless Chromium`);
  await run(page, 'no throttling');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`/answerTest?cptID=${second.cptID}`);
  await page.getByText(/^第 1 \/ \d+ 题$/).waitFor();
  await run(page, 'CPU 4× slower');
  await browser.close();
} finally {
  await site.stop();
}
