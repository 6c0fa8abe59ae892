import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { type AiReasonJson, aiRounds, examSessions, pointCards } from '../../db/schema/index.ts';
import { chapterList, livePointQuestions, pointOf } from '../questions/index.ts';
import { sessionCountOfMode } from '../exam/index.ts';
import { answeredQuestions, latestRightOf } from '../practice/index.ts';

/** The TEST_MODES row of the adaptive rounds (exam_sessions.test_mode). */
export const AI_TEST_MODE = 'AICoreExamTest';

export type { PointQuestionRow } from '../questions/index.ts';

/** SQL of the AI module (docs/ai-practice.md); every read and write of a learner's rows takes the learner's id. */
export function createAiStore(db: Database) {
  return {
    /**
     * Questions (not retired) of the subject with their points, by chapter order and id. `texts: false` leaves
     * the explanations out ('') — the round needs none, and they are most of the bytes of a large bank.
     */
    pointQuestions: (appId: number, options: { texts?: boolean } = {}) => livePointQuestions(db, appId, options),

    /** The subject's chapters (id, parent) for a chapter's subtree. */
    chapters: (appId: number) => chapterList(db, appId),

    /** A knowledge point of the subject, or undefined. */
    point: (appId: number, id: number) => pointOf(db, appId, id),

    /** Per question of the subject the learner answered: whether the latest counted (not reset) reply is right. */
    latestRight: (userId: number, appId: number) => latestRightOf(db, userId, appId),

    /** Questions of the subject the learner answered (any reply, reset or not) after `since`. */
    answeredSince: (userId: number, appId: number, since: Date) => answeredQuestions(db, userId, { appId, after: since }),

    /** The learner's open adaptive round of the subject (newest), with its stored reasons when written. */
    async openRound(userId: number, appId: number) {
      const [row] = await db
        .select({ sessionId: examSessions.id, sourceKey: examSessions.sourceKey, round: aiRounds.round, reasons: aiRounds.reasons })
        .from(examSessions)
        .leftJoin(aiRounds, eq(aiRounds.sessionId, examSessions.id))
        .where(and(eq(examSessions.userId, userId), eq(examSessions.appId, appId), eq(examSessions.testMode, AI_TEST_MODE), eq(examSessions.status, 'open')))
        .orderBy(desc(examSessions.id))
        .limit(1);
      return row;
    },

    /** How many adaptive rounds the learner ever started in the subject. */
    roundCount: (userId: number, appId: number) => sessionCountOfMode(db, userId, appId, AI_TEST_MODE),

    /** Stores the reasons of a round once (a concurrent writer's row wins); answers the stored row. */
    async saveRound(row: { sessionId: number; userId: number; appId: number; round: number; reasons: AiReasonJson[]; createdAt: Date }) {
      await db.insert(aiRounds).values(row).onConflictDoNothing();
      const [stored] = await db
        .select()
        .from(aiRounds)
        .where(and(eq(aiRounds.sessionId, row.sessionId), eq(aiRounds.userId, row.userId)));
      return stored!;
    },

    /** The learner's last handed-in adaptive round of the subject with its reasons. */
    async lastHanded(userId: number, appId: number) {
      const [row] = await db
        .select({ sessionId: examSessions.id, round: aiRounds.round, reasons: aiRounds.reasons, result: examSessions.result, handedAt: examSessions.handedAt })
        .from(examSessions)
        .innerJoin(aiRounds, eq(aiRounds.sessionId, examSessions.id))
        .where(and(eq(examSessions.userId, userId), eq(examSessions.appId, appId), eq(examSessions.testMode, AI_TEST_MODE), eq(examSessions.status, 'handed')))
        .orderBy(desc(examSessions.handedAt), desc(examSessions.id))
        .limit(1);
      return row;
    },

    /** The learner's card grades of the subject. */
    async cards(userId: number, appId: number) {
      return db
        .select({ pointId: pointCards.pointId, grade: pointCards.grade, seenAt: pointCards.seenAt })
        .from(pointCards)
        .where(and(eq(pointCards.userId, userId), eq(pointCards.appId, appId)));
    },

    /** Stores (replaces) the learner's grade of a point card. */
    async grade(userId: number, appId: number, pointId: number, grade: string, seenAt: Date) {
      await db
        .insert(pointCards)
        .values({ userId, appId, pointId, grade, seenAt })
        .onConflictDoUpdate({ target: [pointCards.userId, pointCards.appId, pointCards.pointId], set: { grade, seenAt } });
    },
  };
}

export type AiStore = ReturnType<typeof createAiStore>;
