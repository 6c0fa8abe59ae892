import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeCalls as k, MSG, type PointItem } from '@kaoshi/contract';
import { createTestApp, DEMO, makeModulePaid, type TestApp } from '../../test/helpers.ts';

/**
 * 速记 cards are the content of their point (issue 32 item 9): a learner the point is locked to gets none of them
 * from any call, refused as the point's own page is (docs/reading.md). On the demo 护士执业资格 (1001), whose trial
 * opens the first chapter of each part, as its trial learner 13800000000.
 */

const APP = 1001;
let t: TestApp;
let trial: string;
let points: PointItem[];

beforeAll(async () => {
  t = await createTestApp();
  trial = await t.login(DEMO.learner, DEMO.password);
  const list = await t.call(k.pointsList, { guid: trial, appID: APP });
  expect(list.status, list.msg).toBe(200);
  points = list.data.chapters.flatMap((c: { points: PointItem[] }) => c.points);
});
afterAll(() => t.close());

describe('速记 cards of a locked point', () => {
  it('are refused to the trial learner by every call, as the point itself is', async () => {
    const locked = points.filter((p) => !p.open && p.cards > 0);
    expect(locked.length).toBeGreaterThan(0);
    for (const p of locked) {
      const cards = await t.call(k.shorthandCards, { guid: trial, appID: APP, pointID: p.id });
      expect(cards, p.name).toMatchObject({ status: 403, msg: MSG.buyAny });
      expect(cards.data.unlocking.length).toBeGreaterThan(0);
      expect(cards.data.cards).toBeUndefined();
      expect((await t.call(k.pointDetail, { guid: trial, appID: APP, pointID: p.id })).status).toBe(403);
      const session = await t.call(k.shorthandSession, { guid: trial, appID: APP, pointID: p.id });
      expect(session.data.cards, p.name).toEqual([]);
    }
    // The review session and the decks of the whole subject bring only open points' cards.
    const all = await t.call(k.shorthandSession, { guid: trial, appID: APP });
    const openIds = new Set(points.filter((p) => p.open).map((p) => p.id));
    expect(all.data.cards.length).toBeGreaterThan(0);
    expect(all.data.cards.every((c: { pointID: number }) => openIds.has(c.pointID))).toBe(true);
    const decks = await t.call(k.shorthandDecks, { guid: trial, appID: APP });
    expect(decks.data.total).toBe(points.filter((p) => p.open).reduce((n, p) => n + p.cards, 0));
  });

  it("an open point's cards still come, with its page and in a session of it", async () => {
    const open = points.find((p) => p.open && p.cards > 0)!;
    const cards = await t.call(k.shorthandCards, { guid: trial, appID: APP, pointID: open.id });
    expect(cards.status, cards.msg).toBe(200);
    expect(cards.data).toMatchObject({ point: { id: open.id } });
    // No 'open' flag: a card the learner may not open is never sent, so there is nothing to mark (the web's dead branch).
    expect(cards.data).not.toHaveProperty('open');
    expect(cards.data.cards).toHaveLength(open.cards);
    expect((await t.call(k.pointDetail, { guid: trial, appID: APP, pointID: open.id })).data.cards).toHaveLength(open.cards);
    expect((await t.call(k.shorthandSession, { guid: trial, appID: APP, pointID: open.id })).data.cards).toHaveLength(open.cards);
  });

  it("a point's page carries its cards only where module shorthand opens them", async () => {
    // The knowledge module still opens the point; 速记 becomes paid (no trial) in this database.
    await makeModulePaid(t.db, APP, 'shorthand');
    const open = points.find((p) => p.open && p.cards > 0)!;
    const detail = await t.call(k.pointDetail, { guid: trial, appID: APP, pointID: open.id });
    expect(detail.status, detail.msg).toBe(200);
    expect(detail.data.point.cards).toBe(open.cards);
    expect(detail.data.cards).toEqual([]);
    expect((await t.call(k.shorthandCards, { guid: trial, appID: APP, pointID: open.id })).status).toBe(403);
  });
});
