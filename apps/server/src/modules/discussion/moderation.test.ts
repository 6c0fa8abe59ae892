import {
  DISCUSSION_HIDE_AT,
  DISCUSSION_MSG,
  DISCUSSION_REPORTS_PER_DAY,
  discussionCount,
  discussionList,
  discussionPostCall,
  discussionReply,
  discussionReport,
  discussionThread,
  messageList,
  type DiscussionPost,
  type MessageItem,
} from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDiscussionArgs, runDiscussion } from '../../cli/discussion.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { APP, firstQuestion } from './discussion-harness.ts';

/**
 * Moderation (docs/discussions.md): reports by learners, DISCUSSION_HIDE_AT of them hide a post from everyone but its
 * author, and the operator's command lists, hides, restores and pins.
 */

let t: TestApp;
let target: { appID: number; kind: 'question'; id: number };
beforeAll(async () => {
  t = await createTestApp();
  target = { appID: APP, kind: 'question', id: await firstQuestion(t, '糖尿病') };
});
afterAll(() => t.close());

const post = async (guid: string, body: string) => {
  const res = await t.call(discussionPostCall, { guid, ...target, body });
  t.clock.advance(15_000);
  return res.data as DiscussionPost;
};
const ids = async (guid: string) => (await t.call(discussionList, { guid, ...target })).data.list.map((p: DiscussionPost) => p.id);
const count = async (guid: string) => (await t.call(discussionCount, { guid, ...target })).data.count as number;
/** The learner's 系统通知 about their discussions, newest first. */
const notices = async (guid: string) => ((await t.call(messageList, { guid, tab: 'system' })).data.list as MessageItem[]).filter((m) => m.link.startsWith('/discussionreply'));
const cli = async (...argv: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runDiscussion(
    t.db,
    argv,
    (l) => out.push(l),
    (l) => err.push(l),
    () => t.clock.now,
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
};

describe('reports', () => {
  it("refuses reporting one's own post (400), a bad reason names the field, a repeat changes nothing", async () => {
    const [a, b] = [await t.newLearner(), await t.newLearner()];
    const p = await post(a, '自己的评论');
    expect(await t.callRaw(discussionReport, { guid: a, id: p.id, reason: 'ad' })).toMatchObject({ status: 400, msg: DISCUSSION_MSG.ownReport });
    expect(await t.callRaw(discussionReport, { guid: b, id: p.id, reason: 'boring' })).toMatchObject({ status: 400, msg: '举报原因格式不正确' });
    expect(await t.callRaw(discussionReport, { guid: b, id: 999_999, reason: 'ad' })).toMatchObject({ status: 404, msg: DISCUSSION_MSG.unknownPost });
    for (let i = 0; i < DISCUSSION_HIDE_AT + 1; i++) expect((await t.call(discussionReport, { guid: b, id: p.id, reason: 'ad' })).data).toEqual({ id: p.id, reported: true });
    expect(await ids(b)).toContain(p.id);
  });

  it(`${DISCUSSION_HIDE_AT} learners' reports hide a post from everyone but its author; the operator restores it`, async () => {
    const author = await t.newLearner();
    const others = await Promise.all(Array.from({ length: DISCUSSION_HIDE_AT }, () => t.newLearner()));
    const p = await post(author, '加我微信领资料');
    const before = await count(others[0]!);
    for (const [i, guid] of others.entries()) await t.call(discussionReport, { guid, id: p.id, reason: i === 0 ? 'ad' : 'other' });
    expect(await ids(others[0]!)).not.toContain(p.id);
    expect(await count(others[0]!)).toBe(before - 1);
    expect(await t.callRaw(discussionThread, { guid: others[0], id: p.id })).toMatchObject({ status: 404, msg: DISCUSSION_MSG.unknownPost });
    expect(await t.callRaw(discussionReply, { guid: others[0], id: p.id, body: '？' })).toMatchObject({ status: 404 });
    // The author still sees it, marked hidden.
    const own = (await t.call(discussionList, { guid: author, ...target })).data.list.find((x: DiscussionPost) => x.id === p.id);
    expect(own).toMatchObject({ hidden: true, mine: true });
    // …and is told once, with a link to where they still see it; the reporters are told nothing.
    expect(await notices(author)).toMatchObject([{ title: '你的讨论已被隐藏', link: `/discussionreply?id=${p.id}`, read: false }]);
    expect((await notices(author))[0]!.body).toBe('你发表的「加我微信领资料」被多位学员举报，已暂时隐藏，等待审核。审核期间仅你自己可见。');
    expect(await notices(others[0]!)).toEqual([]);
    // The link opens for the author.
    expect((await t.call(discussionThread, { guid: author, id: p.id })).data.thread).toMatchObject({ id: p.id, hidden: true });

    const listed = await cli('list-reported');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(`#${p.id} `);
    expect(listed.out).toMatch(new RegExp(`#${p.id} .* hidden\\s+${DISCUSSION_HIDE_AT} report\\(s\\)`));
    expect(listed.out).toContain('加我微信领资料');
    expect(listed.out).toContain('广告或垃圾信息');
    expect(listed.out).toMatch(/学员: 135\*{4}\d{4}/);

    expect(await cli('restore', String(p.id))).toMatchObject({ code: 0, out: `post #${p.id} restored`, err: '' });
    expect((await notices(author)).map((m) => m.title)).toEqual(['你的讨论已恢复显示', '你的讨论已被隐藏']);
    expect(await ids(others[1]!)).toContain(p.id);
    expect(await count(others[1]!)).toBe(before);
    // Settled: the same learners cannot hide it again, and it leaves the reported list.
    for (const guid of others) await t.call(discussionReport, { guid, id: p.id, reason: 'ad' });
    expect(await ids(others[1]!)).toContain(p.id);
    expect((await cli('list-reported')).out).not.toContain(`#${p.id} `);
    // Keeping a visible post settles its reports and tells nobody.
    expect(await cli('restore', String(p.id))).toMatchObject({ code: 0 });
    expect(await notices(author)).toHaveLength(2);
  });

  it('a hidden reply leaves its thread and its count; restored, it comes back', async () => {
    const [a, b] = [await t.newLearner(), await t.newLearner()];
    const thread = await post(a, '主评论');
    const reply = (await t.call(discussionReply, { guid: b, id: thread.id, body: '不当回复' })).data;
    expect(await cli('hide', String(reply.id))).toMatchObject({ code: 0, out: `post #${reply.id} hidden` });
    // Its author is told, with a link to the thread (where they still see it).
    expect(await notices(b)).toMatchObject([
      { title: '你的讨论已被隐藏', body: '你发表的「不当回复」经审核不符合讨论规范，已隐藏，仅你自己可见。', link: `/discussionreply?id=${thread.id}` },
    ]);
    expect((await t.call(discussionThread, { guid: a, id: thread.id })).data).toMatchObject({ total: 0, thread: { replyCount: 0 } });
    expect((await t.call(discussionThread, { guid: b, id: thread.id })).data.list).toMatchObject([{ id: reply.id, hidden: true }]);
    expect(await cli('hide', String(reply.id))).toMatchObject({ code: 1 });
    await cli('restore', String(reply.id));
    expect((await t.call(discussionThread, { guid: a, id: thread.id })).data).toMatchObject({ total: 1, thread: { replyCount: 1 } });
    expect((await notices(b)).map((m) => m.title)).toEqual(['你的讨论已恢复显示', '你的讨论已被隐藏']);
  });

  it(`allows ${DISCUSSION_REPORTS_PER_DAY} reports a day per learner`, async () => {
    const reporter = await t.newLearner();
    const writers = await Promise.all(Array.from({ length: 5 }, () => t.newLearner()));
    const posts: number[] = [];
    for (let i = 0; i <= DISCUSSION_REPORTS_PER_DAY; i++) posts.push((await post(writers[i % 5]!, `第${i}条`)).id);
    for (const id of posts.slice(0, DISCUSSION_REPORTS_PER_DAY)) expect((await t.call(discussionReport, { guid: reporter, id, reason: 'other' })).status).toBe(200);
    expect(await t.callRaw(discussionReport, { guid: reporter, id: posts.at(-1), reason: 'other' })).toMatchObject({ status: 429, msg: DISCUSSION_MSG.reportTooMany });
  });
});

describe('the operator command', () => {
  it('pins a comment (first in the list), unpins it; refuses replies and unknown posts', async () => {
    const [a, b] = [await t.newLearner(), await t.newLearner()];
    const old = await post(a, '置顶候选');
    await post(b, '更新的评论');
    expect(await cli('pin', String(old.id))).toMatchObject({ code: 0, out: `post #${old.id} pinned` });
    expect((await ids(b))[0]).toBe(old.id);
    expect(await cli('unpin', String(old.id))).toMatchObject({ code: 0 });
    expect((await ids(b))[0]).not.toBe(old.id);
    const reply = (await t.call(discussionReply, { guid: b, id: old.id, body: '回复' })).data;
    expect(await cli('pin', String(reply.id))).toMatchObject({ code: 1 });
    expect(await cli('restore', '999999')).toMatchObject({ code: 1, err: '#999999 is not a hidden or visible post' });
  });

  it('parses its arguments', () => {
    expect(parseDiscussionArgs(['list-reported'])).toEqual({ kind: 'list' });
    expect(parseDiscussionArgs(['hide', '12'])).toEqual({ kind: 'hide', id: 12 });
    expect(parseDiscussionArgs(['hide'])).toEqual({ error: 'hide needs a post number' });
    expect(parseDiscussionArgs(['erase', '1'])).toEqual({ error: 'unknown command erase' });
    expect(parseDiscussionArgs([])).toEqual({ error: '' });
  });
});
