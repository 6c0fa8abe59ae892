import {
  CONTENT_MSG,
  FEEDBACK_MAX_IMAGES,
  FEEDBACK_MAX_WIDTH,
  FEEDBACK_MSG,
  FEEDBACK_PER_HOUR,
  feedbackCalls,
  feedbackDetailCall,
  feedbackList,
  feedbackSubmit,
  messageList,
  messageUnreadCount,
  textWidth,
  UPLOAD_MSG,
  uploadImage,
} from '@kaoshi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbacks } from '../../db/schema/index.ts';
import { createTestApp, NOT_LOGGED_IN, type TestApp } from '../../test/helpers.ts';
import { createFeedbackOperator } from './index.ts';

/**
 * Product feedback through HTTP (docs/help-feedback.md): filing it (as typed, width, banned words, contact, screenshots that
 * must be the learner's own uploads, rate limit), my list and one feedback (another learner's refused), and the
 * operator's answer reaching the learner as a message.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3600_000;
const TEXT = '做题页面点击下一题时偶尔会卡住，需要返回再进入才能继续。';
const file = (guid: string, over: Record<string, unknown> = {}) => t.call(feedbackSubmit, { guid, category: 'bug', content: TEXT, ...over });

/** An 8×8 PNG (red), as a phone's screenshot would be uploaded. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGO4aGKBFTEMLQkAHdlPQfC39UoAAAAASUVORK5CYII=';
async function screenshot(guid: string): Promise<string> {
  const r = await t.call(uploadImage, { guid, purpose: 'feedback', data: PNG });
  expect(r, 'upload.image').toMatchObject({ status: 200 });
  return r.data.key as string;
}

describe('every feedback call', () => {
  it('needs a session (401), but the FAQ does not', async () => {
    for (const call of Object.values(feedbackCalls).filter((c) => c.needsSession))
      expect(await t.callRaw(call, { id: 1, category: 'bug', content: TEXT }), call.id).toEqual(NOT_LOGGED_IN);
  });

  it('names the bad field (400)', async () => {
    const guid = await t.newLearner();
    expect(await t.callRaw(feedbackSubmit, { guid, category: 'nope', content: TEXT })).toMatchObject({ status: 400, msg: '反馈类型格式不正确' });
    expect(await t.callRaw(feedbackSubmit, { guid, category: 'bug' })).toMatchObject({ status: 400, msg: '请填写反馈内容' });
    expect(await t.callRaw(feedbackSubmit, { guid, category: 'bug', content: TEXT, contact: 'not a contact!' })).toMatchObject({ status: 400, msg: FEEDBACK_MSG.badContact });
    expect(await t.callRaw(feedbackSubmit, { guid, category: 'bug', content: TEXT, images: '../etc/passwd' })).toMatchObject({ status: 400, msg: UPLOAD_MSG.notYours });
    expect(await t.callRaw(feedbackSubmit, { guid, category: 'bug', content: TEXT, appID: 'x' })).toMatchObject({ status: 400, msg: '科目编号格式不正确' });
    const five = Array.from({ length: FEEDBACK_MAX_IMAGES + 1 }, (_, i) => `u/1/feedback/${'a'.repeat(20)}${i}.jpg`).join(',');
    expect(await t.callRaw(feedbackSubmit, { guid, category: 'bug', content: TEXT, images: five })).toMatchObject({ status: 400, msg: FEEDBACK_MSG.tooManyImages });
    expect(await t.callRaw(feedbackList, { guid, page: 0 })).toMatchObject({ status: 400, msg: '页码格式不正确' });
    expect(await t.callRaw(feedbackDetailCall, { guid, id: 'abc' })).toMatchObject({ status: 400, msg: '反馈编号格式不正确' });
    expect(await t.callRaw(feedbackDetailCall, { guid })).toMatchObject({ status: 400, msg: '请填写反馈编号' });
    // Nothing was filed.
    expect((await t.call(feedbackList, { guid })).data.total).toBe(0);
  });
});

describe('filing feedback', () => {
  it('stores it with the client facts and shows it in my list, newest first', async () => {
    const guid = await t.newLearner();
    const first = await file(guid, { contact: '13912345678', appID: 1001, page: '/answerTest' });
    expect(first).toMatchObject({ status: 200, data: { id: expect.any(Number), msg: FEEDBACK_MSG.done } });
    const second = await file(guid, { category: 'suggest', content: '希望增加按知识点筛选错题的功能', contact: 'wx_learner01' });
    const list = (await t.call(feedbackList, { guid })).data;
    expect(list).toMatchObject({ page: 1, total: 2 });
    expect(list.list.map((f: { id: number }) => f.id)).toEqual([second.data.id, first.data.id]);
    expect(list.list[1]).toEqual({
      id: first.data.id,
      category: 'bug',
      content: TEXT,
      status: 'open',
      imageCount: 0,
      createdAt: new Date(t.clock.now).toISOString(),
      answeredAt: null,
    });
    const [row] = await t.db.select().from(feedbacks).where(eq(feedbacks.id, first.data.id));
    expect(row).toMatchObject({ agentCode: '888', appId: 1001, contact: '13912345678', images: [] });
    expect(row!.client).toMatchObject({ page: '/answerTest' });
    expect(Object.keys(row!.client)).not.toContain('ip');
  });

  it('takes the client kind and version the web client adds to every call', async () => {
    const guid = await t.newLearner();
    const r = await t.call(
      feedbackSubmit,
      { guid, category: 'other', content: TEXT },
      { query: { client: 'web_h5', clientver: '0.1.0', ac: '6001' }, headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Mobile' } },
    );
    const [row] = await t.db.select().from(feedbacks).where(eq(feedbacks.id, r.data.id));
    expect(row).toMatchObject({ agentCode: '6001', client: { client: 'web_h5', clientver: '0.1.0', userAgent: 'Mozilla/5.0 (iPhone) Mobile' } });
  });

  it('keeps the content as typed (URLs, tags, emoji, a<b … c>d), cuts it at the width limit, refuses a banned word', async () => {
    const guid = await t.newLearner();
    const typed = '请看 https://example.com/x <b>加粗</b> 😀 第3题 a<b 且 c>d 这里有问题';
    const r = await file(guid, { content: `  ${typed}  ` });
    expect((await t.call(feedbackDetailCall, { guid, id: r.data.id })).data.content).toBe(typed);
    expect(await file(guid, { content: '你们的客服就是傻逼，退钱' })).toMatchObject({ status: 400, msg: CONTENT_MSG.banned, data: null });
    const long = await file(guid, { content: '长'.repeat(300) });
    const stored = (await t.call(feedbackDetailCall, { guid, id: long.data.id })).data.content as string;
    expect(textWidth(stored)).toBe(FEEDBACK_MAX_WIDTH);
    expect(await file(guid, { content: '太短了' })).toMatchObject({ status: 400, msg: FEEDBACK_MSG.tooShort });
    // Blanks do not count towards the minimum (width 10).
    expect(await file(guid, { content: '好  好  好  好' })).toMatchObject({ status: 400, msg: FEEDBACK_MSG.tooShort });
  });

  it('limits a learner to a few an hour (429), the next hour again', async () => {
    const guid = await t.newLearner();
    for (let i = 0; i < FEEDBACK_PER_HOUR; i++) expect((await file(guid)).status).toBe(200);
    expect(await file(guid)).toMatchObject({ status: 429, msg: FEEDBACK_MSG.tooOften });
    // Another learner is not limited by it.
    expect((await file(await t.newLearner())).status).toBe(200);
    t.clock.advance(HOUR + 1000);
    expect((await file(guid)).status).toBe(200);
  });
});

describe('screenshots', () => {
  it('keeps the learner’s own feedback uploads and shows them on the feedback', async () => {
    const guid = await t.newLearner();
    const keys = [await screenshot(guid), await screenshot(guid)];
    const r = await file(guid, { images: keys.join(',') });
    expect(r.status).toBe(200);
    const detail = (await t.call(feedbackDetailCall, { guid, id: r.data.id })).data;
    expect(detail.imageCount).toBe(2);
    expect(detail.images.map((i: { key: string }) => i.key)).toEqual(keys);
    for (const i of detail.images) expect(i.url).toMatch(/^\//);
  });

  it('refuses another learner’s upload, an avatar, a made-up key and the same key twice', async () => {
    const owner = await t.newLearner();
    const other = await t.newLearner();
    const theirs = await screenshot(owner);
    expect(await file(other, { images: theirs })).toMatchObject({ status: 400, msg: UPLOAD_MSG.notYours });
    const avatar = (await t.call(uploadImage, { guid: other, purpose: 'avatar', data: PNG })).data.key as string;
    expect(await file(other, { images: avatar })).toMatchObject({ status: 400, msg: UPLOAD_MSG.notYours });
    const mine = await screenshot(other);
    const madeUp = mine.replace(/\/[^/]+\.jpg$/, `/${'Z'.repeat(24)}.jpg`);
    expect(await file(other, { images: madeUp })).toMatchObject({ status: 400, msg: UPLOAD_MSG.notYours });
    expect(await file(other, { images: `${mine},${mine}` })).toMatchObject({ status: 400, msg: UPLOAD_MSG.notYours });
    expect((await t.call(feedbackList, { guid: other })).data.total).toBe(0);
  });
});

describe('one feedback', () => {
  it('is the learner’s own: another learner’s and an unknown id are 404', async () => {
    const owner = await t.newLearner();
    const other = await t.newLearner();
    const id = (await file(owner, { contact: '12345678' })).data.id as number;
    expect((await t.call(feedbackDetailCall, { guid: owner, id })).data).toMatchObject({ id, contact: '12345678', status: 'open', answer: null, images: [] });
    expect(await t.call(feedbackDetailCall, { guid: other, id })).toMatchObject({ status: 404, msg: FEEDBACK_MSG.unknown, data: null });
    expect(await t.call(feedbackDetailCall, { guid: other, id: 2_000_000_000 })).toMatchObject({ status: 404, msg: FEEDBACK_MSG.unknown });
    expect((await t.call(feedbackList, { guid: other })).data).toMatchObject({ total: 0, list: [] });
  });

  it('pages my list', async () => {
    const guid = await t.newLearner();
    t.clock.advance(2 * 24 * HOUR);
    for (let i = 0; i < 3; i++) await file(guid);
    expect((await t.call(feedbackList, { guid, page: 2 })).data).toMatchObject({ page: 2, total: 3, list: [] });
  });
});

describe('the operator’s answer', () => {
  it('answers, and the learner gets a feedback message linking to the answer; closing stops answers', async () => {
    const guid = await t.newLearner();
    const id = (await file(guid)).data.id as number;
    const operator = createFeedbackOperator(t.db, () => t.clock.now);
    expect((await operator.list('open')).map((r) => r.id)).toContain(id);
    t.clock.advance(HOUR);
    const outcome = await operator.answer(id, '您好，已修复该问题，请更新后再试。', '客服小林');
    expect('answered' in outcome).toBe(true);
    const detail = (await t.call(feedbackDetailCall, { guid, id })).data;
    expect(detail).toMatchObject({ status: 'answered', answer: '您好，已修复该问题，请更新后再试。', answeredAt: new Date(t.clock.now).toISOString() });
    expect(detail).not.toHaveProperty('answeredBy');
    const inbox = (await t.call(messageList, { guid, tab: 'feedback' })).data;
    expect(inbox.list).toEqual([
      expect.objectContaining({ kind: 'feedback', title: FEEDBACK_MSG.answerTitle, body: '您好，已修复该问题，请更新后再试。', link: `/feedbackAnswer?id=${id}`, read: false }),
    ]);
    expect((await t.call(messageUnreadCount, { guid })).data.byTab.feedback).toBe(1);
    // A second answer replaces the first and is a new message.
    t.clock.advance(1000);
    await operator.answer(id, '补充：清理缓存后即可恢复。', '客服小林');
    expect((await t.call(feedbackDetailCall, { guid, id })).data.answer).toBe('补充：清理缓存后即可恢复。');
    expect((await t.call(messageUnreadCount, { guid })).data.byTab.feedback).toBe(2);
    expect(await operator.close(id)).toBe(true);
    expect(await operator.answer(id, '再次回复', 'x')).toEqual({ refused: 'closed' });
    expect((await t.call(feedbackDetailCall, { guid, id })).data.status).toBe('closed');
    expect(await operator.answer(2_000_000_000, '回复', 'x')).toEqual({ refused: 'unknown' });
    expect(await operator.answer(id, '   ', 'x')).toEqual({ refused: 'empty' });
    expect(await operator.close(2_000_000_000)).toBe(false);
  });

  it('is reached by the journeys through the test-only hook', async () => {
    const guid = await t.newLearner();
    const id = (await file(guid)).data.id as number;
    const res = await t.app.inject({ method: 'POST', url: '/__test__/feedback-answer', payload: { id, text: '已收到，谢谢' } });
    expect(res.json()).toMatchObject({ status: 200, data: { id } });
    expect((await t.call(feedbackDetailCall, { guid, id })).data.answer).toBe('已收到，谢谢');
  });
});
