import { expect, test } from '@playwright/test';
import { badge, FRESH_PASSWORD, noticesSeen, passwordLogin, pickSubject, registerFresh, shot, tile } from './helpers';

test('a trial learner buys VIP班 through the sandbox: the locked module opens here at once and on a second device within 30 s', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const a = await browser.newPage();
  await noticesSeen(a);
  const phone = await registerFresh(a, request);
  await pickSubject(a, '护理学类', '护士执业资格');
  await expect(badge(a)).toHaveText('试用版');

  const bContext = await browser.newContext();
  const b = await bContext.newPage();
  await noticesSeen(b);
  await b.goto('/login');
  await passwordLogin(b, phone, FRESH_PASSWORD);
  await expect(b).toHaveURL(/\/homePage/);
  await pickSubject(b, '护理学类', '护士执业资格');
  await expect(badge(b)).toHaveText('试用版');

  // The locked module → the buy prompt → the shop with prices.
  await tile(a, '视频精讲').click();
  await a.getByRole('button', { name: '去开通' }).click();
  await expect(a).toHaveURL(/\/buyApp\?moduleType=dialog/);
  const vip = a.getByTestId('version-2');
  await expect(vip.getByText('¥398.00')).toBeVisible();
  await shot(a, '60-shop-prices');
  await vip.getByRole('button', { name: '立即购买' }).click();

  // The order, then the provider's page.
  await expect(a).toHaveURL(/\/payPage\?appID=1001&vn=2/);
  await expect(a.getByText('合计')).toBeVisible();
  await shot(a, '61-shop-pay-page');
  await a.getByRole('button', { name: '确认支付' }).click();
  await expect(a).toHaveURL(/\/sandbox\/pay\//);
  await expect(a.getByText('¥398.00')).toBeVisible();
  await shot(a, '62-shop-sandbox');
  await a.getByRole('button', { name: '确认支付' }).click();

  // Back in the app: the wait ends in 支付成功 and the module is open.
  await expect(a).toHaveURL(/\/buyCallback\?orderID=KS\d+/);
  await expect(a.getByRole('heading', { name: '支付成功' })).toBeVisible();
  await shot(a, '63-shop-paid');
  await a.getByRole('button', { name: '开始学习' }).click();
  await expect(a).toHaveURL(/\/homePage/);
  await expect(badge(a)).toHaveText('VIP班');
  await tile(a, '视频精讲').click();
  await expect(a.getByText('内容更新中，敬请期待～')).toBeVisible();
  await expect(a.getByText('开通以下任一班次可使用该功能')).toHaveCount(0);

  // The second device follows after its change-info check.
  await expect(badge(b)).toHaveText('VIP班', { timeout: 40_000 });
  await bContext.close();
});
