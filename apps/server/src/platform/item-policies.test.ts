import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls, MSG, type CallDef } from '@kaoshi/contract';
import { createTestApp, NOT_LOGGED_IN, nextPhone, type TestApp } from '../test/helpers.ts';
import { matrixFixtures, type MatrixItems, type Persona } from './item-policies-harness.ts';

/**
 * The item policy matrix (docs/entitlement.md, "Item policies"): every call of the contract whose gate names an
 * item (`gate.item`), read from the contract's call list, × every kind of caller, on a fresh demo database. The
 * item is one of the demo subject 护士执业资格 (1001) that a trial does not open (item-policies-harness.ts). A call
 * with an item gate and no row here fails the test: a new item call must say what each caller gets.
 */

const APP = 1001;
const PERSONAS = ['guest', 'trial', 'lower', 'otherSubject', 'holder'] as const satisfies readonly Persona[];
/** 200: allowed; 403: the buy prompt, with the versions that open the item (their vn); 401: a session call as guest. */
type Answer = 200 | 401 | { status: 403; unlocking: readonly string[] };

interface Row {
  /** The request naming a locked item (the gate's field among it); the guid is added per caller. */
  input(): Record<string, unknown>;
  answers: Record<Persona, Answer>;
  /** The status for an item that does not exist, when the module's own answer is not 404 (a question by id: 400 试题不存在). */
  missing?: 400;
}

/**
 * Versions of 1001 (content/demo/catalog.json): 1 基础班 (chapter, paper, knowledge, shorthand), 2 VIP班 (+ video,
 * handout, pocket, theory), 3 至尊班 (+ live, mock, sprint…), 4_MNDB 考前模拟 (chapter, mock, sprint; hidden from
 * holders of 1). Every version has chapter practice with a trial rule.
 */
const BUY_2_3 = { status: 403, unlocking: ['2', '3'] } as const;
const BUY_ANY = { status: 403, unlocking: ['1', '2', '3'] } as const;
const BUY_3 = { status: 403, unlocking: ['3'] } as const;
/** The handout / pocket page / lesson family: only versions 2 and 3 open it; the lower version (1) does not. */
const VIP_ONLY: Row['answers'] = { guest: 401, trial: BUY_2_3, lower: BUY_2_3, otherSubject: BUY_2_3, holder: 200 };
/** Knowledge and 速记: every version opens them (a trial opens only the first chapter of each part). */
const ANY_VERSION: Row['answers'] = { guest: 401, trial: BUY_ANY, lower: 200, otherSubject: BUY_ANY, holder: 200 };
/** A question of a closed chapter (查看试题, its discussion): every version opens it, 考前模拟 too. */
const ANY_CHAPTER_VERSION: Row['answers'] = {
  guest: 401,
  trial: { status: 403, unlocking: ['1', '2', '3', '4_MNDB'] },
  lower: 200,
  otherSubject: { status: 403, unlocking: ['1', '2', '3', '4_MNDB'] },
  holder: 200,
};
/** 考前密卷 by id: 至尊班 and 考前模拟, which is hidden from a holder of 基础班. */
const SECRET_PAPER: Row['answers'] = {
  guest: 401,
  trial: { status: 403, unlocking: ['3', '4_MNDB'] },
  lower: BUY_3,
  otherSubject: { status: 403, unlocking: ['3', '4_MNDB'] },
  holder: 200,
};
/** A paid live session's room: 至尊班 only. */
const LIVE_ONLY: Row['answers'] = { guest: 401, trial: BUY_3, lower: BUY_3, otherSubject: BUY_3, holder: 200 };
/** A course's page, a session as listed (collect, book, record a view): every learner of a subject on sale. */
const OPEN_TO_ALL: Row['answers'] = { guest: 401, trial: 200, lower: 200, otherSubject: 200, holder: 200 };

let items: MatrixItems;
let t: TestApp;
let guids: Partial<Record<Persona, string>> = {};

