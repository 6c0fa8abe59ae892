import {
  CONTENT_MSG,
  DISCUSSION_MAX_WIDTH,
  DISCUSSION_MSG,
  DISCUSSION_PAGE_SIZE,
  DISCUSSION_POST_LIMIT,
  discussionCalls,
  discussionCount,
  discussionDelete,
  discussionLike,
  discussionList,
  discussionPostCall,
  discussionReply,
  discussionThread,
  messageList,
  type DiscussionPost,
} from '@kaoshi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discussionPosts, users } from '../../db/schema/index.ts';
import { createTestApp, DEMO, nextPhone, NOT_LOGGED_IN, type TestApp } from '../../test/helpers.ts';
import { addLessons, APP, CLOSED, firstQuestion, OPEN } from './discussion-harness.ts';

/**
 * Discussions through HTTP (docs/discussions.md): comments and replies under a question or a lesson the learner may
 * open, newest or hottest, likes, text as typed (banned words refused) and width, the rate limit, deleting one's own, and every call
 * refusing another learner's object or a target the learner may not open.
 */

let t: TestApp;
let open: number;
let closed: number;
let lessons: { free: number; paid: number; soon: number };
const BUY = '开通以下任一班次可使用该功能';
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  [open, closed, lessons] = await Promise.all([firstQuestion(t, OPEN), firstQuestion(t, CLOSED), addLessons(t)]);
});
afterAll(() => t.close());

const q = (id = open) => ({ appID: APP, kind: 'question', id });
const post = async (guid: string, body: string, target = q()) => {
  const res = await t.call(discussionPostCall, { guid, ...target, body });
  expect(res, res.msg).toMatchObject({ status: 200 });
  // Keep under the per-minute limit across a test's posts.
  t.clock.advance(15_000);
  return res.data as DiscussionPost;
};
const list = async (guid: string, extra: Record<string, unknown> = {}, target = q()) => (await t.call(discussionList, { guid, ...target, ...extra })).data;

describe('every discussion call', () => {
  it('needs a session (401)', async () => {
    for (const call of Object.values(discussionCalls)) {
      expect(await t.callRaw(call, { ...q(), body: '你好', like: true, reason: 'ad' }), call.id).toEqual(NOT_LOGGED_IN);
    }
  });

  it('names the bad field (400)', async () => {
    const guid = await t.newLearner();
    expect(await t.callRaw(discussionList, { guid, ...q(), kind: 'paper' })).toMatchObject({ status: 400, msg: '讨论对象格式不正确' });
    expect(await t.callRaw(discussionList, { guid, ...q(), id: 'x' })).toMatchObject({ status: 400, msg: '讨论对象编号格式不正确' });
    expect(await t.callRaw(discussionList, { guid, ...q(), sort: 'old' })).toMatchObject({ status: 400, msg: '排序格式不正确' });
    expect(await t.callRaw(discussionList, { guid, ...q(), appID: 'abc' })).toMatchObject({ status: 400, msg: '科目编号格式不正确' });
    expect(await t.callRaw(discussionPostCall, { guid, ...q() })).toMatchObject({ status: 400, msg: DISCUSSION_MSG.empty });
    expect(await t.callRaw(discussionPostCall, { guid, ...q(), body: '   ' })).toMatchObject({ status: 400, msg: DISCUSSION_MSG.empty });
    expect(await t.callRaw(discussionPostCall, { guid, ...q(), body: '好'.repeat(DISCUSSION_MAX_WIDTH / 2 + 1) })).toMatchObject({ status: 400, msg: DISCUSSION_MSG.tooLong });
    expect(await t.callRaw(discussionReply, { guid, id: 0, body: '好' })).toMatchObject({ status: 400, msg: '评论编号格式不正确' });
    expect(await t.callRaw(discussionLike, { guid, id: 1, like: 'maybe' })).toMatchObject({ status: 400, msg: '点赞格式不正确' });
  });
});

