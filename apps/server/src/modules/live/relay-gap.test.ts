import { Redis } from 'ioredis';
import { LIVE_SOCKET_MSG } from '@kaoshi/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveMessages, liveMutes } from '../../db/schema/index.ts';
import { createTestApp, createTwinApp, type TestApp } from '../../test/helpers.ts';
import { APP, listening, makeSession, Peer, TOP } from './chat-harness.ts';
import { until } from './ingest-harness.ts';

/**
 * Two server processes with Redis between them, and the Redis pub/sub connections killed under them
 * (`CLIENT KILL TYPE pubsub`, as a Redis restart or a network cut does): docs/live.md, "Chat across processes".
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('live rooms after a Redis pub/sub interruption', () => {
  let one: TestApp;
  let two: TestApp;
  const base = { one: '', two: '' };
  const logTwo: string[] = [];
  let admin: Redis;
  let s: Awaited<ReturnType<typeof makeSession>>;
  const learner = async () => {
    const r = await one.register(`136${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
    await one.grant(r.userID, APP, TOP);
    two.forgetCaches();
    return r;
  };

  beforeAll(async () => {
    admin = new Redis(redisUrl!);
    one = await createTestApp({ config: { REDIS_URL: redisUrl } });
    two = await createTwinApp(one, { config: { REDIS_URL: redisUrl }, deps: { logger: { level: 'info', stream: { write: (line) => void logTwo.push(line) } } } });
    base.one = await listening(one);
    base.two = await listening(two);
    s = await makeSession(one);
    two.forgetCaches();
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await admin?.quit();
  });

  it("re-syncs the rooms when the subscription returns: the mute and the host's message sent meanwhile hold on the other process", async () => {
    const [a, teacher] = [await learner(), await learner()];
    const pa = await Peer.join(base.two, { liveID: s.id, guid: a.guid });
    const host = await Peer.join(base.one, { liveID: s.id, guid: teacher.guid, host: s.hostKey });
    // Both rooms are loaded and the relay works.
    pa.send({ t: 'say', text: '断线之前' });
    await host.message('断线之前');

    expect(await admin.client('KILL', 'TYPE', 'pubsub')).toBeGreaterThanOrEqual(2);
    // At once, while the subscriptions are down: the host mutes the learner and writes.
    host.send({ t: 'mute', userId: a.userID, minutes: 10 });
    host.send({ t: 'say', text: '断线期间老师的话' });

    // Process two's room catches up from the database: the learner is told of the mute, the message arrives.
    expect(await pa.error()).toBe(LIVE_SOCKET_MSG.muted);
    const got = await pa.message('断线期间老师的话');
    expect(got).toMatchObject({ host: true, mine: false });
    // The muted learner can no longer chat through process two.
    pa.send({ t: 'say', text: '禁言后还想说' });
    expect(await pa.error()).toBe(LIVE_SOCKET_MSG.muted);
    // A fresh hello on process two has the message and the mute.
    const back = await Peer.join(base.two, { liveID: s.id, guid: a.guid }, 0);
    expect(back.welcome.mutedUntil).not.toBeNull();
    expect(back.welcome.missed.map((m: { text: string }) => m.text)).toContain('断线期间老师的话');
    expect(back.welcome.missed.map((m: { text: string }) => m.text)).not.toContain('禁言后还想说');

    // The gap is logged, in English, on each side of it.
    const msgs = logTwo.map((l) => (JSON.parse(l) as { msg: string }).msg);
    expect(msgs.some((m) => m.startsWith('live relay: Redis subscription lost'))).toBe(true);
    expect(msgs.some((m) => /^live relay: Redis subscription back after [\d.]+ s; re-syncing/.test(m))).toBe(true);
    expect(msgs.some((m) => /^live relay: \d+ of \d+ open room\(s\) re-synced/.test(m))).toBe(true);

    // And the relay works again afterwards.
    host.send({ t: 'say', text: '恢复之后' });
    await pa.message('恢复之后');
    await Promise.all([pa.close(), host.close(), back.close()]);
  });

  it('while the subscription is down, a learner muted through the other process is refused: the database is asked', async () => {
    const [a, teacher] = [await learner(), await learner()];
    const pa = await Peer.join(base.two, { liveID: s.id, guid: a.guid });
    const host = await Peer.join(base.one, { liveID: s.id, guid: teacher.guid, host: s.hostKey });
    pa.send({ t: 'say', text: '第二次断线之前' });
    await host.message('第二次断线之前');

    // The subscriptions drop and Redis answers nothing for 2 s: they stay down that long.
    await admin.client('KILL', 'TYPE', 'pubsub');
    await admin.client('PAUSE', 2000);
    host.send({ t: 'mute', userId: a.userID, minutes: 10 });
    await until(
      async () =>
        (
          await one.db
            .select()
            .from(liveMutes)
            .where(and(eq(liveMutes.sessionId, s.id), eq(liveMutes.userId, a.userID)))
        ).length > 0,
    );
    pa.send({ t: 'say', text: '断线时被禁言的人' });
    expect(await pa.error()).toBe(LIVE_SOCKET_MSG.muted);
    const stored = await one.db
      .select()
      .from(liveMessages)
      .where(and(eq(liveMessages.sessionId, s.id), eq(liveMessages.text, '断线时被禁言的人')));
    expect(stored).toEqual([]);
    await Promise.all([pa.close(), host.close()]);
  });
});
