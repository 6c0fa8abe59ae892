import { MESSAGE_MSG, MESSAGE_PAGE_SIZE, messageCalls, messageList, messageRead, messageUnreadCount, type MessageKind } from '@kaoshi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userMessages } from '../../db/schema/index.ts';
import { seed } from '../../seed/seed.ts';
import { createTestApp, DEMO, nextPhone, NOT_LOGGED_IN, type TestApp } from '../../test/helpers.ts';
import { createMessageStore } from './store.ts';

/**
 * The learner's messages through HTTP (docs/messages.md): the list of a tab, newest first and paged, the unread counts
 * per tab, marking one, a tab or all read (idempotent), another learner's message refused, and the demo member's seed.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3600_000;
/** A learner with these messages, oldest first, written the way other modules write them (the store's insert). */
async function learnerWith(kinds: MessageKind[]) {
  const { guid, userID } = await t.register(nextPhone());
  const store = createMessageStore(t.db);
  const ids: number[] = [];
  for (const [i, kind] of kinds.entries()) {
    const id = await store.insert({ userId: userID, kind, title: `${kind} ${i}`, body: `正文 ${i}`, link: i === 0 ? '/livelist' : '', at: new Date(t.clock.now + i * HOUR) });
    ids.push(id!);
  }
  return { guid, userID, ids };
}
const counts = (total: number, byTab: Record<string, number>) => ({ total, byTab: { all: total, system: 0, order: 0, study: 0, feedback: 0, discussion: 0, ...byTab } });
const unread = async (guid: string) => (await t.call(messageUnreadCount, { guid })).data;

describe('every message call', () => {
  it('needs a session (401)', async () => {
    for (const call of Object.values(messageCalls)) expect(await t.callRaw(call, { tab: 'all', id: 1 }), call.id).toEqual(NOT_LOGGED_IN);
  });

  it('names the bad field (400)', async () => {
    const guid = await t.newLearner();
    expect(await t.callRaw(messageList, { guid, tab: 'news' })).toMatchObject({ status: 400, msg: '消息分类不正确' });
    expect(await t.callRaw(messageList, { guid, page: 0 })).toMatchObject({ status: 400, msg: '页码格式不正确' });
    expect(await t.callRaw(messageList, { guid, pageSize: MESSAGE_PAGE_SIZE + 1 })).toMatchObject({ status: 400, msg: '每页数量格式不正确' });
    expect(await t.callRaw(messageRead, { guid, id: 'abc' })).toMatchObject({ status: 400, msg: '消息编号格式不正确' });
    expect(await t.callRaw(messageRead, { guid, tab: 'news' })).toMatchObject({ status: 400, msg: '消息分类不正确' });
    expect(await t.callRaw(messageRead, { guid })).toMatchObject({ status: 400, msg: MESSAGE_MSG.noTarget });
  });
});

describe('the list', () => {
  it('is empty for a new learner, with zero counts on every tab', async () => {
    const guid = await t.newLearner();
    const body = await t.call(messageList, { guid });
    expect(body).toMatchObject({ status: 200 });
    expect(body.data).toEqual({ tab: 'all', page: 1, pageSize: MESSAGE_PAGE_SIZE, total: 0, list: [], unread: counts(0, {}) });
    expect(await unread(guid)).toEqual(counts(0, {}));
  });

  it('shows the messages newest first, each tab its kinds, with the unread counts', async () => {
    const { guid, ids } = await learnerWith(['system', 'order', 'delivery', 'live', 'plan', 'feedback']);
    const all = (await t.call(messageList, { guid, tab: 'all' })).data;
    expect(all.total).toBe(6);
    expect(all.list.map((m: { id: number }) => m.id)).toEqual([...ids].reverse());
    expect(all.list.at(-1)).toEqual({
      id: ids[0],
      kind: 'system',
      title: 'system 0',
      body: '正文 0',
      link: '/livelist',
      createdAt: new Date(t.clock.now).toISOString(),
      read: false,
    });
    const tab = async (name: string) => (await t.call(messageList, { guid, tab: name })).data;
    expect((await tab('system')).list.map((m: { kind: string }) => m.kind)).toEqual(['system']);
    expect((await tab('order')).list.map((m: { kind: string }) => m.kind)).toEqual(['delivery', 'order']);
    expect((await tab('study')).list.map((m: { kind: string }) => m.kind)).toEqual(['plan', 'live']);
    expect((await tab('feedback')).list.map((m: { kind: string }) => m.kind)).toEqual(['feedback']);
    // An empty tab is 'all'.
    expect((await t.call(messageList, { guid, tab: '' })).data.total).toBe(6);
    expect(all.unread).toEqual(counts(6, { system: 1, order: 2, study: 2, feedback: 1 }));
    expect(await unread(guid)).toEqual(all.unread);
  });

  it('pages by pageSize, the total staying the tab’s', async () => {
    const { guid, ids } = await learnerWith(Array.from({ length: 7 }, (): MessageKind => 'live'));
    const page = async (p: number) => (await t.call(messageList, { guid, tab: 'study', page: p, pageSize: 3 })).data;
    const newest = [...ids].reverse();
    const seen = [await page(1), await page(2), await page(3)];
    expect(seen.map((d) => d.list.map((m: { id: number }) => m.id))).toEqual([newest.slice(0, 3), newest.slice(3, 6), newest.slice(6)]);
    expect(seen.map((d) => [d.page, d.pageSize, d.total])).toEqual([
      [1, 3, 7],
      [2, 3, 7],
      [3, 3, 7],
    ]);
    expect((await page(4)).list).toEqual([]);
    // The default page size.
    expect((await t.call(messageList, { guid })).data).toMatchObject({ page: 1, pageSize: MESSAGE_PAGE_SIZE });
  });
});

