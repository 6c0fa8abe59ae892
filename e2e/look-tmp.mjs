import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3900';
const [phone, paths, wide] = [process.argv[2], process.argv[3].split(','), process.argv[4] === 'wide'];
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'] });
const ctx = await b.newContext(wide ? { viewport: { width: 1280, height: 800 } } : { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
const page = await ctx.newPage();
page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
await page.addInitScript(() => localStorage.setItem('seenNotices', '[1,2,3]'));
await page.goto(base + '/login');
await page.getByPlaceholder('请输入手机号').fill(phone);
await page.getByPlaceholder('请输入密码').fill('Demo@2026');
await page.getByRole('button', { name: '登录', exact: true }).last().click();
await page.waitForURL(/homePage|switchSub/);
await page.goto(base + '/switchSub');
await page.getByRole('navigation', { name: '科目分类' }).getByRole('button', { name: '护理学类' }).click();
await page.getByRole('region', { name: '护理学类' }).getByRole('button', { name: /^护士执业资格/ }).click();
await page.waitForTimeout(800);
for (const p of paths) {
  const [path, wait] = p.split('@');
  await page.goto(base + path);
  await page.waitForTimeout(Number(wait ?? 1500));
  const name = `/tmp/vdev/shots/${phone.slice(-4)}-${path.replace(/[^a-zA-Z0-9]+/g, '_')}${wide ? '-wide' : ''}.png`;
  await page.screenshot({ path: name, fullPage: false });
  console.log(name, page.url());
}
await b.close();
