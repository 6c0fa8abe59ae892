import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await b.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN', deviceScaleFactor: 1 });
const page = await ctx.newPage();
const base = 'http://127.0.0.1:3900';
await page.addInitScript(() => localStorage.setItem('seenNotices', '[1,2,3]'));
await page.goto(base + '/login');
await page.getByPlaceholder('请输入手机号').fill('13900000000');
await page.getByPlaceholder('请输入密码').fill('Demo@2026');
await page.getByRole('button', { name: '登录', exact: true }).last().click();
await page.waitForURL(/homePage|agreementList|setpassword/, { timeout: 20000 });
console.log('after login', page.url());
await page.goto(base + '/switchSub');
await page.getByRole('navigation', { name: '科目分类' }).getByRole('button', { name: '护理学类' }).click();
await page.getByRole('region', { name: '护理学类' }).getByRole('button', { name: /^护士执业资格/ }).click();
await page.waitForTimeout(1500);
for (const night of [false, true]) {
  await page.evaluate((n) => localStorage.setItem('nightMode', n ? '1' : '0'), night);
  for (const p of ['/homePage', '/mine', '/userInfoPage', '/customerService', '/search_result?kw=%E4%BD%93%E6%B8%A9', '/accountKeys', '/msComment?kind=question&id=1&appID=1001', '/courseList', '/settings']) {
    await page.goto(base + p);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/lead/${p.slice(1).split('?')[0]}-${night ? 'n' : 'd'}.png` });
  }
}
await b.close();
