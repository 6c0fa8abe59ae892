import { expect, test, type Page } from '@playwright/test';
import { noticesSeen, registerFresh, shot, auditScreens } from './helpers';

/**
 * Help and feedback (docs/help-feedback.md): a learner finds an answer in the help centre, files feedback with a
 * screenshot, the operator answers (the test hook does what `npm run feedback -- answer` does), the learner sees the
 * 消息 badge on the home page, opens the answer from 我的消息 and the badge clears. The help and feedback screens pass
 * axe-core with 44×44 tap targets by day and at night.
 */

/** An 8×8 red PNG, as a phone's screenshot would be chosen. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGO4aGKBFTEMLQkAHdlPQfC39UoAAAAASUVORK5CYII=', 'base64');
const TEXT = '错题本里按章节筛选后，返回时筛选条件会丢失，希望能记住。';

const messages = (page: Page) => page.getByRole('link', { name: /^我的消息/ });

async function fileFeedback(page: Page): Promise<number> {
  await page.goto('/customerService');
  await expect(page.getByRole('heading', { name: '客服中心' })).toBeVisible();
  await page.getByRole('searchbox', { name: '搜索常见问题' }).fill('激活码');
  await page.getByRole('button', { name: /买了激活码，怎样开通/ }).click();
  await expect(page.getByText(/不区分大小写/)).toBeVisible();
  await shot(page, 'h4-01-help-search');
  await page.getByRole('searchbox', { name: '搜索常见问题' }).fill('');
  await page.getByRole('link', { name: /意见反馈/ }).click();
  await expect(page).toHaveURL(/\/adviceFeedback/);
  await page.getByRole('button', { name: '产品建议' }).click();
  await page.getByRole('textbox', { name: '问题描述' }).fill(TEXT);
  await page.getByLabel('添加截图').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: '截图1' })).toBeVisible();
  // The uploaded screenshot is served back (a re-encoded JPEG at its signed URL).
  await expect.poll(() => page.getByRole('img', { name: '截图1' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
  await page.getByRole('textbox', { name: '联系方式（选填）' }).fill('12345678');
  await shot(page, 'h4-02-advice-feedback');
  const filed = page.waitForResponse((r) => r.url().includes('/api/feedback/submit'));
  await page.getByRole('button', { name: '提交', exact: true }).click();
  const id = ((await (await filed).json()) as { data: { id: number } }).data.id;
  await expect(page).toHaveURL(/\/feedback(\?|$)/);
  const row = page.getByRole('list', { name: '反馈列表' }).getByRole('link').first();
  await expect(row).toHaveAccessibleName(/^产品建议.*待回复.*错题本里按章节筛选后/);
  await shot(page, 'h4-03-feedback-list');
  return id;
}

test('file feedback, the operator answers, the learner reads it from the 消息 badge and the badge clears', async ({ page, request }) => {
  test.setTimeout(120_000);
  await noticesSeen(page);
  await registerFresh(page, request);
  await expect(messages(page)).toHaveAccessibleName('我的消息');
  const id = await fileFeedback(page);

  const answered = await request.post('/__test__/feedback-answer', { data: { id, text: '感谢建议！下个版本会记住错题本的筛选条件。' } });
  expect(((await answered.json()) as { status: number }).status).toBe(200);

  // Back on the home page the badge shows the answer (the unread count is read again on arrival).
  await page.goto('/homePage');
  await expect(messages(page)).toHaveAccessibleName('我的消息，1条未读');
  await shot(page, 'h4-04-home-badge');
  await messages(page).click();
  await expect(page).toHaveURL(/\/myMessage/);
  await page.getByRole('button', { name: /您的反馈有了回复/ }).click();
  await expect(page).toHaveURL(new RegExp(`/feedbackAnswer\\?id=${id}(&|$)`));
  await expect(page.getByRole('heading', { name: '客服回复' })).toBeVisible();
  await expect(page.getByText('感谢建议！下个版本会记住错题本的筛选条件。')).toBeVisible();
  await expect(page.getByText('已回复')).toBeVisible();
  await shot(page, 'h4-05-feedback-answer');

  await page.goto('/homePage');
  await expect(messages(page)).toHaveAccessibleName('我的消息');
  await page.goto('/feedback');
  await expect(page.getByRole('list', { name: '反馈列表' }).getByRole('link').first()).toHaveAccessibleName(/^产品建议.*已回复/);
});

test('the help and feedback screens pass axe-core and keep every tap target at least 44×44, by day and at night', async ({ page, request }) => {
  test.setTimeout(180_000);
  await noticesSeen(page);
  await registerFresh(page, request);
  const id = await fileFeedback(page);
  await request.post('/__test__/feedback-answer', { data: { id, text: '已收到，谢谢您的反馈。' } });
  expect(
    await auditScreens(page, ['/customerService', '/serviceIndex?topic=account&q=devices', '/contact_service', '/adviceFeedback', '/feedback', `/feedbackAnswer?id=${id}`], {
      after: (path, night) => (night ? shot(page, `h4-night-${path.slice(1).split('?')[0]}`) : Promise.resolve()),
    }),
  ).toEqual({});
});
