import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls, knowledgeCalls as k, MSG, readingCalls as r, type CallDef, type PointItem } from '@kaoshi/contract';
import { videoChapters, videoCourses, videoLessons } from '../db/schema/index.ts';
import { createTestApp, NOT_LOGGED_IN, nextPhone, type TestApp } from '../test/helpers.ts';

/**
 * The item policy matrix (docs/entitlement.md, "Item policies"): every call of the contract whose gate names an
 * item (`gate.item`), read from the contract's call list, × every kind of caller, on a fresh demo database. The
 * item is one of the demo subject 护士执业资格 (1001) that a trial does not open. A call with an item gate and no
 * row here fails the test: a new item call must say what each caller gets.
 */

const APP = 1001;
const PERSONAS = ['guest', 'trial', 'lower', 'otherSubject', 'holder'] as const;
type Persona = (typeof PERSONAS)[number];
/** 200: allowed; 403: the buy prompt, with the versions that open the item (their vn); 401: a session call as guest. */
type Answer = 200 | 401 | { status: 403; unlocking: readonly string[] };

interface Row {
  /** The request naming a locked item (the gate's field among it); the guid is added per caller. */
  input(): Record<string, unknown>;
  answers: Record<Persona, Answer>;
}

/** Versions of 1001 (content/demo/catalog.json): 1 基础班 (chapter, knowledge, shorthand), 2 VIP班 (+ video, handout, pocket, theory), 3 至尊班. */
const BUY_2_3 = { status: 403, unlocking: ['2', '3'] } as const;
const BUY_ANY = { status: 403, unlocking: ['1', '2', '3'] } as const;
/** The handout / pocket page / lesson family: only versions 2 and 3 open it; the lower version (1) does not. */
const VIP_ONLY: Row['answers'] = { guest: 401, trial: BUY_2_3, lower: BUY_2_3, otherSubject: BUY_2_3, holder: 200 };
/** Knowledge and 速记: every version opens them (a trial opens only the first chapter of each part). */
const ANY_VERSION: Row['answers'] = { guest: 401, trial: BUY_ANY, lower: 200, otherSubject: BUY_ANY, holder: 200 };

const locked = { handout: 0, pocket: 0, point: 0, card: 0, lesson: 0 };
let t: TestApp;
const guids: Partial<Record<Persona, string>> = {};

const MATRIX: Record<string, Row> = {
  'reading.content': { input: () => ({ appID: APP, kind: 'handout', id: locked.handout }), answers: VIP_ONLY },
  'reading.pocketContent': { input: () => ({ appID: APP, id: locked.pocket }), answers: VIP_ONLY },
  'reading.position': { input: () => ({ appID: APP, id: locked.handout, percent: 10, at: 1 }), answers: VIP_ONLY },
  'reading.mark': { input: () => ({ appID: APP, id: locked.handout, clientId: `m-${nextPhone()}`, quote: '体温', color: 'yellow', at: 1 }), answers: VIP_ONLY },
  'knowledge.detail': { input: () => ({ appID: APP, pointID: locked.point }), answers: ANY_VERSION },
  'shorthand.cards': { input: () => ({ appID: APP, pointID: locked.point }), answers: ANY_VERSION },
  'shorthand.grade': { input: () => ({ appID: APP, cardID: locked.card, grade: 'know', reviewID: `r-${nextPhone()}`, at: 1 }), answers: ANY_VERSION },
  'video.lesson': { input: () => ({ lessonID: locked.lesson }), answers: VIP_ONLY },
  'video.progress': { input: () => ({ lessonID: locked.lesson, position: 1, ranges: '0-1', at: 1 }), answers: VIP_ONLY },
};

const itemCalls = allCalls.filter((c: CallDef) => c.gate?.item);

