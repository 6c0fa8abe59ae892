import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { aiRounds, chapters, examSessions, knowledgePoints, pointCards, questionPoints, questions, type AiReasonJson } from '../../db/schema/index.ts';
import { sessionCountOfMode } from '../exam/index.ts';
import { answeredQuestions, latestRightOf } from '../practice/index.ts';
import { chapterList } from '../questions/index.ts';

/** The TEST_MODES row of the adaptive rounds (exam_sessions.test_mode). */
export const AI_TEST_MODE = 'AICoreExamTest';

/** A question of the subject carrying a knowledge point (one row per question and point). */
export interface PointQuestionRow {
  questionId: number;
  pointId: number;
  type: string;
  groupId: number | null;
  groupOrder: number;
  chapterId: number;
  chapterName: string;
  chapterOrder: number;
  year: number | null;
  explanation: string;
}

/** SQL of the AI module (docs/ai-practice.md); every read and write of a learner's rows takes the learner's id. */
export function createAiStore(db: Database) {
  return {
    /**
     * Questions (not retired) of the subject with their points, by chapter order and id. `texts: false` leaves
     * the explanations out ('') — the round needs none, and they are most of the bytes of a large bank.
     */
    async pointQuestions(appId: number, { texts = true }: { texts?: boolean } = {}): Promise<PointQuestionRow[]> {
      return db
        .select({
          questionId: questions.id,
          pointId: questionPoints.pointId,
          type: questions.type,
          groupId: questions.groupId,
          groupOrder: questions.groupOrder,
          chapterId: questions.chapterId,
          chapterName: chapters.name,
          chapterOrder: chapters.order,
          year: questions.year,
          explanation: texts ? questions.explanation : sql<string>`''`,
        })
        .from(questionPoints)
        .innerJoin(questions, eq(questions.id, questionPoints.questionId))
        .innerJoin(chapters, eq(chapters.id, questions.chapterId))
        .where(and(eq(questions.appId, appId), eq(questions.retired, false)))
        .orderBy(asc(chapters.order), asc(chapters.id), asc(questions.id));
    },

    /** The subject's chapters (id, parent) for a chapter's subtree. */
    chapters: (appId: number) => chapterList(db, appId),

    /** A knowledge point of the subject, or undefined. */
    async point(appId: number, id: number) {
      const [row] = await db
        .select({ id: knowledgePoints.id, name: knowledgePoints.name })
        .from(knowledgePoints)
        .where(and(eq(knowledgePoints.appId, appId), eq(knowledgePoints.id, id)));
      return row;
    },

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
