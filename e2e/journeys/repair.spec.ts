import { expect, test, type Page } from '@playwright/test';
import { answer, freshNursingTrial, login, pickNursing, shot, type ChapterTest, auditScreens } from './helpers';

/**
 * Navigation and settings (docs/navigation.md): the bottom tab bar on the main screens only, the 我的 hub, and
 * 异常修复 — an answer given while the network fails waits in the outbox, shows on /abnormal_repair and reaches the
 * server with 立即同步; 通用设置's text size and night mode apply app-wide; the screens pass axe-core with 44×44 tap
 * targets by day and at night.
 */

const tabBar = (page: Page) => page.getByRole('navigation', { name: '主导航' });

test('a learner repairs the app: a pending offline answer syncs from 异常修复', async ({ page, request }) => {
  test.setTimeout(120_000);
  // A fresh learner: the demo learner's chapters hold the other journeys' answers.
  await freshNursingTrial(page, request);

  // The tab bar on the home page; 题库 opens the chapter menu, marked as the current tab.
  await expect(tabBar(page).getByRole('link', { name: '首页' })).toHaveAttribute('aria-current', 'page');
  await shot(page, 'h7-01-home-tabs');
  await tabBar(page).getByRole('link', { name: '题库' }).click();
  await expect(page).toHaveURL(/\/chapterMenu/);
  await expect(tabBar(page).getByRole('link', { name: '题库' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('region', { name: '学习统计' })).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('button', { name: /^内分泌与代谢性疾病病人的护理/ }).click();
  const row = page.getByRole('button', { name: /^糖尿病 已做/ });
  await expect(row).toContainText('已做 0/');

  // The answers call fails (the network drops) until the learner repairs: the answer waits in the outbox.
  let blocked = true;
  let sent = 0;
  await page.route('**/api/exam/submitReply*', async (route) => {
    if (blocked) return route.abort('internetdisconnected');
    sent += 1;
    return route.continue();
  });
  const loaded = page.waitForResponse((r) => r.url().includes('/api/exam/getChapterTestEx'));
  await row.click();
  const list = ((await (await loaded).json()) as { data: ChapterTest }).data.list;
  // No tab bar in the player.
  await expect(page.getByText(`第 1 / ${list.length} 题`)).toBeVisible();
  await expect(tabBar(page)).toHaveCount(0);
  await answer(page, list[0]!, true);
  await expect(page.getByText('有 1 条答题记录待同步')).toBeVisible();

  // 我的 → 异常修复: the waiting answer is listed.
  await page.goto('/mine');
  await expect(tabBar(page).getByRole('link', { name: /^我的/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('region', { name: '我的版本' })).toContainText('护士执业资格');
  await shot(page, 'h7-02-mine');
  await page.getByRole('link', { name: '异常修复' }).click();
  await expect(page).toHaveURL(/\/abnormal_repair/);
  await expect(tabBar(page)).toHaveCount(0);
  await expect(page.getByTestId('pending-total')).toHaveText('1 条');
  const pending = page.getByRole('region', { name: /待同步的数据/ });
  await expect(pending.getByText('练习答案').locator('xpath=following-sibling::dd')).toHaveText('1 条');
  await shot(page, 'h7-03-repair-pending');

  // The network is back: 立即同步 sends it.
  blocked = false;
  await page.getByRole('button', { name: '立即同步' }).click();
  await expect(pending.getByRole('status')).toHaveText('✓ 已同步 1 条数据');
  await expect(page.getByTestId('pending-total')).toHaveText('0 条');
  expect(sent).toBe(1);

  // The rest of the repairs, all at once.
  await page.getByRole('button', { name: '一键修复' }).click();
  await expect(page.getByText(/诊断报告已提交，编号 [0-9A-Z]{8}/)).toBeVisible();
  await expect(page.getByText('✓ 已重新加载机构信息和“护士执业资格”')).toBeVisible();
  await shot(page, 'h7-04-repair-done');

  // The server has the answer: the chapter counts it.
  await page.goto('/chapterMenu');
  await page.getByRole('button', { name: /^内分泌与代谢性疾病病人的护理/ }).click();
  await expect(page.getByRole('button', { name: /^糖尿病 已做/ })).toContainText('已做 1/');
});

test('通用设置: the text size and night mode apply to every screen and stay after a reload', async ({ page }) => {
  await login(page);
  await page.goto('/currency');
  await page.getByRole('radio', { name: '特大' }).click();
  await page.getByRole('switch', { name: '夜间模式' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-font-size', 'xlarge');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await shot(page, 'h7-05-currency-night-xlarge');
  await page.goto('/homePage');
  await expect(page.locator('html')).toHaveAttribute('data-font-size', 'xlarge');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const zoom = await page.evaluate(() => getComputedStyle(document.getElementById('root')!).zoom);
  expect(Number(zoom)).toBeCloseTo(1.3);
});

test('a switch that is on shows the theme colour by day as at night (a day-mode rule once greyed it)', async ({ page }) => {
  await login(page);
  await page.goto('/currency');
  const autoplay = page.getByRole('switch', { name: '视频自动播放' });
  const colour = () => autoplay.evaluate((el) => getComputedStyle(el).backgroundColor);
  if (await autoplay.isChecked()) await autoplay.uncheck();
  // The track's colour changes with a 0.2 s transition: read it once it has settled.
  await expect.poll(colour).toBe('rgb(201, 206, 214)'); // the day-mode track
  await autoplay.check();
  await page.waitForTimeout(500);
  expect(await colour()).not.toBe('rgb(201, 206, 214)'); // the agent's theme colour, not the grey track
  await shot(page, 'h7-06-currency-switch-on-day');
  await autoplay.uncheck();
});

test('the navigation and settings screens pass axe-core and keep every tap target at least 44×44, by day and at night', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page);
  await pickNursing(page);
  expect(await auditScreens(page, ['/homePage', '/mine', '/currency', '/abnormal_repair', '/updateLog', '/aboutUs'])).toEqual({});
});
