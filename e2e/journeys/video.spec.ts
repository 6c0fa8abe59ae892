import { expect, test, type Page } from '@playwright/test';
import { DEMO_MEMBER, freshNursingTrial, keysOf, loginAs, option, pickNursing, question, shot, tile, type ChapterTest, type Q, auditScreens } from './helpers';

/**
 * Video lessons (docs/video.md) against the demo lessons, rendered and imported when the journeys' server starts:
 * a member plays a lesson, leaves mid-way and resumes in a new browser at the same second; a trial learner's
 * preview ends on /videoNoVip; 看讲解 under a wrong answer opens the lesson at the moment that explains its point.
 */

const video = (page: Page) => page.getByTestId('lesson-video');
const currentTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

/** The demo lessons are rendered in the background at start: wait until the list shows them. */
async function openVideoList(page: Page) {
  await expect(async () => {
    await page.goto('/videoList');
    await expect(page.getByRole('button', { name: /^体温的正常值与常见热型/ })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 240_000, intervals: [2_000, 5_000] });
}

/**
 * Waits until the lesson has played to `seconds`. The player starts it itself on the tap; a play() from here that the
 * player's own start (or its source being set) interrupts rejects with AbortError, so a paused video is nudged again.
 */
async function playsTo(page: Page, seconds: number) {
  const nudged = () =>
    video(page).evaluate((v: HTMLVideoElement) => {
      if (v.paused) void v.play().catch(() => undefined);
      return v.currentTime;
    });
  await expect.poll(nudged, { timeout: 30_000 }).toBeGreaterThanOrEqual(seconds);
}

test('a member plays a lesson, leaves mid-way, and resumes in a new browser at the same second', async ({ page, browser }) => {
  test.setTimeout(300_000);
  await loginAs(page, DEMO_MEMBER);
  await pickNursing(page);
  await openVideoList(page);
  await shot(page, '90-video-list');
  await page.getByRole('button', { name: /^血压测量的注意事项/ }).click();
  await expect(page).toHaveURL(/\/videoStudy\?lessonID=\d+/);
  // It starts at once (muted autoplay is not needed: the tap is the gesture) and the watermark names the learner.
  await playsTo(page, 6);
  await expect(page.getByText('139****0000')).toBeAttached();
  await shot(page, '91-video-study');
  // One set of controls, ours (no native ones beside them); 全屏 takes the stage, so they are there in full screen.
  await expect(video(page)).not.toHaveAttribute('controls');
  await video(page).evaluate((v: HTMLVideoElement) => v.pause());
  const controls = page.getByTestId('player-controls');
  await expect(controls.getByRole('button', { name: '播放' })).toBeVisible();
  await expect(controls.getByRole('slider', { name: '播放进度' })).toBeVisible();
  await controls.getByRole('button', { name: '全屏' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement?.contains(document.querySelector('[data-testid="player-controls"]')) ?? false)).toBe(true);
  await expect(controls.getByRole('button', { name: '退出全屏' })).toBeVisible();
  await shot(page, '91b-video-fullscreen');
  await controls.getByRole('button', { name: '退出全屏' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
  await controls.getByRole('button', { name: '播放' }).click();
  await playsTo(page, 8);
  const lessonUrl = page.url();
  const left = await currentTime(page);
  await page.getByRole('button', { name: '返回' }).first().click();
  await expect(page).toHaveURL(/\/videoList/);
  // The list shows the lesson under 最近观看, with my progress.
  await expect(page.getByRole('region', { name: '最近观看' }).getByRole('button', { name: /^血压测量的注意事项/ })).toContainText('已学');

  const other = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const second = await other.newPage();
  await loginAs(second, DEMO_MEMBER);
  await pickNursing(second);
  await second.goto(lessonUrl.replace(/^https?:\/\/[^/]+/, ''));
  await expect.poll(() => currentTime(second), { timeout: 30_000 }).toBeGreaterThanOrEqual(Math.floor(left) - 1);
  expect(await currentTime(second)).toBeLessThan(left + 6);
  await other.close();
});

test('a trial learner plays the free preview of a paid lesson and lands on /videoNoVip', async ({ page, request }) => {
  test.setTimeout(300_000);
  await freshNursingTrial(page, request);
  await openVideoList(page);
  // The home tile opens the list for a trial learner too (free lessons and previews).
  await page.goto('/homePage');
  await tile(page, '视频精讲').click();
  await expect(page).toHaveURL(/\/videoList/);
  await expect(page.getByRole('button', { name: /^青霉素过敏试验与过敏性休克/ })).toContainText('试看');
  await page.getByRole('button', { name: /^青霉素过敏试验与过敏性休克/ }).click();
  await expect(page.getByText('试看0:30')).toBeVisible();
  await playsTo(page, 1);
  // Skip to just before the preview's end; the player stops there and shows what the version adds.
  await video(page).evaluate((v: HTMLVideoElement) => (v.currentTime = 27));
  await expect(page).toHaveURL(/\/videoNoVip\?lessonID=\d+/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: '试看已结束' })).toBeVisible();
  // The page is the one buy prompt (issue 32): the versions with their prices and 去开通, no dialog over it.
  await expect(page.getByTestId('unlock-2')).toContainText('¥398.00');
  await expect(page.getByRole('button', { name: '去开通' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await shot(page, '92-video-no-vip');
});

test('看讲解 under a wrong answer opens the lesson at the moment that explains the point', async ({ page }) => {
  test.setTimeout(300_000);
  await loginAs(page, DEMO_MEMBER);
  await pickNursing(page);
  await openVideoList(page);
  await page.goto('/chapterMenu');
  await page.getByRole('button', { name: /^内分泌与代谢性疾病病人的护理/ }).click();
  const loaded = page.waitForResponse((r) => r.url().includes('/api/exam/getChapterTestEx'));
  await page.getByRole('button', { name: /^糖尿病 已做/ }).click();
  const list = ((await (await loaded).json()) as { data: ChapterTest }).data.list as (Q & { points?: string[] })[];
  // A question on insulin: its stretch of the lesson starts after the lesson's first slide.
  const index = list.findIndex((q) => q.childTableName === 'A1' && (q.points ?? []).includes('胰岛素的使用与保存') && !(q.points ?? []).includes('低血糖的识别与处理'));
  expect(index).toBeGreaterThanOrEqual(0);
  if (index > 0) {
    await page.getByRole('button', { name: '答题卡' }).click();
    await page
      .getByTestId('answer-sheet')
      .getByRole('button', { name: new RegExp(`^第${index + 1}题 `) })
      .click();
  }
  const q = list[index]!;
  const wrong = ['A', 'B', 'C', 'D', 'E'].find((k) => k !== keysOf(q))!;
  await option(page, wrong).click();
  await expect(question(page).getByText('回答错误')).toBeVisible();
  const link = page.getByRole('link', { name: /^看讲解：低血糖的处理与胰岛素的使用/ });
  await expect(link).toBeVisible();
  await shot(page, '93-explain-lesson');
  await link.click();
  await expect(page).toHaveURL(/\/videoPlayonly\?lessonID=\d+&t=(\d+)/);
  const from = Number(new URL(page.url()).searchParams.get('t'));
  expect(from).toBeGreaterThan(0);
  await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(from - 0.5);
  expect(await currentTime(page)).toBeLessThan(from + 8);
  await shot(page, '94-video-playonly');
});

test('the video screens pass axe-core and keep every tap target at least 44×44', async ({ page }) => {
  test.setTimeout(300_000);
  await loginAs(page, DEMO_MEMBER);
  await pickNursing(page);
  await openVideoList(page);
  await page.getByRole('button', { name: /^体温的正常值与常见热型/ }).click();
  await expect(page).toHaveURL(/\/videoStudy\?lessonID=\d+/);
  const lessonID = new URL(page.url()).searchParams.get('lessonID');
  expect(
    await auditScreens(
      page,
      ['/videoList', `/videoStudy?lessonID=${lessonID}`, '/videoAllList', '/videoEj', '/upVideo', '/loveTeacherList', `/videoFeedback?lessonID=${lessonID}`],
      { nights: [false] },
    ),
  ).toEqual({});
});
