import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MSG, cutToWidth, LIVE_CHAT_LIMIT, LIVE_CHAT_MAX_WIDTH, LIVE_CLOSE, LIVE_MISSED_MAX, LIVE_SOCKET_MSG, liveReplay, textWidth } from '@kaoshi/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { liveLikes, liveMessages, liveSessions } from '../../db/schema/index.ts';
import { createTestApp, nextPhone, type TestApp } from '../../test/helpers.ts';
import { APP, listening, makeSession, Peer, TOP } from './chat-harness.ts';

let t: TestApp;
let base: string;
let s: Awaited<ReturnType<typeof makeSession>>;
const learner = async (paid = true) => {
  const r = await t.register(nextPhone());
  if (paid) await t.grant(r.userID, APP, TOP);
  return r;
};
const q = (guid: string, extra: Record<string, string> = {}) => ({ liveID: s.id, guid, ...extra });

beforeAll(async () => {
  t = await createTestApp();
  base = await listening(t);
  s = await makeSession(t);
});
afterAll(() => t.close());

describe('the upgrade', () => {
  it('closes 4401 without a valid guid, 4404 for an unknown session', async () => {
    const me = await learner();
    expect(await (await Peer.open(base, q('x'.repeat(40)))).closed).toBe(LIVE_CLOSE.unauthorized);
    expect(await (await Peer.open(base, { liveID: s.id })).closed).toBe(LIVE_CLOSE.unauthorized);
    expect(await (await Peer.open(base, { liveID: 99_999_999, guid: me.guid })).closed).toBe(LIVE_CLOSE.unknown);
    expect(await (await Peer.open(base, { liveID: 'abc', guid: me.guid })).closed).toBe(LIVE_CLOSE.unknown);
  });

  it('refuses a learner without the version (4403), unless the session is free or they hold the host key', async () => {
    const trial = await learner(false);
    expect(await (await Peer.open(base, q(trial.guid))).closed).toBe(LIVE_CLOSE.forbidden);
    expect(await (await Peer.open(base, q(trial.guid, { host: 'wrong-key' }))).closed).toBe(LIVE_CLOSE.forbidden);
    const host = await Peer.join(base, q(trial.guid, { host: s.hostKey }));
    expect(host.welcome).toMatchObject({ host: true, status: 1, pinned: '', gap: false });
    await host.close();
    const open = await makeSession(t, { free: true });
    const free = await Peer.join(base, { liveID: open.id, guid: trial.guid });
    expect(free.welcome.host).toBe(false);
    await free.close();
  });

  it('closes 4400 when the first frame is not hello', async () => {
    const me = await learner();
    const p = await Peer.open(base, q(me.guid));
    p.send({ t: 'say', text: '你好' });
    expect(await p.closed).toBe(LIVE_CLOSE.protocol);
  });
});

