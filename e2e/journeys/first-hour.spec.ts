import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_LEARNER, DEMO_PASSWORD, asNewClientIp, freshPhone, shot, smsCode } from './helpers';

/**
 * What a learner meets in the first hour (issue 14), each on a fresh database of this run.
 */
const PASSWORD = 'Study2026';

/** Registers a new learner through the app (no subject chosen) and answers the phone and the session's guid. */
async function registerFresh(page: Page, request: APIRequestContext): Promise<{ phone: string; guid: string }> {
  const phone = freshPhone();
  await asNewClientIp(page);
  await page.addInitScript(() => localStorage.setItem('seenNotices', '[1,2]'));
  await page.goto('/login?mode=register');
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByPlaceholder('请输入验证码').fill(await smsCode(request, phone));
  await page.getByPlaceholder('请输入密码').fill(PASSWORD);
  await page.getByPlaceholder('请再次输入密码').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '注册', exact: true }).last().click();
  await expect(page).toHaveURL(/\/homePage/);
  const guid = await page.evaluate(() => localStorage.getItem('guid'));
  expect(guid).toBeTruthy();
  return { phone, guid: guid! };
}

test('a learner who bought elsewhere sees the purchased subject on a new device, not 还没有选择科目', async ({ browser, page, request }) => {
  const { phone, guid } = await registerFresh(page, request);
  await expect(page.getByText('还没有选择科目')).toBeVisible();
  // Bought outside this app (another device, a reseller's code sent by SMS): no subject was ever chosen here.
  const redeemed = await request.post('/api/limitedCode/useCode', { form: { guid, code: 'ZGHS-JCB1-2026', userName: phone, appID: '1002' } });
  expect((await redeemed.json()).status).toBe(200);

  const context = await browser.newContext();
  const fresh = await context.newPage();
  await fresh.addInitScript(() => localStorage.setItem('seenNotices', '[1,2]'));
  await fresh.goto('/login');
  await fresh.getByPlaceholder('请输入手机号').fill(phone);
  await fresh.getByPlaceholder('请输入密码').fill(PASSWORD);
  await fresh.getByRole('button', { name: '登录', exact: true }).last().click();
  await expect(fresh).toHaveURL(/\/homePage/);
  await expect(fresh.getByRole('heading', { name: '主管护师' })).toBeVisible();
  await expect(fresh.getByTestId('version-badge')).toHaveText('基础班');
  await expect(fresh.getByText('还没有选择科目')).toHaveCount(0);
  await shot(fresh, '100-new-device-purchased-subject');
  await context.close();
});

test('a deep link opened while logged out survives the guest guard and the login', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('seenNotices', '[1,2]'));
  await page.goto('/answerTest?cptID=5');
  await expect(page).toHaveURL(/\/\?ac=|\/$/);
  await page.goto('/login');
  await page.getByPlaceholder('请输入手机号').fill(DEMO_LEARNER);
  await page.getByPlaceholder('请输入密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).last().click();
  await expect(page).toHaveURL(/\/answerTest\?cptID=5/);
});