describe('comments under a question', () => {
  it('a learner writes one; everyone who may open the question reads it, newest first, with 讨论 (N)', async () => {
    const [a, b] = [await t.register(nextPhone()), await t.newLearner()];
    const first = await post(a.guid, '  这题考的是胰岛素的作用时间。 ');
    expect(first).toMatchObject({
      parentID: null,
      replyTo: null,
      mine: true,
      body: '这题考的是胰岛素的作用时间。',
      likeCount: 0,
      liked: false,
      replyCount: 0,
      pinned: false,
      hidden: false,
    });
    expect(first.author).toEqual({ nickName: a.nickName, avatar: null });
    expect(a.nickName).toMatch(/^学员\d{4}$/);
    expect(first.createdAt).toBe(new Date(t.clock.now - 15_000).toISOString());
    const second = await post(b, '我记成了短效，错了');
    const seen = await list(b);
    expect(seen.target).toMatchObject({ appID: APP, kind: 'question', id: open });
    expect(seen.target.title.length).toBeGreaterThan(0);
    expect(seen).toMatchObject({ sort: 'new', page: 1, pageSize: DISCUSSION_PAGE_SIZE });
    const mine = seen.list.filter((p: DiscussionPost) => [first.id, second.id].includes(p.id));
    expect(mine.map((p: DiscussionPost) => [p.id, p.mine])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    expect((await t.call(discussionCount, { guid: b, ...q() })).data.count).toBe(seen.count);
  });

  it("shows the author's avatar by its public URL", async () => {
    const { guid, userID } = await t.register(nextPhone());
    const key = `u/${userID}/avatar/${'a'.repeat(20)}.jpg`;
    await t.db.update(users).set({ avatar: key, nickName: '小护士' }).where(eq(users.id, userID));
    const p = await post(guid, '头像测试');
    expect(p.author).toEqual({ nickName: '小护士', avatar: `/media/${key}` });
  });

  it('stores the text as typed (tags, URLs, emoji and what lies between < and > included)', async () => {
    const guid = await t.newLearner();
    const typed = '若 a<b 且 c>d，则 <b>重点</b>看 https://example.com/x 😀';
    const p = await post(guid, `  ${typed}\n`);
    expect(p.body).toBe(typed);
    const [row] = await t.db.select({ body: discussionPosts.body }).from(discussionPosts).where(eq(discussionPosts.id, p.id));
    expect(row!.body).toBe(typed);
    expect((await list(guid)).list.find((x: DiscussionPost) => x.id === p.id).body).toBe(typed);
  });

  it('refuses a comment or a reply with a banned word (400, nothing stored)', async () => {
    const guid = await t.newLearner();
    const target = q();
    const before = (await list(guid, {}, target)).count;
    expect(await t.call(discussionPostCall, { guid, ...target, body: '你这个傻 逼' })).toMatchObject({ status: 400, msg: CONTENT_MSG.banned, data: null });
    const p = await post(guid, '正常的评论', target);
    expect(await t.call(discussionReply, { guid, id: p.id, body: '加我看六合彩' })).toMatchObject({ status: 400, msg: CONTENT_MSG.banned });
    expect((await list(guid, {}, target)).count).toBe(before + 1);
  });

  it('hot order puts the most liked first; a pinned comment leads both orders', async () => {
    const target = q(await firstQuestion(t, '心力衰竭'));
    const [a, b, c] = [await t.newLearner(), await t.newLearner(), await t.newLearner()];
    const older = await post(a, '旧的但有用', target);
    const newer = await post(b, '新的', target);
    for (const guid of [b, c]) expect((await t.call(discussionLike, { guid, id: older.id, like: true })).data).toMatchObject({ liked: true });
    expect((await list(a, { sort: 'new' }, target)).list.map((p: DiscussionPost) => p.id)).toEqual([newer.id, older.id]);
    const hot = await list(a, { sort: 'hot' }, target);
    expect(hot.list.map((p: DiscussionPost) => [p.id, p.likeCount, p.liked])).toEqual([
      [older.id, 2, false],
      [newer.id, 0, false],
    ]);
    await t.db.update(discussionPosts).set({ pinned: true }).where(eq(discussionPosts.id, newer.id));
    expect((await list(a, { sort: 'hot' }, target)).list[0]).toMatchObject({ id: newer.id, pinned: true });
  });

  it('pages by DISCUSSION_PAGE_SIZE', async () => {
    const target = q(await firstQuestion(t, '生命体征的评估与护理'));
    const writers = await Promise.all(Array.from({ length: 5 }, () => t.newLearner()));
    for (let i = 0; i < DISCUSSION_PAGE_SIZE + 2; i++) await post(writers[i % 5]!, `第${i}条`, target);
    const one = await list(writers[0]!, {}, target);
    const two = await list(writers[0]!, { page: 2 }, target);
    expect([one.total, one.count, one.list.length, two.list.length]).toEqual([DISCUSSION_PAGE_SIZE + 2, DISCUSSION_PAGE_SIZE + 2, DISCUSSION_PAGE_SIZE, 2]);
    expect(two.list.at(-1).body).toBe('第0条');
  });
});

describe('what a learner may discuss', () => {
  it('a question beyond the trial is the buy prompt (403) until a version opens it', async () => {
    const trial = await t.newLearner();
    for (const call of [discussionList, discussionCount, discussionPostCall]) {
      const body = await t.callRaw(call, { guid: trial, ...q(closed), body: '看不到' });
      expect(body, call.id).toMatchObject({ status: 403, msg: BUY });
      expect(body.data.unlocking.length).toBeGreaterThan(0);
    }
    const member = await t.login(DEMO.owner, DEMO.password);
    const p = await post(member, '会员可以讨论', q(closed));
    // A post under a closed target stays closed through its own id too.
    for (const [call, input] of [
      [discussionThread, { id: p.id }],
      [discussionReply, { id: p.id, body: '回复' }],
      [discussionLike, { id: p.id, like: true }],
    ] as const) {
      expect(await t.callRaw(call, { guid: trial, ...input }), call.id).toMatchObject({ status: 403, msg: BUY });
    }
  });

  it('an unknown question, or one of another subject, is 404', async () => {
    const guid = await t.newLearner();
    expect(await t.callRaw(discussionList, { guid, ...q(999_999) })).toMatchObject({ status: 404, msg: DISCUSSION_MSG.unknownQuestion });
    expect(await t.callRaw(discussionList, { guid, ...q(), appID: 1002 })).toMatchObject({ status: 404, msg: DISCUSSION_MSG.unknownQuestion });
  });

  it('a lesson: free ones for everyone, paid ones with a version, unpublished ones for nobody', async () => {
    const trial = await t.newLearner();
    const lesson = (id: number) => ({ appID: APP, kind: 'lesson', id });
    const p = await post(trial, '这节讲得清楚', lesson(lessons.free));
    const seen = await list(trial, {}, lesson(lessons.free));
    expect(seen.target).toEqual({ appID: APP, kind: 'lesson', id: lessons.free, title: 'disc-free课' });
    expect(seen.list.map((x: DiscussionPost) => x.id)).toEqual([p.id]);
    expect(await t.callRaw(discussionList, { guid: trial, ...lesson(lessons.paid) })).toMatchObject({ status: 403, msg: BUY });
    const member = await t.login(DEMO.owner, DEMO.password);
    expect((await list(member, {}, lesson(lessons.paid))).total).toBe(0);
    expect(await t.callRaw(discussionList, { guid: member, ...lesson(lessons.soon) })).toMatchObject({ status: 404, msg: DISCUSSION_MSG.unknownLesson });
    expect(await t.callRaw(discussionList, { guid: member, ...lesson(999_999) })).toMatchObject({ status: 404, msg: DISCUSSION_MSG.unknownLesson });
  });
});

describe('replies', () => {
  it('answer a comment or a reply inside its thread; the thread lists them oldest first and counts them', async () => {
    const target = q(await firstQuestion(t, '慢性阻塞性肺疾病'));
    const [a, b] = [await t.newLearner(), await t.register(nextPhone())];
    const thread = await post(a, '这题为什么选C？', target);
    const r1 = (await t.call(discussionReply, { guid: b.guid, id: thread.id, body: '因为休克早期血压可正常' })).data;
    t.clock.advance(15_000);
    const r2 = (await t.call(discussionReply, { guid: a, id: r1.id, body: '明白了，谢谢' })).data;
    expect(r1).toMatchObject({ parentID: thread.id, replyTo: null, mine: true });
    expect(r2).toMatchObject({ parentID: thread.id, replyTo: { id: r1.id, nickName: b.nickName } });
    const seen = (await t.call(discussionThread, { guid: a, id: thread.id })).data;
    expect(seen.thread).toMatchObject({ id: thread.id, replyCount: 2, mine: true });
    expect(seen.list.map((r: DiscussionPost) => r.id)).toEqual([r1.id, r2.id]);
    expect(seen.total).toBe(2);
    // A reply's id opens its thread.
    expect((await t.call(discussionThread, { guid: b.guid, id: r2.id })).data.thread.id).toBe(thread.id);
    expect((await t.call(discussionCount, { guid: a, ...target })).data.count).toBe(3);
    expect((await list(a, {}, target)).list[0]).toMatchObject({ id: thread.id, replyCount: 2 });
  });

  it('tell the author of the post replied to (讨论回复), once per reply, never for answering oneself', async () => {
    const target = q(await firstQuestion(t, '慢性阻塞性肺疾病'));
    const [a, b] = [await t.newLearner(), await t.register(nextPhone())];
    const inbox = async (guid: string) =>
      (await t.call(messageList, { guid, tab: 'discussion' })).data as { list: { title: string; body: string; link: string }[]; unread: { byTab: Record<string, number> } };
    const thread = await post(a, '这题为什么选C？', target);
    const long = '因为休克早期机体代偿，血压可以正常甚至略高，但脉压减小、心率增快，这些才是早期识别的关键线索，一定要记住';
    const r1 = (await t.call(discussionReply, { guid: b.guid, id: thread.id, body: long })).data;
    t.clock.advance(15_000);
    await t.call(discussionReply, { guid: a, id: r1.id, body: '明白了，谢谢' });
    t.clock.advance(15_000);
    await t.call(discussionReply, { guid: a, id: thread.id, body: '补充一句：看脉压' });
    const toA = await inbox(a);
    expect(toA.list).toHaveLength(1);
    expect(toA.list[0]).toMatchObject({ title: '有人回复了你的讨论', link: `/discussionreply?id=${thread.id}` });
    expect(toA.list[0]!.body.startsWith(`${b.nickName}：因为休克早期`)).toBe(true);
    expect(toA.list[0]!.body.endsWith('…')).toBe(true);
    expect(toA.unread.byTab.discussion).toBe(1);
    // b hears of a's answer to b's reply; a's own addition to a's thread tells nobody.
    const toB = await inbox(b.guid);
    expect(toB.list.map((m) => m.body)).toEqual([expect.stringMatching(/：明白了，谢谢$/)]);
  });
});

describe('likes', () => {
  it('like and unlike are idempotent and show in the lists', async () => {
    const [a, b] = [await t.newLearner(), await t.newLearner()];
    const p = await post(a, '点赞测试');
    for (let i = 0; i < 2; i++) expect((await t.call(discussionLike, { guid: b, id: p.id, like: true })).data).toEqual({ id: p.id, liked: true, likeCount: 1 });
    expect((await list(b)).list.find((x: DiscussionPost) => x.id === p.id)).toMatchObject({ likeCount: 1, liked: true });
    expect((await list(a)).list.find((x: DiscussionPost) => x.id === p.id)).toMatchObject({ likeCount: 1, liked: false });
    for (let i = 0; i < 2; i++) expect((await t.call(discussionLike, { guid: b, id: p.id, like: false })).data).toEqual({ id: p.id, liked: false, likeCount: 0 });
    expect(await t.callRaw(discussionLike, { guid: b, id: 999_999, like: true })).toMatchObject({ status: 404, msg: DISCUSSION_MSG.unknownPost });
  });
});

describe('deleting', () => {
  it("deletes one's own post and erases its text; another learner's is refused (404) and stays", async () => {
    const [a, b] = [await t.newLearner(), await t.newLearner()];
    const thread = await post(a, '我要删掉这条');
    const reply = (await t.call(discussionReply, { guid: b, id: thread.id, body: '别删' })).data;
    expect(await t.callRaw(discussionDelete, { guid: b, id: thread.id })).toMatchObject({ status: 404, msg: DISCUSSION_MSG.unknownPost });
    expect((await t.call(discussionThread, { guid: b, id: thread.id })).data.thread.body).toBe('我要删掉这条');
    expect((await t.call(discussionDelete, { guid: b, id: reply.id })).data).toEqual({ id: reply.id });
    expect((await t.call(discussionThread, { guid: a, id: thread.id })).data).toMatchObject({ total: 0, thread: { replyCount: 0 } });
    expect((await t.call(discussionDelete, { guid: a, id: thread.id })).data).toEqual({ id: thread.id });
    const [row] = await t.db.select().from(discussionPosts).where(eq(discussionPosts.id, thread.id));
    expect(row).toMatchObject({ status: 'deleted', body: '' });
    expect(await t.callRaw(discussionThread, { guid: b, id: thread.id })).toMatchObject({ status: 404, msg: DISCUSSION_MSG.unknownPost });
    expect(await t.callRaw(discussionDelete, { guid: a, id: thread.id })).toMatchObject({ status: 404 });
    expect((await list(a)).list.some((x: DiscussionPost) => x.id === thread.id)).toBe(false);
  });
});

describe('the rate limit', () => {
  it(`allows ${DISCUSSION_POST_LIMIT.perMinute} posts a minute and ${DISCUSSION_POST_LIMIT.perDay} a day`, async () => {
    const guid = await t.newLearner();
    const write = (i: number) => t.callRaw(discussionPostCall, { guid, ...q(), body: `第${i}条` });
    t.clock.advance(MINUTE);
    for (let i = 0; i < DISCUSSION_POST_LIMIT.perMinute; i++) expect((await write(i)).status).toBe(200);
    expect(await write(99)).toMatchObject({ status: 429, msg: DISCUSSION_MSG.tooFast });
    let sent = DISCUSSION_POST_LIMIT.perMinute;
    while (sent < DISCUSSION_POST_LIMIT.perDay) {
      t.clock.advance(MINUTE);
      for (let i = 0; i < DISCUSSION_POST_LIMIT.perMinute && sent < DISCUSSION_POST_LIMIT.perDay; i++, sent++) expect((await write(sent)).status).toBe(200);
    }
    t.clock.advance(MINUTE);
    expect(await write(sent)).toMatchObject({ status: 429, msg: DISCUSSION_MSG.tooMany });
  });
});