describe('chat', () => {
  it('keeps a message as typed (cut to the width) and gives it to everyone; the sender sees it as mine, the host sees who', async () => {
    const [a, b] = [await learner(), await learner()];
    const pa = await Peer.join(base, q(a.guid));
    const pb = await Peer.join(base, q(b.guid));
    const host = await Peer.join(base, q(b.guid, { host: s.hostKey }));
    const raw = ' a<b 且 c>d 看 <b>这里</b> https://example.com/x 😀 ' + '很'.repeat(80);
    const clean = cutToWidth(raw.trim(), LIVE_CHAT_MAX_WIDTH);
    expect(textWidth(clean)).toBeLessThanOrEqual(LIVE_CHAT_MAX_WIDTH);
    pa.send({ t: 'say', text: raw });
    const seen = await pb.message(clean);
    expect(seen).toMatchObject({ text: clean, host: false, mine: false, userId: null, second: 60 });
    expect(clean).toMatch(/^a<b 且 c>d 看 <b>这里<\/b> https:\/\/example\.com\/x 😀 很/);
    expect(await pa.message(clean)).toMatchObject({ mine: true, userId: null });
    expect(await host.message(clean)).toMatchObject({ mine: false, userId: a.userID });
    const [row] = await t.db.select().from(liveMessages).where(eq(liveMessages.id, seen.id));
    expect(row).toMatchObject({ text: clean, userId: a.userID, second: 60, host: false });

    host.send({ t: 'say', text: '请安静' });
    expect(await pa.message('请安静')).toMatchObject({ host: true, mine: false });
    expect(await host.message('请安静')).toMatchObject({ host: true, mine: true, userId: b.userID });
    await Promise.all([pa.close(), pb.close(), host.close()]);
  });

  it('refuses a message with a banned word (nothing stored, nothing published)', async () => {
    const me = await learner();
    const p = await Peer.join(base, q(me.guid));
    p.send({ t: 'say', text: '老师是傻 逼' });
    expect(await p.error()).toBe(CONTENT_MSG.banned);
    p.send({ t: 'say', text: '老师讲得好' });
    await p.message('老师讲得好');
    const mine = await t.db
      .select({ text: liveMessages.text })
      .from(liveMessages)
      .where(and(eq(liveMessages.sessionId, s.id), eq(liveMessages.userId, me.userID)));
    expect(mine.map((m) => m.text)).toEqual(['老师讲得好']);
    await p.close();
  });

  it('refuses an empty message and a malformed frame', async () => {
    const me = await learner();
    const p = await Peer.join(base, q(me.guid));
    p.send({ t: 'say', text: '   ' });
    expect(await p.error()).toBe(LIVE_SOCKET_MSG.empty);
    p.ws.send('not json');
    expect(await p.error()).toBe(LIVE_SOCKET_MSG.badFrame);
    p.send({ t: 'say', text: 'x'.repeat(2000) });
    expect(await p.error()).toBe(LIVE_SOCKET_MSG.badFrame);
    p.send({ t: 'pin', text: '我来置顶' });
    expect(await p.error()).toBe(LIVE_SOCKET_MSG.notHost);
    await p.close();
  });

  it(`limits a learner to ${LIVE_CHAT_LIMIT.count} messages per ${LIVE_CHAT_LIMIT.windowMs / 1000} s`, async () => {
    const me = await learner();
    const p = await Peer.join(base, q(me.guid));
    for (let i = 1; i <= LIVE_CHAT_LIMIT.count; i++) p.send({ t: 'say', text: `第${i}条` });
    await p.message(`第${LIVE_CHAT_LIMIT.count}条`);
    p.send({ t: 'say', text: '太多了' });
    expect(await p.error()).toBe(LIVE_SOCKET_MSG.tooFast);
    t.clock.advance(LIVE_CHAT_LIMIT.windowMs + 1);
    p.send({ t: 'say', text: '又可以了' });
    await p.message('又可以了');
    expect(p.frames.some((f) => f.t === 'frame' && f.messages.some((m: { text: string }) => m.text === '太多了'))).toBe(false);
    await p.close();
  });
});

describe('chat and the class’s end', () => {
  const HOUR = 3600_000;
  const DAY = 24 * HOUR;
  const stored = async (ids: number[]) => (await t.db.select({ id: liveMessages.id }).from(liveMessages).where(inArray(liveMessages.sessionId, ids))).length;

  it('refuses chat in an ended class and in a replay (learner and host alike); nothing is stored', async () => {
    const now = t.clock.now;
    const ended = await makeSession(t, {
      state: 'ended',
      startsAt: new Date(now - 6 * DAY),
      endsAt: new Date(now - 6 * DAY + HOUR),
      liveStartedAt: new Date(now - 6 * DAY),
      liveEndedAt: new Date(now - 6 * DAY + HOUR),
    });
    const replay = await makeSession(t, {
      state: 'ended',
      startsAt: new Date(now - 5 * DAY),
      endsAt: new Date(now - 5 * DAY + HOUR),
      liveStartedAt: new Date(now - 5 * DAY),
      liveEndedAt: new Date(now - 5 * DAY + HOUR),
      replayState: 'ready',
      replayKey: 'live/x/r1',
      replayDurationS: 3600,
    });
    // Scheduled, never streamed, its end passed: 已结束 too.
    const missed = await makeSession(t, { state: 'scheduled', startsAt: new Date(now - 3 * HOUR), endsAt: new Date(now - 2 * HOUR), liveStartedAt: null });
    const me = await learner();
    for (const [session, status] of [
      [ended, 2],
      [replay, 3],
      [missed, null], // the room's status reads 0 until an event: the chat goes by the lists' status (已结束)
    ] as const) {
      const p = await Peer.join(base, { liveID: session.id, guid: me.guid });
      if (status !== null) expect(p.welcome.status).toBe(status);
      p.send({ t: 'say', text: '还有人吗' });
      expect(await p.error()).toBe(LIVE_SOCKET_MSG.chatClosed);
      const host = await Peer.join(base, { liveID: session.id, guid: me.guid, host: session.hostKey });
      host.send({ t: 'say', text: '补充一句' });
      expect(await host.error()).toBe(LIVE_SOCKET_MSG.chatClosed);
      await Promise.all([p.close(), host.close()]);
    }
    expect(await stored([ended.id, replay.id, missed.id])).toBe(0);
  });

  it('keeps chat open before the start (second 0) and while live, and closes it when the class ends', async () => {
    const now = t.clock.now;
    const soon = await makeSession(t, { state: 'scheduled', startsAt: new Date(now + HOUR), endsAt: new Date(now + 2 * HOUR), liveStartedAt: null });
    const live = await makeSession(t);
    const me = await learner();
    const early = await Peer.join(base, { liveID: soon.id, guid: me.guid });
    early.send({ t: 'say', text: '等开课' });
    expect(await early.message('等开课')).toMatchObject({ second: 0 });
    const p = await Peer.join(base, { liveID: live.id, guid: me.guid });
    p.send({ t: 'say', text: '直播中发言' });
    expect(await p.message('直播中发言')).toMatchObject({ second: 60 });
    await t.db
      .update(liveSessions)
      .set({ state: 'ended', liveEndedAt: new Date(t.clock.now) })
      .where(eq(liveSessions.id, live.id));
    t.forgetCaches();
    p.send({ t: 'say', text: '下课后发言' });
    expect(await p.error()).toBe(LIVE_SOCKET_MSG.chatClosed);
    const texts = (
      await t.db
        .select({ text: liveMessages.text })
        .from(liveMessages)
        .where(inArray(liveMessages.sessionId, [soon.id, live.id]))
    ).map((m) => m.text);
    expect(texts.sort()).toEqual(['直播中发言', '等开课'].sort());
    await Promise.all([early.close(), p.close()]);
  });
});

