import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { RTMP_PORT } from '../playwright.config';
import { DEMO_LEARNER, DEMO_MEMBER, loginAs, pickNursing, shot, auditScreens, tile } from './helpers';

/**
 * Live classes (docs/live.md) against the real server and the real nginx RTMP ingest (started beside the journeys'
 * server by serve.mjs): a member books a class, watches it live while ffmpeg streams into the ingest, chats with the
 * host (a second browser, on the host link), answers the quiz card the host pushes, then sees the chat in the replay
 * at the moment it was written.
 */

const ingestReady = existsSync('/usr/sbin/nginx') && existsSync('/usr/lib/nginx/modules/ngx_rtmp_module.so');
const video = (page: Page) => page.getByTestId('live-video');
const playhead = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

/** An original test stream (colour bars and a tone, made here) pushed in real time for `seconds`. */
const stream = (streamKey: string, seconds: number): ChildProcess =>
  spawn(
    'ffmpeg',
    [
      ...['-v', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', String(seconds)],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '50', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'flv'],
      `rtmp://127.0.0.1:${RTMP_PORT}/live/${streamKey}`,
    ],
    { stdio: 'ignore' },
  );

test('a member books a class, watches it live, chats, answers the host’s quiz card, and meets the chat again in the replay', async ({ page, browser, request }) => {
  test.skip(!ingestReady, 'nginx with its RTMP module is not installed (Debian: nginx-light libnginx-mod-rtmp)');
  test.setTimeout(300_000);
  const s = (await (await request.post('/__test__/live', { data: { appID: 1001, title: '旅程直播课' } })).json()).data as { liveID: number; streamKey: string; hostKey: string };

  // Book it from its page: it starts in a minute.
  await loginAs(page, DEMO_MEMBER);
  await pickNursing(page);
  await page.goto(`/livedetail?liveID=${s.liveID}`);
  await expect(page.getByRole('heading', { name: '旅程直播课' })).toBeVisible();
  await page.getByRole('button', { name: '预约《旅程直播课》' }).click();
  await expect(page.getByRole('button', { name: '取消预约《旅程直播课》' })).toBeVisible();
  await shot(page, 'a0-live-detail');

  // The host opens the room on the host link in another browser.
  const hostContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN' });
  const host = await hostContext.newPage();
  await loginAs(host, DEMO_LEARNER);
  await pickNursing(host);
  await host.goto(`/liveroom?liveID=${s.liveID}&host=${s.hostKey}`);
  await expect(host.getByRole('tab', { name: '主持' })).toBeVisible();

  // The teacher starts streaming; the member enters and sees the video play.
  const ffmpeg = stream(s.streamKey, 90);
  try {
    await page.getByRole('link', { name: '进入直播间' }).click();
    await expect(page).toHaveURL(new RegExp(`/liveroom\\?liveID=${s.liveID}`));
    await expect.poll(() => video(page).count(), { timeout: 60_000 }).toBe(1);
    await video(page).evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play().catch(() => undefined);
    });
    await expect.poll(() => playhead(page), { timeout: 60_000 }).toBeGreaterThan(1);
    await shot(page, 'a1-live-room');

    // Chat: the member writes, the host reads it.
    await page.getByLabel('聊天内容').fill('老师好，画面很清楚');
    await page.getByRole('button', { name: '发送' }).click();
    await expect(host.getByText('老师好，画面很清楚')).toBeVisible();

    // The host writes a card and pushes it; the member answers it once; the host closes it and the results show.
    await host.getByRole('tab', { name: '主持' }).click();
    const composer = host.getByRole('form', { name: '新建题卡' });
    await composer.getByLabel('题干').fill('成人胸外按压的频率应为每分钟');
    for (const [k, text] of [
      ['A', '60～80次'],
      ['B', '80～100次'],
      ['C', '100～120次'],
      ['D', '120～140次'],
    ])
      await composer.getByLabel(`选项${k}`).fill(text);
    await composer.getByRole('combobox').selectOption('C');
    await composer.getByRole('button', { name: '保存题卡' }).click();
    await host.getByRole('button', { name: '推送' }).click();
    const sheet = page.getByRole('dialog');
    await expect(sheet).toContainText('成人胸外按压的频率应为每分钟');
    await sheet.getByRole('button', { name: /^C/ }).click();
    await expect(sheet).toContainText('已作答：C');
    await shot(page, 'a2-live-card');
    await host.getByRole('button', { name: '结束答题' }).click();
    await expect(sheet).toContainText('正确率 100%');
    await expect(host.getByText(/1人作答 · 正确率 100%/)).toBeVisible();
  } finally {
    ffmpeg.kill('SIGINT');
  }

  // The stream stopped: the replay is made from nginx's recording. The chat appears at its moment, not before.
  await expect(async () => {
    await page.goto(`/livereview?liveID=${s.liveID}`);
    await expect(video(page)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 120_000, intervals: [3_000, 5_000] });
  const replayChat = page.getByRole('list', { name: '回放聊天' });
  await expect(replayChat).not.toContainText('老师好，画面很清楚');
  await video(page).evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play().catch(() => undefined);
    v.currentTime = Math.max(0, v.duration - 1);
  });
  await expect(replayChat).toContainText('老师好，画面很清楚', { timeout: 30_000 });
  await shot(page, 'a3-live-replay');
  await hostContext.close();
});

