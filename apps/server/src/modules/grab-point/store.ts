import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { knowledgePoints, questionPoints, questions } from '../../db/schema/index.ts';
import { sessionsOfMode } from '../exam/index.ts';
import { latestCountedAnswers } from '../practice/index.ts';
import { templatePaper } from '../papers/index.ts';

/** The only SQL of 考前抢分 (docs/clearance-grabpoint.md). Learner reads filter by the given user id. */
export function createGrabPointStore(db: Database) {
  /** The learner's latest counted answer (not reset) per question of a subject. */
  const latest = (userId: number, appId: number) => latestCountedAnswers(db, userId, appId);

  return {
    /** Per knowledge point with questions in use: its questions, those with a past-exam year, and those the learner answers right now. */
    pointStats(userId: number, appId: number) {
      const l = latest(userId, appId);
      return db
        .select({
          id: knowledgePoints.id,
          code: knowledgePoints.code,
          name: knowledgePoints.name,
          total: count(questions.id),
          years: count(questions.year),
          right: sql<number>`count(*) filter (where ${l.right})`.mapWith(Number),
        })
        .from(knowledgePoints)
        .innerJoin(questionPoints, eq(questionPoints.pointId, knowledgePoints.id))
        .innerJoin(questions, and(eq(questions.id, questionPoints.questionId), eq(questions.retired, false)))
        .leftJoin(l, eq(l.questionId, questions.id))
        .where(eq(knowledgePoints.appId, appId))
        .groupBy(knowledgePoints.id);
    },

    /** Questions in use of the subject. */
    async bankSize(appId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(questions)
        .where(and(eq(questions.appId, appId), eq(questions.retired, false)));
      return row?.n ?? 0;
    },

    /** Questions in use carrying any of these points that the learner does not answer right now (never answered, or latest wrong). */
    missing(userId: number, appId: number, pointIds: number[]) {
      if (pointIds.length === 0) return Promise.resolve([]);
      const l = latest(userId, appId);
      return db
        .select({ id: questions.id, type: questions.type, groupId: questions.groupId, groupOrder: questions.groupOrder, pointId: questionPoints.pointId })
        .from(questions)
        .innerJoin(questionPoints, eq(questionPoints.questionId, questions.id))
        .leftJoin(l, eq(l.questionId, questions.id))
        .where(and(eq(questions.appId, appId), eq(questions.retired, false), inArray(questionPoints.pointId, pointIds), sql`${l.right} is not true`));
    },

    /** The learner's rounds (open and handed in), newest first. */
    rounds: (userId: number, appId: number, testMode: string) => sessionsOfMode(db, userId, appId, testMode, 'newest'),

    /** The template paper (marks per question type come from it). */
    templatePaper: (appId: number) => templatePaper(db, appId),
  };
}

export type GrabPointStore = ReturnType<typeof createGrabPointStore>;
