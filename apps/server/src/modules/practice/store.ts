import { and, asc, count, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/index.ts';
import { answers, chapters, knowledgePoints, questionGroups, questionPoints, questions, type AnswerRow } from '../../db/schema/index.ts';
import type { Platform } from '../../platform/module.ts';
import { bankMemo, chapterList, chapterOf, questionColumns, type ChapterNode } from '../questions/index.ts';

export type { ChapterNode };

/** Per chapter (the question's current chapter): the learner's answers since the last reset. */
export interface ChapterProgressRow {
  chapterId: number;
  done: number;
  right: number;
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
    chapters: (appId: number): Promise<ChapterNode[]> => chapterList(db, appId),

    chapter: (appId: number, id: number): Promise<ChapterNode | undefined> => chapterOf(db, appId, id),

    /** Questions not retired, per chapter (one grouped query). */
    async questionCounts(appId: number): Promise<Map<number, number>> {
      const rows = await db
        .select({ chapterId: questions.chapterId, n: count() })
        .from(questions)
        .where(and(eq(questions.appId, appId), eq(questions.retired, false)))
        .groupBy(questions.chapterId);
      return new Map(rows.map((r) => [r.chapterId, r.n]));
    },

    /**
     * Progress per chapter in one grouped query over the learner's counted answers: done/right from the latest
     * reply of each question (row_number over the question's answers), time and newest answer over all of them.
     */
    progress(userId: number, appId: number): Promise<ChapterProgressRow[]> {
      const ranked = db
        .select({
          chapterId: questions.chapterId,
          right: answers.right,
          spentSeconds: answers.spentSeconds,
          createdAt: answers.createdAt,
          rn: sql<number>`row_number() over (partition by ${answers.questionId} order by ${answers.createdAt} desc, ${answers.id} desc)`.as('rn'),
        })
        .from(answers)
        .innerJoin(questions, eq(questions.id, answers.questionId))
        .where(counted(userId, appId))
        .as('ranked');
      return db
        .select({
          chapterId: ranked.chapterId,
          done: sql<number>`count(*) filter (where ${ranked.rn} = 1)`.mapWith(Number),
          right: sql<number>`count(*) filter (where ${ranked.rn} = 1 and ${ranked.right})`.mapWith(Number),
          spentSeconds: sql<number>`coalesce(sum(${ranked.spentSeconds}), 0)`.mapWith(Number),
          lastAnsweredAt: max(ranked.createdAt),
        })
        .from(ranked)
        .groupBy(ranked.chapterId);
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
        .select(questionColumns)
        .from(questions)
        .innerJoin(chapters, eq(chapters.id, questions.chapterId))
        .where(and(eq(questions.appId, appId), inArray(questions.chapterId, chapterIds), eq(questions.retired, false)))
        .orderBy(asc(chapters.order), asc(chapters.id), groupAnchor, asc(questions.groupOrder), asc(questions.id))
        .limit(limit)
        .offset(offset);
    },

    /** These questions of a subject (any order; retired ones included — a list may still hold them). */
    questionsByIds(appId: number, ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select(questionColumns)
        .from(questions)
        .where(and(eq(questions.appId, appId), inArray(questions.id, ids)));
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
        .select({
          id: questions.id,
          appId: questions.appId,
          chapterId: questions.chapterId,
          type: questions.type,
          answer: questions.answer,
          retired: questions.retired,
        })
        .from(questions)
        .where(eq(questions.id, id));
      return row;
    },

    /**
     * Stores an answer once per (user, replyId): a replay (also a parallel one) writes nothing and gets the
     * stored row. `created` says whether this call wrote it. `afterInsert` runs inside the same transaction,
     * only when the row was written (so what it records happens exactly once per answer).
     */
    saveAnswer(row: NewAnswer, afterInsert?: (tx: Tx, row: AnswerRow) => Promise<void>): Promise<{ row: AnswerRow; created: boolean }> {
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(answers)
          .values(row)
          .onConflictDoNothing({ target: [answers.userId, answers.replyId] })
          .returning();
        if (inserted) {
          await afterInsert?.(tx, inserted);
          return { row: inserted, created: true };
        }
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
export type QuestionRow = Awaited<ReturnType<PracticeStore['chapterQuestions']>>[number];

/** The practice store with the bank's hot reads held in memory (questions/index.ts bankMemo, docs/caching.md). */
export function withBankCache(store: PracticeStore, p: Platform): PracticeStore {
  const trees = bankMemo<ChapterNode[]>(p, 2_000);
  const keys = bankMemo<Awaited<ReturnType<PracticeStore['question']>>>(p, 200_000);
  const chaptersOf = (appId: number) => trees.get(appId, () => store.chapters(appId));
  return {
    ...store,
    chapters: chaptersOf,
    chapter: async (appId, id) => (await chaptersOf(appId)).find((c) => c.id === id),
    question: (id) => keys.get(id, () => store.question(id)),
  };
}
