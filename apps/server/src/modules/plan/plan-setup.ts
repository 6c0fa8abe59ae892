import { planStudy, submitReply, type PlanView } from '@kaoshi/contract';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { questions } from '../../db/schema/index.ts';
import { nextPhone, replyIds, type TestApp } from '../../test/helpers.ts';

/** The demo subject with the bank, lessons, handouts and mock papers. */
export const APP = 1001;
export const DAY = 86_400_000;
const CHINA = 8 * 3_600_000;

const rid = replyIds('plan-reply');

/** A learner; `top`: holding the top version (every chapter, lessons, handouts, mocks) for a year. */
export async function learner(t: TestApp, top = true): Promise<{ guid: string; userID: number; phone: string }> {
  const phone = nextPhone();
  const { guid, userID } = await t.register(phone);
  if (top) await t.grant(userID, APP, { vn: '3', vnOrder: 3 }, 400 * DAY);
  return { guid, userID, phone };
}

/** Moves the test clock (forward only) to a China day and time 'HH:mm'. */
export function setChinaTime(t: TestApp, day: string, hhmm: string): void {
  const target = Date.parse(`${day}T${hhmm}:00.000Z`) - CHINA;
  if (target < t.clock.now) throw new Error(`the clock cannot go back to ${day} ${hhmm}`);
  t.clock.advance(target - t.clock.now);
}

/** The test clock's China day. */
export const today = (t: TestApp) => new Date(t.clock.now + CHINA).toISOString().slice(0, 10);
export const dayAfter = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/** Questions of a chapter (group members too), in id order, with a right and a wrong reply. */
export async function chapterQuestions(t: TestApp, chapterId: number) {
  const rows = await t.db
    .select({ id: questions.id, type: questions.type, answer: questions.answer, groupId: questions.groupId })
    .from(questions)
    .where(and(eq(questions.appId, APP), eq(questions.chapterId, chapterId), eq(questions.retired, false)))
    .orderBy(asc(questions.id));
  return rows.map((q) => {
    const key = Array.isArray(q.answer) ? q.answer.join('') : q.answer;
    return { id: q.id, type: q.type, groupId: q.groupId, chapterId, right: key, wrong: key === 'A' ? 'B' : 'A' };
  });
}

/** Answers a question through chapter practice. */
export async function answer(t: TestApp, guid: string, q: { id: number; type: string; chapterId: number; groupId: number | null }, reply: string) {
  const body = await t.call(submitReply, {
    guid,
    appID: APP,
    cptID: q.chapterId,
    allTestID: q.id,
    childTableID: q.groupId ?? 0,
    childTableName: q.type,
    srcID: String(q.id),
    sbjID: APP,
    styleID: 1,
    lastUserReply: reply,
    spendTime: 30,
    examHistoryID: 0,
    replyID: rid(),
  });
  expect(body.status, body.msg).toBe(200);
}

/** studyplan, checked 200. */
export async function study(t: TestApp, guid: string, date?: string): Promise<PlanView> {
  const body = await t.call(planStudy, { guid, appID: APP, date });
  expect(body.status, body.msg).toBe(200);
  return body.data as PlanView;
}
