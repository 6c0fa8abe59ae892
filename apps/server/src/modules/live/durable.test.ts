import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveAnswer, type LiveCard } from '@kaoshi/contract';
import { createTestApp, createTwinApp, type TestApp } from '../../test/helpers.ts';
import { APP, listening, makeSession, Peer, TOP } from './chat-harness.ts';
import { createChatStore } from './chat-store.ts';
import { createRedisRelay } from './relay.ts';

/**
 * What a live room keeps outlives the process that took it (docs/live.md, "Chat across processes"): written
 * through one app, seen by another started afterwards on the same database (and Redis).
 */
const redisUrl = process.env.TEST_REDIS_URL;
const config = redisUrl ? { REDIS_URL: redisUrl } : {};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config });
});
afterAll(() => t.close());

const learner = async () => {
  const r = await t.register(`137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
  await t.grant(r.userID, APP, TOP);
  return r;
};
const cardsIn = (f: { t: string; cards?: LiveCard[] }) => (f.t === 'frame' && f.cards) || [];

describe('live room state across a process that went away', () => {
  it('mutes, the recent messages, cards and their results, likes and the pinned notice', async () => {
    const s = await makeSession(t);
    const [a, b, teacher] = [await learner(), await learner(), await learner()];
    const first = await createTwinApp(t, { config });
    const base = await listening(first);
    const host = await Peer.join(base, { liveID: s.id, guid: teacher.guid, host: s.hostKey });
    const pa = await Peer.join(base, { liveID: s.id, guid: a.guid });
    host.send({ t: 'say', text: '第一节的要点' });
    await pa.message('第一节的要点');
    host.send({ t: 'mute', userId: a.userID, minutes: 30 });
    await pa.error();
    host.send({ t: 'pin', text: '课后交作业' });
    host.send({ t: 'card', stem: '留下来的题', options: ['对', '错'], answer: 'A', explanation: '' });
    const card = (await host.wait((f) => cardsIn(f).length > 0)).cards[0] as LiveCard;
    host.send({ t: 'push', cardId: card.id });
    await pa.wait((f) => cardsIn(f).some((c) => c.state === 'open'));
    expect((await first.call(liveAnswer, { guid: b.guid, liveID: s.id, cardID: card.id, choice: 'A' })).data.choice).toBe('A');
    pa.send({ t: 'like', n: 4 });
    await pa.sighted((f) => f.t === 'frame' && f.likes === 4, 4000);
    await Promise.all([pa.close(), host.close()]);
    await first.close();

    const second = await createTwinApp(t, { config });
    const base2 = await listening(second);
    const back = await Peer.join(base2, { liveID: s.id, guid: a.guid }, 0);
    expect(back.welcome).toMatchObject({ pinned: '课后交作业', likes: 4 });
    expect(back.welcome.mutedUntil).not.toBeNull();
    expect(back.welcome.missed.map((m: { text: string }) => m.text)).toEqual(['第一节的要点']);
    const teacher2 = await Peer.join(base2, { liveID: s.id, guid: teacher.guid, host: s.hostKey });
    expect(teacher2.welcome.cards).toEqual([expect.objectContaining({ id: card.id, state: 'open', results: expect.objectContaining({ total: 1 }) })]);
    back.send({ t: 'say', text: '禁言中' });
    expect(await back.error()).toBeTruthy();
    await Promise.all([back.close(), teacher2.close()]);
    await second.close();
  });

  it.skipIf(!redisUrl)('likes taken by a process that died before writing them are written by another (they wait in Redis)', async () => {
    const s = await makeSession(t);
    // A process takes likes and dies before its tick writes them (no close: nothing flushed).
    const dying = createRedisRelay(redisUrl!, t.app.log);
    await dying.ready();
    dying.addLikes(s.id, 9);
    await new Promise((r) => setTimeout(r, 100)); // the HINCRBY reaches Redis
    await dying.close();
    // The processes still running (t here) take them at their next tick.
    const store = createChatStore(t.db);
    const end = Date.now() + 5000;
    while ((await store.likes(s.id)) < 9 && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    expect(await store.likes(s.id)).toBe(9);
  });
});
