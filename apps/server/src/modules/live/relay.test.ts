import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveAnswer, type LiveCard } from '@kaoshi/contract';
import { createTestApp, createTwinApp, type TestApp } from '../../test/helpers.ts';
import { APP, listening, makeSession, Peer, TOP } from './chat-harness.ts';

/** Two server processes on one database with Redis between them (docs/live.md, "Chat across processes"). */
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('two app instances with Redis', () => {
  let one: TestApp;
  let two: TestApp;
  const base = { one: '', two: '' };
  let s: Awaited<ReturnType<typeof makeSession>>;
  const learner = async () => {
    // Redis outlives the run and keeps the SMS limits of a phone: a random one each time.
    const r = await one.register(`135${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
    await one.grant(r.userID, APP, TOP);
    two.forgetCaches();
    return r;
  };
  const cardsIn = (f: { t: string; cards?: LiveCard[] }) => (f.t === 'frame' && f.cards) || [];

  beforeAll(async () => {
    one = await createTestApp({ config: { REDIS_URL: redisUrl } });
    two = await createTwinApp(one, { config: { REDIS_URL: redisUrl } });
    base.one = await listening(one);
    base.two = await listening(two);
    s = await makeSession(one);
    two.forgetCaches();
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('a message sent through one reaches the clients of the other; online, likes and moderation cross too', async () => {
    const [a, b] = [await learner(), await learner()];
    const pa = await Peer.join(base.one, { liveID: s.id, guid: a.guid });
    const pb = await Peer.join(base.two, { liveID: s.id, guid: b.guid });
    const host = await Peer.join(base.two, { liveID: s.id, guid: b.guid, host: s.hostKey });

    pa.send({ t: 'say', text: '来自一号进程' });
    const got = await pb.message('来自一号进程');
    expect(got).toMatchObject({ mine: false, userId: null, second: 60 });
    expect(await pa.message('来自一号进程')).toMatchObject({ mine: true });
    expect(await host.message('来自一号进程')).toMatchObject({ userId: a.userID });

    // Each process reports its people every second: both rooms count the two learners.
    await pa.sighted((f) => f.t === 'frame' && f.online === 2, 8000);
    await pb.sighted((f) => f.t === 'frame' && f.online === 2, 8000);

    pb.send({ t: 'like', n: 5 });
    await pa.sighted((f) => f.t === 'frame' && f.likes === 5, 8000);

    host.send({ t: 'delete', id: got.id });
    await pa.wait((f) => f.t === 'frame' && f.deleted.includes(got.id));
    host.send({ t: 'pin', text: '跨进程置顶' });
    await pa.wait((f) => f.t === 'frame' && f.pinned === '跨进程置顶');

    host.send({ t: 'card', stem: '跨进程题', options: ['对', '错'], answer: 'A', explanation: '' });
    const card = (await host.wait((f) => cardsIn(f).length > 0)).cards[0] as LiveCard;
    host.send({ t: 'push', cardId: card.id });
    await pa.wait((f) => cardsIn(f).some((c) => c.id === card.id && c.state === 'open'));
    expect((await one.call(liveAnswer, { guid: a.guid, liveID: s.id, cardID: card.id, choice: 'A' })).data.choice).toBe('A');
    await host.wait((f) => cardsIn(f).some((c) => c.id === card.id && c.results?.total === 1));

    host.send({ t: 'mute', userId: a.userID, minutes: 10 });
    await pa.wait((f) => f.t === 'error');
    pa.send({ t: 'say', text: '禁言后' });
    expect((await pa.wait((f) => f.t === 'error')).msg).toBeTruthy();

    const back = await Peer.join(base.two, { liveID: s.id, guid: a.guid }, 0);
    expect(back.welcome.mutedUntil).not.toBeNull();
    expect(back.welcome.pinned).toBe('跨进程置顶');
    expect(back.welcome.missed.map((m: { id: number }) => m.id)).not.toContain(got.id);
    await Promise.all([pa.close(), pb.close(), host.close(), back.close()]);
  });
});