describe('marking read', () => {
  it('marks one message; again changes nothing', async () => {
    const { guid, ids } = await learnerWith(['system', 'live']);
    const first = await t.call(messageRead, { guid, id: ids[0] });
    expect(first).toMatchObject({ status: 200, data: counts(1, { study: 1 }) });
    expect(await t.call(messageRead, { guid, id: ids[0] })).toEqual(first);
    const list = (await t.call(messageList, { guid })).data.list;
    expect(list.map((m: { id: number; read: boolean }) => [m.id, m.read])).toEqual([
      [ids[1], false],
      [ids[0], true],
    ]);
  });

  it('marks a tab’s messages, leaving the other tabs and later messages unread', async () => {
    const { guid, userID } = await learnerWith(['system', 'order', 'delivery', 'live', 'plan']);
    expect((await t.call(messageRead, { guid, tab: 'order' })).data).toEqual(counts(3, { system: 1, study: 2 }));
    expect((await t.call(messageRead, { guid, tab: 'order' })).data).toEqual(counts(3, { system: 1, study: 2 }));
    const order = (await t.call(messageList, { guid, tab: 'order' })).data.list;
    expect(order.map((m: { read: boolean }) => m.read)).toEqual([true, true]);
    // A message arriving after the mark is unread.
    await createMessageStore(t.db).insert({ userId: userID, kind: 'order', title: '发货通知', body: '已发货', link: '', at: new Date(t.clock.now) });
    expect(await unread(guid)).toEqual(counts(4, { system: 1, order: 1, study: 2 }));
  });

  it("marks all ('all'): every tab at zero", async () => {
    const { guid } = await learnerWith(['system', 'order', 'live', 'feedback']);
    expect((await t.call(messageRead, { guid, tab: 'all' })).data).toEqual(counts(0, {}));
    expect((await t.call(messageRead, { guid, tab: 'all' })).data).toEqual(counts(0, {}));
    const list = (await t.call(messageList, { guid })).data;
    expect(list.list.every((m: { read: boolean }) => m.read)).toBe(true);
    expect(list.total).toBe(4);
  });

  it('refuses another learner’s message (404), which stays unread for its owner', async () => {
    const owner = await learnerWith(['system']);
    const other = await learnerWith(['system']);
    expect(await t.call(messageRead, { guid: other.guid, id: owner.ids[0] })).toMatchObject({ status: 404, msg: MESSAGE_MSG.unknown });
    expect(await t.call(messageRead, { guid: other.guid, id: 2_000_000_000 })).toMatchObject({ status: 404, msg: MESSAGE_MSG.unknown });
    expect(await unread(owner.guid)).toEqual(counts(1, { system: 1 }));
    expect(await unread(other.guid)).toEqual(counts(1, { system: 1 }));
    // Marking all marks only the learner's own.
    await t.call(messageRead, { guid: other.guid, tab: 'all' });
    expect(await unread(owner.guid)).toEqual(counts(1, { system: 1 }));
    expect((await t.call(messageList, { guid: other.guid })).data.list.map((m: { id: number }) => m.id)).toEqual(other.ids);
  });
});

describe('writing (postMessage)', () => {
  it('writes a message once per dedupe', async () => {
    const { guid, userID } = await learnerWith([]);
    const store = createMessageStore(t.db);
    const m = { userId: userID, kind: 'plan' as const, title: '今日学习提醒', body: '还有 3 个任务', link: '/openStudy', dedupe: `test:${userID}`, at: new Date(t.clock.now) };
    expect(await store.insert(m)).toEqual(expect.any(Number));
    expect(await store.insert(m)).toBeNull();
    expect((await t.call(messageList, { guid })).data.total).toBe(1);
  });
});

describe('the demo member', () => {
  it('has a few messages from the seed (one read), written once', async () => {
    const guid = await t.login(DEMO.owner, DEMO.password);
    const before = (await t.call(messageList, { guid })).data;
    expect(before.total).toBeGreaterThanOrEqual(3);
    expect(before.unread.total).toBeGreaterThan(0);
    expect(before.list.some((m: { read: boolean }) => m.read)).toBe(true);
    for (const m of before.list) expect(m.link === '' || m.link.startsWith('/')).toBe(true);
    await seed(t.db, t.clock.now + 100 * 24 * HOUR);
    expect((await t.call(messageList, { guid })).data).toEqual(before);
    // The other demo learner has none.
    const learner = await t.login(DEMO.learner, DEMO.password);
    expect((await t.call(messageList, { guid: learner })).data.total).toBe(0);
    const rows = await t.db
      .select({ dedupe: userMessages.dedupe })
      .from(userMessages)
      .where(eq(userMessages.dedupe, `demo:${DEMO.owner}:welcome`));
    expect(rows).toHaveLength(1);
  });
});
