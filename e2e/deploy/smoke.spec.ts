import { expect, test, type Browser, type Page } from '@playwright/test';
import { answer, DEMO_LEARNER, DEMO_MEMBER, loginAs, pickNursing, shot, type ChapterTest } from '../journeys/helpers';
import { DEPLOY } from './ports';

/**
 * The deployed app through nginx (docs/deploy.md, "Tested"): two production server processes of the compiled build
 * behind deploy/nginx/kaoshi.conf, on PostgreSQL and Redis. A member signs in with a password on process A, answers
 * a question, plays a demo lesson and chats in a live room; a learner on process B reads that message.
 */

/** A phone-sized browser whose every request nginx sends to one process (the smoke's routing cookie). */
async function onProcess(browser: Browser, node: 'a' | 'b'): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    ignoreHTTPSErrors: true,
    serviceWorkers: 'block',
  });
  await context.addCookies([{ name: 'kaoshi_smoke_node', value: node, domain: '127.0.0.1', path: '/' }]);
  return context.newPage();
}

test('the operator’s probes: health and readiness through nginx, metrics only on the process, assets cached and precompressed', async ({ request }) => {
  expect(await (await request.get('/healthz')).json()).toEqual({ status: 'ok' });
  expect(await (await request.get('/readyz')).json()).toMatchObject({ status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'ok' } });
  expect((await request.get('/metrics')).status()).toBe(404);
  const metrics = await request.get(`http://127.0.0.1:${DEPLOY.a}/metrics`, { headers: { authorization: `Bearer ${DEPLOY.metricsToken}` } });
  expect(await metrics.text()).toContain('kaoshi_calls_total');

  const html = await (await request.get('/login', { headers: { accept: 'text/html' } })).text();
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const asset = await request.get(script!, { headers: { 'accept-encoding': 'br' } });
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['content-encoding']).toBe('br');
});

test('a member signs in, answers a question, plays a demo lesson and chats in a live room; a learner on the other process reads it', async ({ browser }) => {
  test.setTimeout(420_000);
  const page = await onProcess(browser, 'a');
  await loginAs(page, DEMO_MEMBER);
  await pickNursing(page);

  // A question of chapter practice, answered and checked by the server.
  await page.getByRole('button', { name: /^章节练习/ }).click();
  await page.getByRole('button', { name: /^内分泌与代谢性疾病病人的护理/ }).click();
  const loaded = page.waitForResponse((r) => r.url().includes('/api/exam/getChapterTestEx'));
  const saved = page.waitForResponse((r) => r.url().includes('/api/exam/submitReply') && r.ok());
  await page.getByRole('button', { name: /^糖尿病 已做/ }).click();
  const chapter = ((await (await loaded).json()) as { data: ChapterTest }).data;
  await answer(page, chapter.list[0]!, true);
  expect(await (await saved).json()).toMatchObject({ status: 200 });
  await shot(page, 'deploy-1-answered');

  // A demo lesson (rendered in the background by process A after its first start) plays.
  await expect(async () => {
    await page.goto('/videoList');
    await expect(page.getByRole('button', { name: /^血压测量的注意事项/ })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 300_000, intervals: [2_000, 5_000] });
  await page.getByRole('button', { name: /^血压测量的注意事项/ }).click();
  const video = page.getByTestId('lesson-video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (v.paused && void v.play().catch(() => undefined), v.currentTime)), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(3);
  await shot(page, 'deploy-2-lesson');

  // The demo's open live room: the member (process A) writes; a learner in the room on process B reads it.
  const other = await onProcess(browser, 'b');
  await loginAs(other, DEMO_LEARNER);
  await pickNursing(other);
  await other.goto('/livelist');
  await other.getByRole('article', { name: '演示直播间：随时进来看看' }).getByRole('link', { name: '进入直播间' }).click();
  await expect(other).toHaveURL(/\/liveroom\?liveID=\d+/);
  await page.goto(other.url().replace(/^https:\/\/[^/]+/, ''));
  await page.getByLabel('聊天内容').fill('部署好了，大家好');
  await page.getByRole('button', { name: '发送' }).click();
  await expect(other.getByText('部署好了，大家好')).toBeVisible();
  await shot(other, 'deploy-3-chat-other-process');
});
