import { expect, test, type Page } from '@playwright/test';
import { asNewClientIp, freshPhone, shot, smsCode } from './helpers';

async function codeLogin(page: Page, request: Parameters<typeof smsCode>[0], phone: string) {
  await asNewClientIp(page);
  await page.goto('/login');
  await page.getByRole('tab', { name: '验证码登录' }).click();
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByPlaceholder('请输入验证码').fill(await smsCode(request, phone));
  // The account may be created here: the same consent as 注册.
  await page.getByRole('checkbox').check();
  await shot(page, '09-code-login');
  await page.getByRole('button', { name: '登录', exact: true }).last().click();
}

test('SMS-code login of a new phone creates the account, then the learner sets a password and uses it', async ({ page, request }) => {
  const phone = freshPhone();
  await codeLogin(page, request, phone);
  await expect(page).toHaveURL(/\/setpassword/);
  await expect(page.getByPlaceholder('请输入原密码')).toHaveCount(0);
  await shot(page, '10-set-password');
  await page.getByLabel('新密码', { exact: true }).fill('First2026');
  await page.getByPlaceholder('请再次输入密码').fill('First2026');
  await page.getByRole('button', { name: /确定|保存|设置/ }).click();
  await expect(page).toHaveURL(/\/homePage/);

  // Change it: old password required now, and every session ends.
  await page.goto('/setpassword');
  await expect(page.getByPlaceholder('请输入原密码')).toBeVisible();
  await page.getByPlaceholder('请输入原密码').fill('First2026');
  await page.getByLabel('新密码', { exact: true }).fill('Second2026');
  await page.getByPlaceholder('请再次输入密码').fill('Second2026');
  await page.getByRole('button', { name: /确定|保存|设置|修改/ }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('guid'))).toBeNull();

  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByPlaceholder('请输入密码').fill('Second2026');
  await page.getByRole('button', { name: '登录', exact: true }).last().click();
  await expect(page).toHaveURL(/\/homePage/);
});

test('a forgotten password is reset with an SMS code', async ({ page, request }) => {
  // The demo member (this run's database is fresh); the password is set back at the end.
  const phone = '13900000000';
  await asNewClientIp(page);
  await page.goto('/forgetpwd');
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByPlaceholder('请输入验证码').fill(await smsCode(request, phone));
  await shot(page, '11-forget-step1');
  await page.getByRole('button', { name: '下一步', exact: true }).click();
  await page.getByLabel('新密码', { exact: true }).fill('Reset2026');
  await page.getByPlaceholder('请再次输入密码').fill('Reset2026');
  await shot(page, '12-forget-step2');
  await page.getByRole('button', { name: '确认修改', exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByPlaceholder('请输入手机号')).toHaveValue(phone);
  await page.getByPlaceholder('请输入密码').fill('Demo@2026');
  await page.getByRole('button', { name: '登录', exact: true }).last().click();
  await expect(page.getByText('账号或密码错误')).toBeVisible();
  await page.getByPlaceholder('请输入密码').fill('Reset2026');
  await page.getByRole('button', { name: '登录', exact: true }).last().click();
  await expect(page).toHaveURL(/\/homePage/);

  // Put the demo password back (with the old one, no SMS): the exam, daily and practice-session journeys log in
  // as this member with Demo@2026 later in the same run.
  await page.goto('/setpassword');
  await page.getByPlaceholder('请输入原密码').fill('Reset2026');
  await page.getByLabel('新密码', { exact: true }).fill('Demo@2026');
  await page.getByPlaceholder('请再次输入密码').fill('Demo@2026');
  await page.getByRole('button', { name: /确定|保存|设置|修改/ }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('a learner binds a new phone and then logs in with it; the device remembers the account by its new number', async ({ page, request }) => {
  const phone = freshPhone();
  const newPhone = freshPhone();
  const masked = (p: string) => `${p.slice(0, 3)}****${p.slice(7)}`;
  await codeLogin(page, request, phone);
  await expect(page).toHaveURL(/\/setpassword/);
  await page.getByLabel('新密码', { exact: true }).fill('Bind2026');
  await page.getByPlaceholder('请再次输入密码').fill('Bind2026');
  await page.getByRole('button', { name: '确定', exact: true }).click();
  await expect(page).toHaveURL(/\/homePage/);

  await asNewClientIp(page);
  await page.goto('/bindphone');
  await page.getByPlaceholder('请输入手机号').fill(newPhone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByPlaceholder('请输入验证码').fill(await smsCode(request, newPhone));
  await shot(page, '13-bind-phone');
  await page.getByRole('button', { name: '确认绑定' }).click();
  await expect(page.getByText('手机号绑定成功')).toBeVisible();

  await page.goto('/settings');
  await expect(page.getByText(masked(newPhone))).toBeVisible();
  await page.getByRole('button', { name: '退出登录' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/login/);

  await page.goto('/chooseUser');
  await expect(page.getByText(masked(newPhone))).toBeVisible();
  await expect(page.getByText(masked(phone))).toHaveCount(0);
  await shot(page, '14-choose-user');

  await page.goto('/login');
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByPlaceholder('请输入密码').fill('Bind2026');
  await page.getByRole('button', { name: '登录', exact: true }).last().click();
  await expect(page.getByText('账号或密码错误')).toBeVisible();
  await page.getByPlaceholder('请输入手机号').fill(newPhone);
  await page.getByRole('button', { name: '登录', exact: true }).last().click();
  await expect(page).toHaveURL(/\/homePage/);
  await expect(page.getByText(masked(newPhone))).toBeVisible();
});

test('gateways: /gateway keeps a partner ac, /pfway enters free try, /way rejects a bad guid, external targets are refused', async ({ page }) => {
  await page.goto('/gateway?ac=6001&target=/login');
  await expect(page).toHaveURL(/\/login\?.*ac=6001/);

  await page.goto('/gateway?ac=888&target=https://evil.example/');
  await expect(page.getByText('跳转地址无效：只能进入本应用内的页面')).toBeVisible();
  await shot(page, '15-gateway-bad-target');

  await page.goto('/pfway?ac=888');
  await expect(page.getByRole('heading', { name: '欢迎免费试用' })).toBeVisible();
  await shot(page, '16-pfway');
  expect(await page.evaluate(() => document.cookie)).toContain('freeTry=true');
  await page.getByRole('button', { name: '开始体验' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/(\?.*)?$/);
  await expect(page.getByText(/免费试用/)).toBeVisible();

  await page.goto('/way?guid=0000000000000000000000000000000000000000');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/(\?.*)?$/);

  await page.goto('/msdbway?YILIUQUDAOID=12345');
  await expect(page).toHaveURL(/\/login\?.*mode=register/);
});
