import { and, asc, count, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { answers, chapters, knowledgePoints, questionGroups, questionPoints, questions, type AnswerRow } from '../../db/schema/index.ts';

export interface ChapterNode {
  id: number;
  parentId: number | null;
  name: string;
  order: number;
}

/** Per chapter (the question's current chapter): counted answers since the last reset. */
export interface ChapterTally {
  chapterId: number;
  done: number;
  right: number;
}

export interface ChapterTime {
  chapterId: number;
  spentSeconds: number;
  lastAnsweredAt: Date | null;
}

export type NewAnswer = Omit<AnswerRow, 'id' | 'resetAt'>;

/** Group members sort at their first member's id, so a group stays together in id order. */
const groupAnchor = sql`case when ${questions.groupId} is null then ${questions.id} else min(${questions.id}) over (partition by ${questions.groupId}) end`;

/** The only SQL of chapter practice (docs/practice.md). Every learner read is filtered by the given user id. */
export function createPracticeStore(db: Database) {
  /** Answers of a learner and subject that count for progress: not reset, question not retired. */
  const counted = (userId: number, appId: number) => and(eq(answers.userId, userId), eq(answers.appId, appId), isNull(answers.resetAt), eq(questions.retired, false));

  return {
    /** All chapters of a subject, by order. */
    chapters(appId: number): Promise<ChapterNode[]> {
      return db
        .select({ id: chapters.id, parentId: chapters.parentId, name: chapters.name, order: chapters.order })
        .from(chapters)
        .where(eq(chapters.appId, appId))
        .orderBy(asc(chapters.order), asc(chapters.id));
    },

    async chapter(appId: number, id: number): Promise<ChapterNode | undefined> {
      const [row] = await db
        .select({ id: chapters.id, parentId: chapters.parentId, name: chapters.name, order: chapters.order })
        .from(chapters)
        .where(and(eq(chapters.appId, appId), eq(chapters.id, id)));
      return row;
    },

    /** Questions not retired, per chapter (one grouped query). */
    async questionCounts(appId: number): Promise<Map<number, number>> {
      const rows = await db
        .select({ chapterId: questions.chapterId, n: count() })
        .from(questions)
        .where(and(eq(questions.appId, appId), eq(questions.retired, false)))
        .groupBy(questions.chapterId);
      return new Map(rows.map((r) => [r.chapterId, r.n]));
    },

    /** done/right per chapter from the latest counted reply of each question (one grouped query). */
    async tallies(userId: number, appId: number): Promise<ChapterTally[]> {
      const latest = db
        .selectDistinctOn([answers.questionId], { questionId: answers.questionId, right: answers.right })
        .from(answers)
        .where(and(eq(answers.userId, userId), eq(answers.appId, appId), isNull(answers.resetAt)))
        .orderBy(answers.questionId, desc(answers.createdAt), desc(answers.id))
        .as('latest');
      return db
        .select({
          chapterId: questions.chapterId,
          done: count(),
          right: sql<number>`count(*) filter (where ${latest.right})`.mapWith(Number),
        })
        .from(latest)
        .innerJoin(questions, eq(questions.id, latest.questionId))
        .where(eq(questions.retired, false))
        .groupBy(questions.chapterId);
    },

    /** Time spent and newest answer per chapter over the counted answers (one grouped query). */
    times(userId: number, appId: number): Promise<ChapterTime[]> {
      return db
        .select({
          chapterId: questions.chapterId,
          spentSeconds: sql<number>`coalesce(sum(${answers.spentSeconds}), 0)`.mapWith(Number),
          lastAnsweredAt: max(answers.createdAt),
        })
        .from(answers)
        .innerJoin(questions, eq(questions.id, answers.questionId))
        .where(counted(userId, appId))
        .groupBy(questions.chapterId);
    },

    async countQuestions(appId: number, chapterIds: number[]): Promise<number> {
      if (chapterIds.length === 0) return 0;
      const [row] = await db
        .select({ n: count() })
        .from(questions)
        .where(and(eq(questions.appId, appId), inArray(questions.chapterId, chapterIds), eq(questions.retired, false)));
      return row?.n ?? 0;
    },

    /** A page of the chapters' questions: by chapter order, then id order with each group's members together. */
    chapterQuestions(appId: number, chapterIds: number[], offset: number, limit: number) {
      if (chapterIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: questions.id,
          extId: questions.extId,
          type: questions.type,
          chapterId: questions.chapterId,
          groupId: questions.groupId,
          groupOrder: questions.groupOrder,
          stem: questions.stem,
          options: questions.options,
          answer: questions.answer,
          explanation: questions.explanation,
          difficulty: questions.difficulty,
        })
        .from(questions)
        .innerJoin(chapters, eq(chapters.id, questions.chapterId))
        .where(and(eq(questions.appId, appId), inArray(questions.chapterId, chapterIds), eq(questions.retired, false)))
        .orderBy(asc(chapters.order), asc(chapters.id), groupAnchor, asc(questions.groupOrder), asc(questions.id))
        .limit(limit)
        .offset(offset);
    },

    groups(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({ id: questionGroups.id, type: questionGroups.type, stem: questionGroups.stem, options: questionGroups.options })
        .from(questionGroups)
        .where(inArray(questionGroups.id, ids));
    },

    /** Knowledge point names per question. */
    points(questionIds: number[]) {
      if (questionIds.length === 0) return Promise.resolve([]);
      return db
        .select({ questionId: questionPoints.questionId, name: knowledgePoints.name })
        .from(questionPoints)
        .innerJoin(knowledgePoints, eq(knowledgePoints.id, questionPoints.pointId))
        .where(inArray(questionPoints.questionId, questionIds))
        .orderBy(asc(knowledgePoints.code));
    },

    /** The learner's latest counted reply per question. */
    latestReplies(userId: number, questionIds: number[]): Promise<AnswerRow[]> {
      if (questionIds.length === 0) return Promise.resolve([]);
      return db
        .selectDistinctOn([answers.questionId])
        .from(answers)
        .where(and(eq(answers.userId, userId), inArray(answers.questionId, questionIds), isNull(answers.resetAt)))
        .orderBy(answers.questionId, desc(answers.createdAt), desc(answers.id));
    },

    async question(id: number) {
      const [row] = await db
        .select({ id: questions.id, appId: questions.appId, chapterId: questions.chapterId, type: questions.type, answer: questions.answer, retired: questions.retired })
        .from(questions)
        .where(eq(questions.id, id));
      return row;
    },

    async answerById(id: number) {
      const [row] = await db.select({ answer: questions.answer }).from(questions).where(eq(questions.id, id));
      return row?.answer;
    },

    /**
     * Stores an answer once per (user, replyId): a replay (also a parallel one) writes nothing and gets the
     * stored row. `created` says whether this call wrote it.
     */
    saveAnswer(row: NewAnswer): Promise<{ row: AnswerRow; created: boolean }> {
      return db.transaction(async (tx) => {
        const [inserted] = await tx.insert(answers).values(row).onConflictDoNothing({ target: [answers.userId, answers.replyId] }).returning();
        if (inserted) return { row: inserted, created: true };
        const [stored] = await tx
          .select()
          .from(answers)
          .where(and(eq(answers.userId, row.userId), eq(answers.replyId, row.replyId)));
        if (!stored) throw new Error('answer neither inserted nor found');
        return { row: stored, created: false };
      });
    },

    /** Marks the learner's counted answers to questions now in these chapters as reset; returns how many. */
    async reset(userId: number, appId: number, chapterIds: number[], at: Date): Promise<number> {
      if (chapterIds.length === 0) return 0;
      const inChapters = db
        .select({ id: questions.id })
        .from(questions)
        .where(and(eq(questions.appId, appId), inArray(questions.chapterId, chapterIds)));
      const rows = await db
        .update(answers)
        .set({ resetAt: at })
        .where(and(eq(answers.userId, userId), eq(answers.appId, appId), isNull(answers.resetAt), inArray(answers.questionId, inChapters)))
        .returning({ id: answers.id });
      return rows.length;
    },
  };
}

export type PracticeStore = ReturnType<typeof createPracticeStore>;
