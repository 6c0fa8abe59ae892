import { expect, test, type Page } from '@playwright/test';
import { DEMO_LEARNER, loginAs, axeProblems, pickNursing, type AxeProblem } from './helpers';

/**
 * axe-core's WCAG 2.1 A/AA rules over the main screens (issue 14 item 13): no serious or critical
 * violation — colour contrast (each tenant's colour stays the brand; text on it uses shades derived to
 * meet AA), named buttons, one level-one heading per screen.
 */
test('the main screens pass axe-core (WCAG 2.1 AA, serious and critical)', async ({ page }) => {
  test.setTimeout(150_000);
  const found: Record<string, AxeProblem[]> = {};
  const check = async (screen: string) => {
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300); // the route fade
    const problems = await axeProblems(page);
    if (problems.length > 0) found[screen] = problems;
  };
  const visit = async (p: Page, path: string) => {
    await p.goto(path);
    await check(path);
  };
  await page.addInitScript(() => localStorage.setItem('seenNotices', '[1,2,3]'));
  await visit(page, '/');
  await visit(page, '/login');
  await page.getByRole('tab', { name: '验证码登录' }).click();
  await check('/login 验证码登录');
  await loginAs(page, DEMO_LEARNER);
  await pickNursing(page);
  await check('/homePage');
  for (const path of ['/switchSub', '/chapterMenu', '/answerTest?cptID=7', '/consolidate', '/exam', '/dailyMockTest', '/settings', '/memberCenter', '/buyapp'])
    await visit(page, path);
  expect(found).toEqual({});
});
