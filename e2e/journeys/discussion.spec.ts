import { expect, test } from '@playwright/test';
import { freshNursingTrial, noticesSeen, registerFresh, shot, auditScreens } from './helpers';

/**
 * Discussions (docs/discussions.md) against the real server at 390×844: a learner comments under a question, another
 * learner replies from the thread, and the first hears of it — the 消息 badge on the home page, the 讨论回复 tab of
 * 我的消息, the message opening the thread with the reply — and the badge clears. /msComment and /discussionreply pass
 * axe-core with 44×44 tap targets by day and at night.
 */

const QUESTION = '/msComment?kind=question&id=1&appID=1001';

test('a reply to my comment reaches me as 讨论回复 and opens the thread', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const mark = String(Date.now()).slice(-6);
  const comment = `口腔温度的正常范围要和腋温分开记（${mark}）`;
  const reply = `同意，腋温要再低0.3～0.5℃左右（${mark}）`;

  await freshNursingTrial(page, request);
  await page.goto(QUESTION);
  await page.getByPlaceholder('说说你的看法…').fill(comment);
  await page.getByRole('button', { name: '发表' }).click();
  await expect(page.getByRole('list', { name: '评论列表' }).getByText(comment)).toBeVisible();
  await shot(page, 'h9-01-comment');

  const other = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await noticesSeen(other);
  await registerFresh(other, request);
  await other.goto(QUESTION);
  const mine = other.getByRole('list', { name: '评论列表' }).getByRole('article').filter({ hasText: comment });
  await mine.getByRole('link', { name: /回复/ }).click();
  await expect(other).toHaveURL(/\/discussionreply\?id=\d+/);
  await other.getByPlaceholder(/^回复 @/).fill(reply);
  await other.getByRole('button', { name: '发表' }).click();
  await expect(other.getByRole('list', { name: '回复列表' }).getByText(reply)).toBeVisible();
  await other.context().close();

  await page.goto('/homePage');
  const messages = page.getByRole('link', { name: /^我的消息/ });
  await expect(messages).toHaveAccessibleName('我的消息，1条未读');
  await messages.click();
  await expect(page).toHaveURL(/\/myMessage/);
  await page.getByRole('tab', { name: /^讨论回复/ }).click();
  await shot(page, 'h9-02-message');
  await page.getByRole('button', { name: /有人回复了你的讨论/ }).click();
  await expect(page).toHaveURL(/\/discussionreply\?id=\d+/);
  const thread = new URL(page.url());
  await expect(page.getByText(comment)).toBeVisible();
  await expect(page.getByRole('list', { name: '回复列表' }).getByText(reply)).toBeVisible();
  await shot(page, 'h9-03-thread');

  await page.goto('/homePage');
  await expect(messages).toHaveAccessibleName('我的消息');

  expect(await auditScreens(page, [QUESTION, thread.pathname + thread.search])).toEqual({});
});
