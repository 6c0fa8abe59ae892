// Shared by the browser benches (paint-bench.ts, load-bench.ts): Debian's Chromium as the journeys launch it, a
// 390×844 phone, and the demo member logged in with 护士执业资格 chosen.
import { chromium, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_PHONE } from './lib.ts';

/**
 * A phone. The app's service worker is blocked: it precaches the app's code after the first load, which would keep
 * the network busy and blur what a page itself costs (the offline journey in e2e/ covers the worker).
 */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'zh-CN', serviceWorkers: 'block' as const };

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });

/**
 * Logs the demo member (至尊班 of 护士执业资格: every chapter open) in through the login screen and picks
 * 护士执业资格 on /switchSub; ends on /homePage. The page's context needs the app's baseURL.
 */
export async function loginDemoMemberWithNursing(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('seenNotices', '[1,2]'));
  await page.goto('/login');
  await page.getByPlaceholder('请输入手机号').fill(DEMO_PHONE);
  await page.getByPlaceholder('请输入密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).last().click();
  await page.waitForURL(/\/homePage/);
  await page.goto('/switchSub');
  await page.getByRole('navigation', { name: '科目分类' }).getByRole('button', { name: '护理学类' }).click();
  await page
    .getByRole('region', { name: '护理学类' })
    .getByRole('button', { name: /^护士执业资格/ })
    .click();
  await page.waitForURL(/\/homePage/);
}
