import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_MEMBER, loginAs, option, pickNursing, question, screenPath, tile } from './helpers';
import { textPx, textReport, type TextProblem } from './text-check';

/**
 * Large text (issue 32, docs/web-shell.md "Text size"): 通用设置's 标准 / 大 / 特大 zoom the app, and at every size the
 * main screens keep every text whole (text-check.ts): none cut by its box or the screen, squeezed to a character a
 * line, covered by another text, a control or a fixed bar, lines at least 1.3 apart; at 特大 each screen's main text is
 * 18 px or more on the screen and its largest text larger (MIIT 2021 适老化: main text ≥ 18 dp, headings larger). The
 * demo member (至尊班 of 护士执业资格) with the longest nickname §5 allows, on a 390×844 phone; full-page screenshots in
 * E2E_OUT/screens/ts-<size>-<screen>.png.
 */

const LONG_NAME = '护理部主任张晓明'; // 8 汉字: the §5 width limit (16)
const LATIN_NAME = 'Nightingale2026R'; // 16 letters: the longest word without a break
const DEMO_NAME = '演示会员';

const SIZES = [
  { label: '标准', file: 'standard' },
  { label: '大', file: 'large' },
  { label: '特大', file: 'xlarge' },
] as const;

/**
 * The screens of the brief: how each opens (and what shows it is loaded), and its main text — what the learner reads
 * there first (a module's name, a row's title, the question), which the MIIT guideline wants at 18 px or more at 特大.
 */
const SCREENS: { name: string; open: (page: Page) => Promise<void>; main: (page: Page) => Locator }[] = [
  { name: 'home', open: (p) => opened(p, '/homePage', p.getByRole('heading', { name: '学习功能' })), main: (p) => tile(p, '章节练习') },
  {
    name: 'mine',
    open: (p) => opened(p, '/mine', p.getByRole('region', { name: '我的版本' }).getByText('护士执业资格')),
    main: (p) => p.getByRole('link', { name: '错题本' }),
  },
  {
    name: 'chapter-menu',
    open: async (p) => {
      await opened(p, '/chapterMenu', chapter(p));
      await expect(p.getByRole('region', { name: '学习统计' })).toHaveAttribute('aria-busy', 'false');
    },
    main: (p) => chapter(p),
  },
  {
    name: 'answer-test',
    open: async (p) => {
      await opened(p, '/chapterMenu', chapter(p));
      await chapter(p).click();
      await p.getByRole('button', { name: /^糖尿病 已做/ }).click();
      await expect(question(p)).toBeVisible();
    },
    main: (p) => option(p, 'A'),
  },
  { name: 'exam', open: (p) => opened(p, '/exam', p.getByRole('button', { name: /^模拟考试/ })), main: (p) => p.getByRole('button', { name: /^模拟考试/ }) },
  { name: 'handout-list', open: (p) => opened(p, '/handoutList', handout(p)), main: (p) => handout(p) },
  { name: 'pay-page', open: (p) => opened(p, '/payPage?appID=1001&vn=2', p.getByText('合计')), main: (p) => p.getByText('护士执业资格', { exact: true }).first() },
  {
    name: 'video-list',
    // The demo lessons are rendered when the server starts (docs/video.md): the list fills once they are.
    open: (p) => expect(() => opened(p, '/videoList', lesson(p), 3_000)).toPass({ timeout: 240_000, intervals: [2_000, 5_000] }),
    main: (p) => lesson(p),
  },
];

const chapter = (p: Page) => p.getByRole('button', { name: /^内分泌与代谢性疾病病人的护理/ });
const handout = (p: Page) => p.getByRole('button', { name: /^生命体征的评估与护理/ });
const lesson = (p: Page) => p.getByRole('button', { name: /^体温的正常值与常见热型/ });

async function opened(page: Page, path: string, ready: Locator, timeout = 20_000) {
  await page.goto(path);
  await expect(ready).toBeVisible({ timeout });
  await page.waitForLoadState('networkidle');
}

/** 我的 → 通用设置 → the size, as a learner sets it. */
async function chooseSize(page: Page, label: string) {
  await page.goto('/currency');
  await page.getByRole('radio', { name: label, exact: true }).click();
  await expect(page.getByRole('radio', { name: label, exact: true })).toHaveAttribute('aria-checked', 'true');
}

/** Sets the nickname as the learner does: 个人资料 → 昵称 → 保存 (nothing to save when it is already that name). */
async function setNickname(page: Page, name: string) {
  await page.goto('/userInfoPage');
  const row = page.getByRole('link', { name: /^昵称：/ });
  await expect(row).toBeVisible();
  if ((await row.getAttribute('aria-label')) === `昵称：${name}`) return;
  await row.click();
  await page.getByLabel('昵称', { exact: true }).fill(name);
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/userInfoPage(\?|$)/);
  await expect(row).toHaveAccessibleName(`昵称：${name}`);
}

/** The home header's name (the page's only h1). */
const nickname = (page: Page) => page.getByRole('heading', { level: 1 });
const rootZoom = (page: Page) => page.evaluate(() => Number(getComputedStyle(document.getElementById('root')!).zoom || 1));
const describe = (screen: string, ps: TextProblem[]) => ps.map((p) => `${screen}: ${p.kind} “${p.text}” ${p.detail}`);

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  await loginAs(page, DEMO_MEMBER);
  await pickNursing(page);
});

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await loginAs(page, DEMO_MEMBER);
  await setNickname(page, DEMO_NAME);
  await page.close();
});

for (const size of SIZES) {
  test(`at ${size.label} the main screens keep every text whole and apart`, async ({ page }) => {
    test.setTimeout(300_000);
    await setNickname(page, LONG_NAME);
    await chooseSize(page, size.label);
    const zoom = await rootZoom(page);
    const found: string[] = [];
    const sizes: string[] = [];
    for (const screen of SCREENS) {
      await screen.open(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      const report = await textReport(page);
      const main = await textPx(screen.main(page));
      await page.waitForTimeout(400); // the route fade
      await page.screenshot({ path: screenPath(`ts-${size.file}-${screen.name}`), fullPage: true });
      found.push(...describe(screen.name, report.problems));
      sizes.push(`${screen.name}: main ${main.toFixed(1)}px, largest ${report.largestPx.toFixed(1)}px (${report.sizes})`);
      if (size.label === '特大') {
        expect.soft(main, `${screen.name}: main text at 特大`).toBeGreaterThanOrEqual(18);
        expect.soft(report.largestPx, `${screen.name}: a heading larger than the main text`).toBeGreaterThan(main);
      }
    }
    test.info().annotations.push({ type: 'text sizes', description: `zoom ${zoom}: ${sizes.join('; ')}` });
    expect(found).toEqual([]);

    // The header names the learner in full.
    await SCREENS[0]!.open(page);
    await expect(nickname(page)).toHaveText(LONG_NAME);
  });
}

test('the home header holds a 16-letter nickname and the standard name at every size', async ({ page }) => {
  test.setTimeout(180_000);
  for (const name of [LATIN_NAME, '学员5678']) {
    await setNickname(page, name);
    for (const size of SIZES) {
      await chooseSize(page, size.label);
      await SCREENS[0]!.open(page);
      await expect(nickname(page)).toHaveText(name);
      const report = await textReport(page);
      expect(describe(`home ${name} ${size.label}`, report.problems)).toEqual([]);
      await page.screenshot({ path: screenPath(`ts-header-${name === LATIN_NAME ? 'latin' : 'short'}-${size.file}`), clip: { x: 0, y: 0, width: 390, height: 320 } });
    }
  }
  await chooseSize(page, '标准');
});
