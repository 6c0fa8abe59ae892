// The exam-day bench's integrity check (bench/exam-day.ts), with SQL after the server stopped.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type DatabaseHandle } from '../apps/server/src/db/index.ts';
import { answers, examSessions } from '../apps/server/src/db/schema/index.ts';
import { type Learner } from './exam-day-setup.ts';

export async function check(database: DatabaseHandle, learners: Learner[], paperId: number): Promise<string[]> {
  const { db } = database;
  const problems: string[] = [];
  const ids = learners.map((l) => l.userId);
  const rows = await db
    .select({ id: examSessions.id, userId: examSessions.userId, status: examSessions.status, score: examSessions.score })
    .from(examSessions)
    .where(and(inArray(examSessions.userId, ids), eq(examSessions.paperId, paperId)));
  const byUser = new Map<number, typeof rows>();
  for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);
  const counts = await db
    .select({ sessionId: answers.examHistoryId, n: sql<number>`count(*)::int`, distinctQ: sql<number>`count(distinct ${answers.questionId})::int` })
    .from(answers)
    .where(inArray(answers.userId, ids))
    .groupBy(answers.examHistoryId);
  const bySession = new Map(counts.map((c) => [c.sessionId, c]));
  // Integrity (must hold for every learner whatever the load): never two sessions, a handed session has a score
  // and exactly one answers row per question answered, both replies of a double hand-in the same result.
  // Incomplete (the client gave up: start or hand-in failed in transport or timed out): counted, not a violation.
  let handed = 0;
  let answersOk = 0;
  let sameTwice = 0;
  let noSession = 0;
  let stillOpen = 0;
  let oneOfTwo = 0;
  const violation = (msg: string) => problems.length < 10 && problems.push(msg);
  let violations = 0;
  for (const l of learners) {
    const mine = byUser.get(l.userId) ?? [];
    if (mine.length === 0) {
      noSession += 1;
      continue;
    }
    if (mine.length > 1) {
      violations += 1;
      violation(`learner ${l.i}: ${mine.length} sessions ${mine.map((m) => `${m.id}/${m.status}/${m.score}`).join(' ')}`);
      continue;
    }
    const s = mine[0]!;
    if (s.status !== 'handed') {
      stillOpen += 1;
      continue;
    }
    if (s.score === null) {
      violations += 1;
      violation(`learner ${l.i}: session ${s.id} handed without a score`);
      continue;
    }
    handed += 1;
    const c = bySession.get(s.id) ?? { n: 0, distinctQ: 0 };
    const answered = new Set(l.answered).size;
    if (c.n === answered && c.distinctQ === answered) answersOk += 1;
    else {
      violations += 1;
      violation(`learner ${l.i}: ${c.n} answers rows (${c.distinctQ} questions) for ${answered} questions answered`);
    }
    if (l.guid2) {
      const scores = l.handIns.map((t) => /"score":([\d.]+)/.exec(t)?.[1]);
      if (scores.length < 2) oneOfTwo += 1;
      else if (scores[0] === scores[1]) sameTwice += 1;
      else {
        violations += 1;
        violation(`learner ${l.i}: the two hand-ins answered ${scores.join(' / ')}`);
      }
    }
  }
  const stray = counts.filter((c) => c.sessionId === 0 || !rows.some((r) => r.id === c.sessionId));
  if (stray.length) {
    violations += 1;
    violation(`${stray.length} answers groups outside the bench sessions`);
  }
  console.log(
    `check: ${handed}/${learners.length} learners handed in: ${answersOk} with exactly one answers row per question answered, ${sameTwice} double hand-ins answered the same score twice` +
      ` (${oneOfTwo} got one of the two replies); none with two sessions: ${violations === 0 ? 'yes' : 'NO'}. Incomplete because the client gave up: ${noSession} never got a session (start failed), ${stillOpen} still open (hand-in failed)`,
  );
  if (violations > 0) problems.unshift(`check failed: ${violations} integrity violation(s)`);
  return problems;
}