beforeAll(async () => {
  t = await createTestApp();
  const learner = async (grant?: { appId: number; vn: string; vnOrder: number }) => {
    const l = await t.register(nextPhone());
    if (grant) await t.grant(l.userID, grant.appId, grant);
    return l.guid;
  };
  guids.trial = await learner();
  guids.lower = await learner({ appId: APP, vn: '1', vnOrder: 1 });
  guids.otherSubject = await learner({ appId: 1002, vn: '3', vnOrder: 3 });
  guids.holder = await learner({ appId: APP, vn: '3', vnOrder: 3 });

  // The locked items, as the trial learner's lists show them (closed chapters).
  const firstLocked = (list: { open: boolean; items: { id: number }[] }[]) => list.find((c) => !c.open && c.items.length > 0)!.items[0]!.id;
  locked.handout = firstLocked((await t.call(r.readingCatalog, { guid: guids.trial, appID: APP, kind: 'handout' })).data.list);
  locked.pocket = firstLocked((await t.call(r.pocketMenu, { guid: guids.trial, appID: APP })).data.list);
  const points: PointItem[] = (await t.call(k.pointsList, { guid: guids.trial, appID: APP })).data.chapters.flatMap((c: { points: PointItem[] }) => c.points);
  locked.point = points.find((p) => !p.open && p.cards > 0)!.id;
  locked.card = (await t.call(k.shorthandCards, { guid: guids.holder, appID: APP, pointID: locked.point })).data.cards[0].id;
  // A lesson of 1001 without a preview (the demo seed has no video unless DEMO_VIDEO is on).
  const [course] = await t.db
    .insert(videoCourses)
    .values({ key: 'matrix', appId: APP, title: '矩阵课程', publishedAt: new Date(t.clock.now) })
    .returning();
  const [chapter] = await t.db.insert(videoChapters).values({ courseId: course!.id, title: '第一章' }).returning();
  const [lesson] = await t.db
    .insert(videoLessons)
    .values({
      key: 'matrix-closed',
      chapterId: chapter!.id,
      title: '付费课',
      durationS: 20,
      previewSeconds: 0,
      mediaKey: '1001/matrix',
      mediaVersion: 1,
      renditions: ['360p'],
      publishedAt: new Date(t.clock.now),
    })
    .returning();
  locked.lesson = lesson!.id;
  t.forgetCaches();
});
afterAll(() => t.close());

describe('item policies', () => {
  it('has a row for every call of the contract with an item gate, and none for a call without one', () => {
    expect(itemCalls.length).toBeGreaterThan(0);
    expect(
      itemCalls.map((c) => c.id).filter((id) => !MATRIX[id]),
      'item calls without a row in the matrix',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((id) => !itemCalls.some((c) => c.id === id)),
      'rows of calls without an item gate',
    ).toEqual([]);
  });

  for (const call of itemCalls) {
    describe(call.id, () => {
      for (const who of PERSONAS) {
        it(`answers the ${who}`, async () => {
          const row = MATRIX[call.id];
          expect(row, `${call.id} has no row in the item policy matrix`).toBeDefined();
          const want = row!.answers[who];
          const reply = await t.callRaw(call, { ...row!.input(), ...(who === 'guest' ? {} : { guid: guids[who] }) });
          if (want === 401) expect(reply).toEqual(NOT_LOGGED_IN);
          else if (want === 200) expect(reply.status, reply.msg).toBe(200);
          else {
            expect({ status: reply.status, msg: reply.msg }).toEqual({ status: 403, msg: MSG.buyAny });
            expect(reply.data.unlocking.map((u: { vn: string; vname: string }) => u.vn)).toEqual(want.unlocking);
            expect(reply.data.unlocking.every((u: { vname: string }) => u.vname.length > 0)).toBe(true);
          }
        });
      }

      it('answers 404 for an item that does not exist', async () => {
        const input = { ...MATRIX[call.id]!.input(), [call.gate!.item!.field]: 999_999, guid: guids.holder };
        const reply = await t.callRaw(call, input);
        expect(reply.status, reply.msg).toBe(404);
        expect(reply.msg.length).toBeGreaterThan(0);
      });
    });
  }
});