test('the demo’s always-live class: a member taps from home into the room and watches it; a later class says when its room opens', async ({ page }) => {
  test.skip(!ingestReady, 'nginx with its RTMP module is not installed (Debian: nginx-light libnginx-mod-rtmp)');
  test.setTimeout(120_000);
  await loginAs(page, DEMO_MEMBER);
  await pickNursing(page);
  await page.goto('/homePage');
  await tile(page, '直播课堂').click();
  await expect(page).toHaveURL(/\/livelist/);
  // The server streams it from its start (a looping demo stream into its own ingest): it is live by now.
  const demo = page.getByRole('article', { name: '演示直播间：随时进来看看' });
  await expect(async () => {
    await page.reload();
    await expect(demo.getByText('直播中')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000, intervals: [2_000] });
  await shot(page, 'a4-live-list-demo');
  await demo.getByRole('link', { name: '进入直播间' }).click();
  await expect(page).toHaveURL(/\/liveroom\?liveID=\d+/);
  await expect.poll(() => video(page).count(), { timeout: 30_000 }).toBe(1);
  await video(page).evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play().catch(() => undefined);
  });
  await expect.poll(() => playhead(page), { timeout: 30_000 }).toBeGreaterThan(1);
  await shot(page, 'a5-live-demo-room');

  // A class further away: its page says when the room opens (30 minutes before the start), by day and time.
  await page.goto('/livelist');
  await page.getByRole('article', { name: '第4讲 水电解质与酸碱平衡' }).getByRole('link').first().click();
  await expect(page.getByText(/^直播间 .+ \d\d:\d\d 开放（开播前 30 分钟可进入）$/)).toBeVisible();
  await shot(page, 'a6-live-detail-opens');
});

test('the live screens pass axe-core and keep every tap target at least 44×44, by day and at night', async ({ page }) => {
  test.setTimeout(300_000);
  await loginAs(page, DEMO_MEMBER);
  await pickNursing(page);
  // The demo's sessions (content/demo/live/1001.json): the past one with its replay, and the one later today.
  const guid = await page.evaluate(() => localStorage.getItem('guid') ?? '');
  const list = (await (await page.request.get(`/api/liveclass/list?appID=1001&guid=${guid}`)).json()).data as Record<
    string,
    { id: number; title: string; courseId: number; provider: string }[]
  >;
  const all = Object.values(list).flat();
  const id = (title: string) => all.find((i) => i.title.startsWith(title))!;
  const [past, later, cc] = [id('第2讲'), id('第3讲'), all.find((i) => i.provider === 'cc')!];
  expect(
    await auditScreens(page, [
      '/livelist',
      '/liveCalendar',
      `/livedetail?liveID=${later.id}`,
      `/livedetail?liveID=${past.id}`,
      `/liveIntroduction?liveID=${past.id}`,
      '/liveIntroduceNew',
      `/liveCourseList?courseID=${past.courseId}`,
      '/liveBroadcast',
      '/myLiveReservation',
      '/myLiveCollection',
      '/hotMylive',
      `/cczbPage?liveID=${cc.id}`,
      `/liveroom?liveID=${later.id}`,
    ]),
  ).toEqual({});
});
