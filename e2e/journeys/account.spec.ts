import { expect, test } from '@playwright/test';
import { asNewClientIp, freshPhone, shot, smsCode, themeColor } from './helpers';

const PASSWORD = 'Study2026';

test('a new learner registers with an SMS code, logs out, logs in with the password and sees the themed home', async ({ page, request }) => {
  const phone = freshPhone();
  const cspViolations: string[] = [];
  page.on('console', (m) => {
    if (m.text().includes('Content Security Policy')) cspViolations.push(m.text());
  });
  await asNewClientIp(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: '注册' })).toBeVisible();
  expect(await themeColor(page)).toBe('#5bb8ff');
  await shot(page, '01-entry');

  await page.getByRole('button', { name: '注册' }).click();
  await expect(page).toHaveURL(/\/login\?.*mode=register/);
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  const code = await smsCode(request, phone);
  await page.getByPlaceholder('请输入验证码').fill(code);
  await page.getByPlaceholder('请输入密码').fill(PASSWORD);
  await page.getByPlaceholder('请再次输入密码').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await shot(page, '02-register');
  await page.getByRole('button', { name: '注册', exact: true }).last().click();

  await expect(page).toHaveURL(/\/homePage/);
  const masked = `${phone.slice(0, 3)}****${phone.slice(7)}`;
  await expect(page.getByText(masked)).toBeVisible();
  await expect(page.getByText('还没有选择科目')).toBeVisible();
  expect(await themeColor(page)).toBe('#5bb8ff');
  await shot(page, '03-home');

  await page.goto('/settings');
  await shot(page, '04-settings');
  await page.getByRole('button', { name: '退出登录' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/login/);

  // The ended session no longer opens gated screens.
  await page.goto('/homePage');
  await expect(page).toHaveURL(/\/(\?.*)?$/);

  await page.goto('/login');
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByPlaceholder('请输入密码').fill(PASSWORD);
  await shot(page, '05-login');
  await page.getByRole('button', { name: '登录', exact: true }).last().click();
  await expect(page).toHaveURL(/\/homePage/);
  await expect(page.getByText(masked)).toBeVisible();
  expect(cspViolations).toEqual([]);
});

test('a wrong password is refused with a Chinese message and no session', async ({ page }) => {
  await page.goto('/login');
  await page.getByPlaceholder('请输入手机号').fill('13800000000');
  await page.getByPlaceholder('请输入密码').fill('not-the-password');
  await page.getByRole('button', { name: '登录', exact: true }).last().click();
  await expect(page.getByText('账号或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('guid'))).toBeNull();
});

test('the demo learner logs in with the demo password', async ({ page }) => {
  await page.goto('/login');
  await page.getByPlaceholder('请输入手机号').fill('13800000000');
  await page.getByPlaceholder('请输入密码').fill('Demo@2026');
  await page.getByRole('button', { name: '登录', exact: true }).last().click();
  await expect(page).toHaveURL(/\/homePage/);
  await expect(page.getByText('138****0000')).toBeVisible();
});
