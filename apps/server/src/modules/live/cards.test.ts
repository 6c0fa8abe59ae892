import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_MSG, LIVE_SOCKET_MSG, liveAnswer, liveRoom, type LiveCard } from '@kaoshi/contract';
import { liveAnswers } from '../../db/schema/index.ts';
import { createTestApp, nextPhone, type TestApp } from '../../test/helpers.ts';
import { APP, listening, makeSession, Peer, TOP } from './chat-harness.ts';

let t: TestApp;
let base: string;
let s: Awaited<ReturnType<typeof makeSession>>;
const learner = async () => {
  const r = await t.register(nextPhone());
  await t.grant(r.userID, APP, TOP);
  return r;
};
const q = (guid: string, extra: Record<string, string> = {}) => ({ liveID: s.id, guid, ...extra });
const cardsIn = (f: { t: string; cards?: LiveCard[] }) => (f.t === 'frame' && f.cards) || [];
const answer = (guid: string, cardID: number, choice: string, liveID = s.id) => t.call(liveAnswer, { guid, liveID, cardID, choice });
const settle = () => new Promise((r) => setTimeout(r, 400));

beforeAll(async () => {
  t = await createTestApp();
  base = await listening(t);
  s = await makeSession(t);
});
afterAll(() => t.close());

describe('quiz cards', () => {
  it('are made ready (host only), pushed to learners without the key, answered once, closed with the results', async () => {
    const [a, b, late] = [await learner(), await learner(), await learner()];
    const host = await Peer.join(base, q(a.guid, { host: s.hostKey }));
    const pa = await Peer.join(base, q(a.guid));
    const pb = await Peer.join(base, q(b.guid));

    host.send({ t: 'card', stem: '成人心肺复苏按压深度？', options: ['3-4 cm', '5-6 cm', '7-8 cm'], answer: 'B', explanation: '指南要求 5-6 cm。' });
    const made = (await host.wait((f) => cardsIn(f).length === 1)).cards[0] as LiveCard;
    expect(made).toMatchObject({ state: 'ready', answer: 'B', second: null, options: [{ key: 'A', text: '3-4 cm' }, { key: 'B' }, { key: 'C' }] });
    expect((await t.call(liveRoom, { guid: b.guid, liveID: s.id })).data.cards).toEqual([]);
    expect((await answer(b.guid, made.id, 'A')).msg).toBe(LIVE_MSG.cardUnknown);

    host.send({ t: 'push', cardId: made.id });
    const pushed = (await pb.wait((f) => cardsIn(f).some((c) => c.state === 'open'))).cards[0];
    expect(pushed).toEqual({ ...made, state: 'open', second: 60, answer: null, explanation: '', results: null });
    expect(pa.frames.filter((f) => f.t === 'frame' && f.cards?.some((c: LiveCard) => c.state === 'ready'))).toEqual([]);

    const first = await answer(b.guid, made.id, 'A');
    expect(first.data).toMatchObject({ cardID: made.id, choice: 'A', card: { state: 'open', answer: null, results: null } });
    const second = await answer(b.guid, made.id, 'B');
    expect(second.data).toMatchObject({ choice: 'A' });
    expect(
      await t.db
        .select()
        .from(liveAnswers)
        .where(and(eq(liveAnswers.cardId, made.id), eq(liveAnswers.userId, b.userID))),
    ).toHaveLength(1);
    expect((await answer(a.guid, made.id, 'B')).data.choice).toBe('B');
    await host.wait((f) => cardsIn(f)[0]?.results?.total === 2);
    expect((await answer(b.guid, made.id, 'E')).status).toBe(400);

    const room = await t.call(liveRoom, { guid: b.guid, liveID: s.id });
    expect(room.data.cards).toEqual([pushed]);
    expect(room.data.myAnswers).toEqual({ [made.id]: 'A' });

    host.send({ t: 'close', cardId: made.id });
    const results = { total: 2, correct: 1, counts: { A: 1, B: 1 } };
    const closed = (await pb.wait((f) => cardsIn(f).some((c) => c.state === 'closed'))).cards[0];
    expect(closed).toMatchObject({ state: 'closed', answer: 'B', explanation: '指南要求 5-6 cm。', results });
    const refused = await answer(late.guid, made.id, 'B');
    expect(refused).toMatchObject({ status: 400, msg: LIVE_MSG.cardClosed });
    expect((await answer(b.guid, made.id, 'C')).data).toMatchObject({ choice: 'A', card: { state: 'closed', answer: 'B', results } });

    const newcomer = await Peer.join(base, q(late.guid));
    expect(newcomer.welcome.cards).toEqual([closed]);
    await Promise.all([host.close(), pa.close(), pb.close(), newcomer.close()]);
  });

  it('refuses what does not fit: a learner’s host frames, a key outside the options, a card twice pushed or not open', async () => {
    const me = await learner();
    const p = await Peer.join(base, q(me.guid));
    p.send({ t: 'card', stem: '题', options: ['甲', '乙'], answer: 'A', explanation: '' });
    expect(await p.error()).toBe(LIVE_SOCKET_MSG.notHost);
    p.send({ t: 'push', cardId: 1 });
    expect(await p.error()).toBe(LIVE_SOCKET_MSG.notHost);

    const host = await Peer.join(base, q(me.guid, { host: s.hostKey }));
    host.send({ t: 'card', stem: '题', options: ['甲', '乙'], answer: 'D', explanation: '' });
    expect(await host.error()).toBe(LIVE_SOCKET_MSG.badFrame);
    host.send({ t: 'card', stem: '第二题', options: ['甲', '乙'], answer: 'A', explanation: '' });
    const card = (await host.wait((f) => cardsIn(f).some((c) => c.stem === '第二题'))).cards.find((c: LiveCard) => c.stem === '第二题') as LiveCard;
    host.send({ t: 'close', cardId: card.id });
    expect(await host.error()).toBe(LIVE_MSG.cardClosed);
    host.send({ t: 'push', cardId: card.id });
    await p.wait((f) => cardsIn(f).some((c) => c.id === card.id && c.state === 'open'));
    host.send({ t: 'push', cardId: card.id });
    expect(await host.error()).toBe(LIVE_MSG.cardUnknown);

    const other = await makeSession(t);
    expect((await answer(me.guid, card.id, 'A', other.id)).msg).toBe(LIVE_MSG.cardUnknown);
    expect((await answer(me.guid, 987_654, 'A')).msg).toBe(LIVE_MSG.cardUnknown);
    await settle();
    await Promise.all([p.close(), host.close()]);
  });
});