describe('moderation', () => {
  it('mutes a learner until the time runs out or the host lifts it', async () => {
    const me = await learner();
    const p = await Peer.join(base, q(me.guid));
    const host = await Peer.join(base, q(me.guid, { host: s.hostKey }));
    host.send({ t: 'mute', userId: me.userID, minutes: 10 });
    expect(await p.error()).toBe(LIVE_SOCKET_MSG.muted);
    p.send({ t: 'say', text: '我被禁言了吗' });
    expect(await p.error()).toBe(LIVE_SOCKET_MSG.muted);
    const again = await Peer.join(base, q(me.guid));
    expect(again.welcome.mutedUntil).toBe(new Date(t.clock.now + 10 * 60_000).toISOString());
    t.clock.advance(10 * 60_000 + 1);
    p.send({ t: 'say', text: '时间到了' });
    await p.message('时间到了');

    host.send({ t: 'mute', userId: me.userID, minutes: 60 });
    expect(await p.error()).toBe(LIVE_SOCKET_MSG.muted);
    host.send({ t: 'unmute', userId: me.userID });
    await new Promise((r) => setTimeout(r, 100));
    p.send({ t: 'say', text: '解除了' });
    await again.message('解除了');
    await Promise.all([p.close(), host.close(), again.close()]);
  });

  it('deletes a message: frames carry its id and it is gone from the missed messages and the replay', async () => {
    const me = await learner();
    const p = await Peer.join(base, q(me.guid));
    const host = await Peer.join(base, q(me.guid, { host: s.hostKey }));
    p.send({ t: 'say', text: '违规内容' });
    const m = await host.message('违规内容');
    host.send({ t: 'delete', id: m.id });
    await p.wait((f) => f.t === 'frame' && f.deleted.includes(m.id));
    const later = await Peer.join(base, q(me.guid));
    expect(later.welcome.missed.map((x: { id: number }) => x.id)).not.toContain(m.id);
    const [row] = await t.db.select().from(liveMessages).where(eq(liveMessages.id, m.id));
    expect(row!.deletedAt).not.toBeNull();
    await t.db
      .update(liveSessions)
      .set({ state: 'ended', replayState: 'ready', replayKey: `live/${s.id}/r1`, replayDurationS: 600 })
      .where(eq(liveSessions.id, s.id));
    t.forgetCaches();
    const replay = await t.call(liveReplay, { guid: me.guid, liveID: s.id });
    await t.db.update(liveSessions).set({ state: 'live', replayState: 'none', replayKey: '' }).where(eq(liveSessions.id, s.id));
    t.forgetCaches();
    expect(replay.status).toBe(200);
    const texts = replay.data.messages.map((x: { text: string }) => x.text);
    expect(texts).not.toContain('违规内容');
    expect(texts).toContain('请安静');
    await Promise.all([p.close(), host.close(), later.close()]);
  });

  it('pins a notice (and unpins it with an empty one)', async () => {
    const me = await learner();
    const p = await Peer.join(base, q(me.guid));
    const host = await Peer.join(base, q(me.guid, { host: s.hostKey }));
    host.send({ t: 'pin', text: '课后答疑在群里' });
    await p.wait((f) => f.t === 'frame' && f.pinned === '课后答疑在群里');
    expect((await Peer.join(base, q(me.guid))).welcome.pinned).toBe('课后答疑在群里');
    const [row] = await t.db.select({ pinned: liveSessions.pinned }).from(liveSessions).where(eq(liveSessions.id, s.id));
    expect(row!.pinned).toBe('课后答疑在群里');
    host.send({ t: 'pin', text: '' });
    await p.wait((f) => f.t === 'frame' && f.pinned === '');
    await Promise.all([p.close(), host.close()]);
  });
});

