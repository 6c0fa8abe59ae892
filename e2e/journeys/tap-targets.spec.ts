import { expect, test } from '@playwright/test';
import { DEMO_LEARNER, loginAs, pickNursing, smallTapTargets } from './helpers';

/**
 * Every tap target of the main screens is at least 44×44 CSS px (WCAG 2.5.5; issue 14 item 12), on the
 * 390×844 phone viewport: buttons, links, form fields, tabs, checkboxes with their labels.
 */
test('tap targets on the main screens are at least 44×44', async ({ page }) => {
  test.setTimeout(120_000);
  const small: Record<string, string[]> = {};
  const check = async (screen: string) => {
    await page.waitForLoadState('networkidle');
    const found = await smallTapTargets(page);
    if (found.length > 0) small[screen] = found;
  };
  await page.addInitScript(() => localStorage.setItem('seenNotices', '[1,2,3]'));
  await page.goto('/');
  await check('/');
  await page.goto('/login');
  await check('/login 密码登录');
  await page.getByRole('tab', { name: '验证码登录' }).click();
  await check('/login 验证码登录');
  await page.goto('/login?mode=register');
  await check('/login 注册');
  await loginAs(page, DEMO_LEARNER);
  await pickNursing(page);
  await check('/homePage');
  for (const path of ['/switchSub', '/chapterMenu', '/answerTest?cptID=7', '/consolidate', '/exam', '/dailyMockTest', '/settings', '/memberCenter', '/buyapp']) {
    await page.goto(path);
    await check(path);
  }
  expect(small).toEqual({});
});