const MATRIX: Record<string, Row> = {
  'reading.content': { input: () => ({ appID: APP, kind: 'handout', id: items.handout }), answers: VIP_ONLY },
  'reading.pocketContent': { input: () => ({ appID: APP, id: items.pocket }), answers: VIP_ONLY },
  'reading.position': { input: () => ({ appID: APP, id: items.handout, percent: 10, at: 1 }), answers: VIP_ONLY },
  'reading.mark': { input: () => ({ appID: APP, id: items.handout, clientId: `m-${nextPhone()}`, quote: '体温', color: 'yellow', at: 1 }), answers: VIP_ONLY },
  'knowledge.detail': { input: () => ({ appID: APP, pointID: items.point }), answers: ANY_VERSION },
  'shorthand.cards': { input: () => ({ appID: APP, pointID: items.point }), answers: ANY_VERSION },
  'shorthand.grade': { input: () => ({ appID: APP, cardID: items.card, grade: 'know', reviewID: `r-${nextPhone()}`, at: 1 }), answers: ANY_VERSION },
  'video.lesson': { input: () => ({ lessonID: items.lesson }), answers: VIP_ONLY },
  'video.progress': { input: () => ({ lessonID: items.lesson, position: 1, ranges: '0-1', at: 1 }), answers: VIP_ONLY },
  'video.coursedetail': { input: () => ({ courseID: items.course }), answers: OPEN_TO_ALL },
  'video.appoint': { input: () => ({ appID: APP, videoID: items.upcoming, status: 1 }), answers: OPEN_TO_ALL },
  'exam.start': { input: () => ({ appID: APP, paperID: items.paper }), answers: SECRET_PAPER },
  'study.cptcontent': { input: () => ({ appID: APP, allTestID: items.question }), answers: ANY_CHAPTER_VERSION, missing: 400 },
  'discussion.count': { input: () => ({ appID: APP, kind: 'question', id: items.question }), answers: ANY_CHAPTER_VERSION },
  'discussion.list': { input: () => ({ appID: APP, kind: 'question', id: items.question }), answers: ANY_CHAPTER_VERSION },
  'discussion.post': { input: () => ({ appID: APP, kind: 'question', id: items.question, body: '记住半卧位。' }), answers: ANY_CHAPTER_VERSION },
  'discussion.thread': { input: () => ({ id: items.post }), answers: ANY_CHAPTER_VERSION },
  'discussion.reply': { input: () => ({ id: items.post, body: '同意。' }), answers: ANY_CHAPTER_VERSION },
  'discussion.like': { input: () => ({ id: items.post, like: true }), answers: ANY_CHAPTER_VERSION },
  'discussion.report': { input: () => ({ id: items.post, reason: 'other' }), answers: ANY_CHAPTER_VERSION },
  'live.course': { input: () => ({ courseID: items.liveCourse }), answers: OPEN_TO_ALL },
  'live.collect': { input: () => ({ liveID: items.upcoming, status: 1 }), answers: OPEN_TO_ALL },
  'live.record': { input: () => ({ appID: APP, liveID: items.upcoming }), answers: OPEN_TO_ALL },
  'live.room': { input: () => ({ liveID: items.onAir }), answers: LIVE_ONLY },
  'live.optimal': { input: () => ({ liveID: items.onAir }), answers: LIVE_ONLY },
  'live.replay': { input: () => ({ liveID: items.recorded }), answers: LIVE_ONLY },
  'live.answer': { input: () => ({ liveID: items.onAir, cardID: items.liveCard, choice: 'A' }), answers: LIVE_ONLY },
};

const itemCalls = allCalls.filter((c: CallDef) => c.gate?.item);

beforeAll(async () => {
  t = await createTestApp();
  ({ guids, items } = await matrixFixtures(t));
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
        expect(reply.status, reply.msg).toBe(MATRIX[call.id]!.missing ?? 404);
        expect(reply.msg.length).toBeGreaterThan(0);
      });
    });
  }
});
