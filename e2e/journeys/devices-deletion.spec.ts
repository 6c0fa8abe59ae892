import { expect, test, type Page } from '@playwright/test';
import { asNewClientIp, DEMO_PASSWORD, FRESH_PASSWORD, noticesSeen, passwordLogin, registerFresh, shot, smsCode, auditScreens } from './helpers';

/**
 * Devices and account deletion (docs/account-deletion.md) against the real server, at 390×844: a learner logged in on
 * a second device (another browser context, a phone in WeChat) signs it out from /accountKeys and that device finds
 * itself logged out; the learner then asks to delete the account on /cancelAccount with an SMS code, every session
 * ends and the app lands on /login; logging in during the cooling-off period withdraws the request
 * ('已撤销注销申请', modules/user). Both screens pass axe-core with 44×44 tap targets by day and at night.
 */

const IPHONE_WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
/**
 * The deletion is asked by the demo member: a freshly registered phone has just had its code, and a phone gets
 * one code a minute (docs/accounts.md). Logging in again withdraws the request, so the account stays for the others.
 */
const DELETING = '13900000000';

test.beforeEach(async ({ page }) => {
  await noticesSeen(page);
});

const confirmDialog = (page: Page, button: string) => page.getByRole('dialog').getByRole('button', { name: button }).click();

test('sign out another device and see it logged out; ask to delete the account, then cancel it by logging in', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const phone = await registerFresh(page, request);

  // A second device: a phone in WeChat, from another network.
  const phoneContext = await browser.newContext({ baseURL, userAgent: IPHONE_WECHAT, viewport: { width: 390, height: 844 }, locale: 'zh-CN', serviceWorkers: 'block' });
  const other = await phoneContext.newPage();
  await noticesSeen(other);
  await asNewClientIp(other);
  await other.goto('/login');
  await passwordLogin(other, phone, FRESH_PASSWORD);
  await expect(other).toHaveURL(/\/homePage/);

  // /settings → 登录设备管理: this device first, the phone below it.
  await page.goto('/settings');
  await page.getByRole('link', { name: '登录设备管理' }).click();
  await expect(page).toHaveURL(/\/accountKeys/);
  const devices = page.getByRole('list', { name: '登录设备' }).getByRole('listitem');
  await expect(devices).toHaveCount(2);
  await expect(devices.first()).toContainText('本机');
  await expect(devices.nth(1)).toContainText('手机 · iOS 17 · 微信');
  await shot(page, 'h2-devices');
  await devices
    .nth(1)
    .getByRole('button', { name: /^下线 手机/ })
    .click();
  await confirmDialog(page, '确定');
  await expect(page.getByText('已下线该设备')).toBeVisible();
  await expect(devices).toHaveCount(1);

  // The phone's next call finds its session ended and says why (not a silent return to the login screen).
  await other.goto('/settings');
  await expect(other.getByRole('dialog').getByText('您的账号已在其他设备上将本机下线，请重新登录；如非本人操作，请及时修改密码').first()).toBeVisible();
  await expect(other).toHaveURL(/\/login/);
  await shot(other, 'h2-signed-out-told');
  await other.getByRole('dialog').getByRole('button', { name: '确定' }).first().click();
  await phoneContext.close();

  // /settings → 注销账号: what is erased and kept, the code to the bound phone, the confirmation.
  await page.evaluate(() => localStorage.removeItem('guid'));
  await asNewClientIp(page);
  await page.goto('/login');
  await passwordLogin(page, DELETING, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/homePage/);
  await page.goto('/settings');
  await page.getByRole('link', { name: '注销账号' }).click();
  await expect(page).toHaveURL(/\/cancelAccount/);
  await expect(page.getByRole('heading', { name: '注销后将删除' })).toBeVisible();
  await expect(page.getByText('验证码将发送至 139****0000')).toBeVisible();
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeVisible();
  await page.getByPlaceholder('请输入6位验证码').fill(await smsCode(request, DELETING));
  await page.getByRole('checkbox', { name: '我已阅读并同意以上注销须知' }).check();
  await shot(page, 'h2-cancel-account');
  await page.getByRole('button', { name: '申请注销' }).click();
  await confirmDialog(page, '确定注销');
  const done = page.getByRole('dialog').filter({ hasText: '注销申请已提交' });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/login/);

  // Logging in during the cooling-off period withdraws the request.
  // (The login answers deletionCancelled; the 2.5-second toast '已撤销注销申请' it shows is checked by the unit tests:
  // on a loaded machine it can come and go between two looks.)
  const withdrawn = page.waitForResponse((r) => r.url().includes('/api/user/userlogin'));
  await passwordLogin(page, DELETING, DEMO_PASSWORD);
  expect(((await (await withdrawn).json()) as { data: { deletionCancelled: boolean } }).data.deletionCancelled).toBe(true);
  await expect(page).toHaveURL(/\/homePage/);
  await shot(page, 'h2-deletion-cancelled');
  // The account is whole again: /cancelAccount offers the request anew.
  await page.goto('/cancelAccount');
  await expect(page.getByRole('button', { name: '申请注销' })).toBeVisible();
});

test('/accountKeys and /cancelAccount pass axe-core and keep every tap target at least 44×44, by day and at night', async ({ page, request }) => {
  test.setTimeout(90_000);
  await registerFresh(page, request);
  expect(await auditScreens(page, ['/accountKeys', '/cancelAccount'], { after: (path, night) => (night ? shot(page, `h2-night-${path.slice(1)}`) : Promise.resolve()) })).toEqual(
    {},
  );
});