describe('the room', () => {
  it('gives a reconnecting client the messages it missed', async () => {
    const [a, b] = [await learner(), await learner()];
    const pa = await Peer.join(base, q(a.guid));
    const pb = await Peer.join(base, q(b.guid));
    pa.send({ t: 'say', text: '断线前' });
    const last = await pb.message('断线前');
    await pb.close();
    for (const text of ['错过一', '错过二', '错过三']) {
      pa.send({ t: 'say', text });
      await pa.message(text);
    }
    const back = await Peer.join(base, q(b.guid), last.id);
    expect(back.welcome.missed.map((m: { text: string }) => m.text)).toEqual(['错过一', '错过二', '错过三']);
    expect(back.welcome.gap).toBe(false);
    await Promise.all([pa.close(), back.close()]);
  });

  it(`answers at most the newest ${LIVE_MISSED_MAX} missed messages, with gap`, async () => {
    const busy = await makeSession(t);
    const me = await learner();
    const at = new Date(t.clock.now);
    const rows = Array.from({ length: LIVE_MISSED_MAX + 30 }, (_, i) => ({ sessionId: busy.id, userId: me.userID, name: 'x', text: `m${i}`, second: i, createdAt: at }));
    await t.db.insert(liveMessages).values(rows);
    const p = await Peer.join(base, { liveID: busy.id, guid: me.guid });
    expect(p.welcome.missed).toHaveLength(LIVE_MISSED_MAX);
    expect(p.welcome.gap).toBe(true);
    expect(p.welcome.missed.at(-1)).toMatchObject({ text: `m${LIVE_MISSED_MAX + 29}`, mine: true });
    const since = p.welcome.missed.at(-3).id;
    const again = await Peer.join(base, { liveID: busy.id, guid: me.guid }, since);
    expect(again.welcome.missed.map((m: { text: string }) => m.text)).toEqual([`m${LIVE_MISSED_MAX + 28}`, `m${LIVE_MISSED_MAX + 29}`]);
    expect(again.welcome.gap).toBe(false);
    await Promise.all([p.close(), again.close()]);
  });

  it('counts people online (two tabs are one person) and likes', async () => {
    const room = await makeSession(t);
    const [a, b] = [await learner(), await learner()];
    const a1 = await Peer.join(base, { liveID: room.id, guid: a.guid });
    expect(a1.welcome.online).toBe(1);
    const a2 = await Peer.join(base, { liveID: room.id, guid: a.guid });
    expect(a2.welcome.online).toBe(1);
    const b1 = await Peer.join(base, { liveID: room.id, guid: b.guid });
    expect(b1.welcome.online).toBe(2);
    await a1.wait((f) => f.t === 'frame' && f.online === 2);
    await b1.close();
    await a1.wait((f) => f.t === 'frame' && f.online === 1);
    a1.send({ t: 'like', n: 3 });
    a2.send({ t: 'like', n: 4 });
    await a1.wait((f) => f.t === 'frame' && f.likes === 7, 4000);
    const [row] = await t.db.select().from(liveLikes).where(eq(liveLikes.sessionId, room.id));
    expect(row!.count).toBe(7);
    await Promise.all([a1.close(), a2.close()]);
  });
});
