import { expect, test } from '@playwright/test';
import { asNewClientIp, axeProblems, freshPhone, noticesSeen, shot, smallTapTargets, submitRegistration } from './helpers';

/**
 * Guest and campaign screens (docs/guest-campaign.md) against the real server at 390×844: a guest (no guid) browses the
 * public course list with the tenant's prices and the download page with its QR codes; a free-try tourist answers a
 * sample question in the trial centre, opens an account and finds the answer saved to it. Both guest screens pass
 * axe-core with 44×44 tap targets by day and at night.
 */

test('a guest browses /courseList and /downLoad, by day and at night', async ({ page }) => {
  await page.goto('/courseList');
  await expect(page.getByRole('heading', { name: '课程列表' })).toBeVisible();
  await expect(page).toHaveURL(/\/courseList\?ac=888/);
  await page.getByRole('button', { name: '护理学类' }).click();
  await page.getByRole('button', { name: /护士执业资格/ }).click();
  const versions = page.getByRole('list', { name: '护士执业资格的班次' });
  await expect(versions.getByText('VIP班')).toBeVisible();
  await expect(versions.getByText('¥398.00')).toBeVisible();
  await shot(page, 'h8-01-course-list');
  expect(await smallTapTargets(page)).toEqual([]);
  expect(await axeProblems(page)).toEqual([]);

  await page.goto('/downLoad');
  await expect(page.getByRole('heading', { name: '下载APP' })).toBeVisible();
  await expect(page.getByRole('img', { name: '安卓版下载二维码' })).toBeVisible();
  await expect(page.getByRole('img', { name: '网页版二维码' })).toBeVisible();
  await expect(page.getByRole('link', { name: '下载安卓版' })).toHaveAttribute('href', 'https://ying.kaoshi.example/app/kaoshi-888.apk');
  await expect(page.getByText(/\/\?ac=888$/)).toBeVisible();
  // The QR codes fit their cards.
  const card = await page.getByRole('region', { name: '安卓版' }).boundingBox();
  const qr = await page.getByRole('img', { name: '安卓版下载二维码' }).boundingBox();
  expect(qr!.x + qr!.width).toBeLessThanOrEqual(card!.x + card!.width);
  await shot(page, 'h8-02-download');
  expect(await smallTapTargets(page)).toEqual([]);
  expect(await axeProblems(page)).toEqual([]);

  // A guest may not open the other screens: the guard sends them to '/'.
  await page.goto('/wgzx');
  await expect(page).toHaveURL(/\/\?ac=888$|\/$/);

  await page.evaluate(() => localStorage.setItem('nightMode', '1'));
  for (const path of ['/courseList', '/downLoad']) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.waitForTimeout(400);
    expect(await axeProblems(page), path).toEqual([]);
  }
  await shot(page, 'h8-03-download-night');
});

test('a free-try tourist answers a sample question, opens an account and keeps the answer', async ({ page, request }) => {
  test.setTimeout(90_000);
  await noticesSeen(page);
  await asNewClientIp(page);
  await page.goto('/pfway');
  await page.getByRole('button', { name: '开始体验' }).click();
  await page.goto('/Experience?appID=1001');
  await expect(page.getByText('游客体验')).toBeVisible();
  const quiz = page.getByRole('region', { name: '试做题目' });
  await quiz.getByRole('list', { name: '选项' }).getByRole('button').first().click();
  await quiz.getByRole('button', { name: '提交答案' }).click();
  await expect(quiz.getByText(/回答(正确|错误)/)).toBeVisible();
  await expect(page.getByText('本机已保存 1 道试做记录，注册后会存入您的账号。')).toBeVisible();
  await shot(page, 'h8-04-experience');

  await page.getByRole('button', { name: '注册并保存记录' }).click();
  await expect(page).toHaveURL(/\/openAccount/);
  await expect(page.getByText(/已试做 1 道/)).toBeVisible();
  await page.getByRole('button', { name: '手机号注册' }).click();
  await expect(page).toHaveURL(/\/login\?mode=register/);
  await submitRegistration(page, request, freshPhone());

  await expect(page).toHaveURL(/\/openAccount/);
  await expect(page.getByText(/已保存试做记录：1 道题已存入您的账号/)).toBeVisible();
  await shot(page, 'h8-05-open-account');
  await page.getByRole('button', { name: '选择考试科目' }).click();
  await expect(page).toHaveURL(/\/switchSub/);
});
