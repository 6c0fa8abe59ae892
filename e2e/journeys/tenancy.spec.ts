import { expect, test } from '@playwright/test';
import { MAINT_PORT } from '../playwright.config';
import { shot, themeColor } from './helpers';

test("the second agent's ac shows its theme colour, name, and keeps ac across navigation", async ({ page }) => {
  await page.goto('/?ac=6001');
  await expect(page.getByRole('heading', { name: '护士资格考试宝典' })).toBeVisible();
  expect(await themeColor(page)).toBe('#16a085');
  await shot(page, '06-agent-6001');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/login\?.*ac=6001/);
});

test('an unknown agent code says 没有对应代理商信息 and goes to /', async ({ page }) => {
  await page.goto('/login?ac=99999');
  await expect(page.getByText('没有对应代理商信息')).toBeVisible();
  await shot(page, '07-no-agent');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/(\?ac=888)?$/);
  expect(await themeColor(page)).toBe('#5bb8ff');
});

test('a guest opening a gated path lands on /', async ({ page }) => {
  for (const path of ['/homePage', '/settings', '/setpassword']) {
    await page.goto(path);
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/(\?.*)?$/);
  }
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
});

test('an unknown path redirects to /', async ({ page }) => {
  await page.goto('/no-such-screen?ac=6001');
  await expect(page).toHaveURL(/\/\?ac=6001$/);
});

test('MAINTENANCE shows /maintain', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${MAINT_PORT}/`);
  await expect(page).toHaveURL(/\/maintain/);
  await expect(page.getByText('系统维护中').first()).toBeVisible();
  await shot(page, '08-maintain');
});
