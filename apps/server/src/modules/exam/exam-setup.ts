import { addSimulationReplys, simulationStart, type PaperSection } from '@kaoshi/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { papers, questions, versions } from '../../db/schema/index.ts';
import { createTestApp, replyIds, type TestApp } from '../../test/helpers.ts';

export let t: TestApp;
export const APP = 2001;
export const LIMIT = 600;

/** Makes a module free (trial) in every version of a subject, in this test database only. */
export async function makeModuleFree(appId: number, moduleId: string) {
  const rows = await t.db.select().from(versions).where(eq(versions.appId, appId));
  for (const v of rows) {
    await t.db
      .update(versions)
      .set({ vnjson: v.vnjson.map((m) => (m.id === moduleId ? { ...m, free: true } : m)) })
      .where(eq(versions.id, v.id));
  }
}

export interface Q {
  id: number;
  type: string;
  answer: string | string[];
}
export let A1: Q[];
export let X: Q[];
export let A3: Q[];
export let paperId: number;
export const keyOf = (q: Q) => (Array.isArray(q.answer) ? q.answer[0]! : q.answer);
export const wrongOf = (q: Q) => (keyOf(q) === 'A' ? 'B' : 'A');

/** A short three-section paper of subject 2001: 3 A1 (1 mark), 2 X (2 marks), the A3 group's sub-questions (1 mark). */
export async function makePaper(code: string, limitSeconds = LIMIT, kind = 'mock'): Promise<number> {
  const sections: PaperSection[] = [
    { type: 'A1', title: 'A1型题', score: 1, questions: A1.map((q) => q.id) },
    { type: 'X', title: 'X型题', score: 2, questions: X.map((q) => q.id) },
    { type: 'A3', title: 'A3型题', score: 1, questions: A3.map((q) => q.id) },
  ];
  const total = A1.length + X.length * 2 + A3.length;
  const at = new Date(t.clock.now);
  const [row] = await t.db
    .insert(papers)
    .values({
      appId: APP,
      code,
      kind,
      name: `测试卷 ${code}`,
      year: null,
      timeLimitSeconds: limitSeconds,
      passScore: 5,
      totalScore: total,
      sections,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: papers.id });
  return row!.id;
}

export const rid = replyIds('exam-reply');

export const start = (guid: string, extra: Record<string, unknown> = {}) => t.call(simulationStart, { guid, appID: APP, paperID: paperId, ...extra });
export const save = (guid: string, examHistoryID: number, replies: object[]) => t.call(addSimulationReplys, { guid, examHistoryID, replies: JSON.stringify(replies) });
export const reply = (q: Q, lastUserReply: string, extra: Record<string, unknown> = {}) => ({
  replyID: rid(),
  allTestID: q.id,
  lastUserReply,
  spendTime: 5,
  ...extra,
});

/** Every key anywhere in a JSON value. */
export function keysIn(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) v.forEach((x) => keysIn(x, out));
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      out.add(k);
      keysIn(x, out);
    }
  return out;
}

/** Registers this file's hooks (the app and its data) in the calling test file. */
export function useSetup(): void {
  beforeAll(async () => {
    t = await createTestApp();
    await makeModuleFree(APP, 'paper');
    const rows = await t.db
      .select({ id: questions.id, type: questions.type, answer: questions.answer, groupId: questions.groupId })
      .from(questions)
      .where(and(eq(questions.appId, APP), eq(questions.retired, false)))
      .orderBy(asc(questions.id));
    A1 = rows.filter((r) => r.type === 'A1').slice(0, 3);
    X = rows.filter((r) => r.type === 'X').slice(0, 2);
    const a3 = rows.find((r) => r.type === 'A3')!;
    A3 = rows.filter((r) => r.groupId !== null && r.groupId === a3.groupId);
    paperId = await makePaper('exam-test-1');
  });
  afterAll(() => t.close());
}
