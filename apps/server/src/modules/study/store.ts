import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { chapters, favourites, knowledgePoints, notes, questionGroups, questionPoints, questions, recitePoints } from '../../db/schema/index.ts';
import { chapterList, chapterNames } from '../questions/index.ts';
import { createStudyStatsStore } from './stats-store.ts';

/** A LIKE pattern matching `keyword` anywhere, with the wildcards % _ and the escape \ taken literally. */
export const containsPattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;

/** The question's own texts (stem, option texts, explanation) and its group's (case stem, B1 options) match. */
const questionTextMatches = (pattern: string): SQL =>
  sql`(${questions.stem} ilike ${pattern}
    or ${questions.explanation} ilike ${pattern}
    or exists (select 1 from jsonb_array_elements(${questions.options}) o where o->>'text' ilike ${pattern})
    or exists (select 1 from ${questionGroups} g where g.id = ${questions.groupId}
      and (g.stem ilike ${pattern} or exists (select 1 from jsonb_array_elements(g.options) go where go->>'text' ilike ${pattern}))))`;

/** …or one of its knowledge points' names. */
const pointNameMatches = (pattern: string): SQL =>
  sql`exists (select 1 from ${questionPoints} qp join ${knowledgePoints} kp on kp.id = qp.point_id
    where qp.question_id = ${questions.id} and kp.name ilike ${pattern})`;

/**
 * The only SQL of the study tools (docs/study.md). Reads of a learner's own data are always filtered by the
 * given (session) user id; the cross-learner aggregates return counts only.
 */
export function createStudyStore(db: Database) {
  return {
    ...createStudyStatsStore(db),
    // ------------------------------------------------------------ questions and chapters

    async question(id: number) {
      const [row] = await db
        .select({
          id: questions.id,
          appId: questions.appId,
          chapterId: questions.chapterId,
          type: questions.type,
          retired: questions.retired,
          stem: questions.stem,
          answer: questions.answer,
        })
        .from(questions)
        .where(eq(questions.id, id));
      return row;
    },

    /** All chapters of a subject (for sub-chapter trees). */
    chapters: (appId: number) => chapterList(db, appId),

    chapterName: async (id: number): Promise<string> => (await chapterNames(db, [id])).get(id) ?? '',

    // ------------------------------------------------------------ marks

    async marks(userId: number, questionIds: number[]) {
      if (questionIds.length === 0) return { favourites: new Set<number>(), notes: new Map<number, string>() };
      const [favs, own] = await Promise.all([
        db
          .select({ id: favourites.questionId })
          .from(favourites)
          .where(and(eq(favourites.userId, userId), inArray(favourites.questionId, questionIds))),
        db
          .select({ id: notes.questionId, content: notes.content })
          .from(notes)
          .where(and(eq(notes.userId, userId), inArray(notes.questionId, questionIds))),
      ]);
      return { favourites: new Set(favs.map((f) => f.id)), notes: new Map(own.map((n) => [n.id, n.content])) };
    },

    async addFavourite(userId: number, appId: number, questionId: number, at: Date) {
      await db.insert(favourites).values({ userId, appId, questionId, createdAt: at }).onConflictDoNothing();
    },

    async removeFavourite(userId: number, questionId: number) {
      await db.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.questionId, questionId)));
    },

    async saveNote(userId: number, appId: number, questionId: number, content: string, at: Date) {
      await db
        .insert(notes)
        .values({ userId, appId, questionId, content, updatedAt: at })
        .onConflictDoUpdate({ target: [notes.userId, notes.questionId], set: { content, updatedAt: at } });
    },

    async deleteNote(userId: number, questionId: number) {
      await db.delete(notes).where(and(eq(notes.userId, userId), eq(notes.questionId, questionId)));
    },

    async saveRecitePoint(userId: number, chapterId: number, questionId: number, at: Date) {
      await db
        .insert(recitePoints)
        .values({ userId, chapterId, questionId, updatedAt: at })
        .onConflictDoUpdate({ target: [recitePoints.userId, recitePoints.chapterId], set: { questionId, updatedAt: at } });
    },

    async recitePoint(userId: number, chapterId: number): Promise<number | null> {
      const [row] = await db
        .select({ id: recitePoints.questionId })
        .from(recitePoints)
        .where(and(eq(recitePoints.userId, userId), eq(recitePoints.chapterId, chapterId)));
      return row?.id ?? null;
    },

    // ------------------------------------------------------------ lists

    /**
     * A page of the learner's favourites or noted questions (not retired), newest first, optionally within
     * chapters and matching a LIKE pattern (question texts; for notes also the note).
     */
    async marked(
      userId: number,
      appId: number,
      kind: 'fav' | 'note',
      filter: { chapterIds?: number[]; pattern?: string },
      offset: number,
      limit: number,
    ): Promise<{ total: number; ids: number[] }> {
      const table = kind === 'fav' ? favourites : notes;
      const at = kind === 'fav' ? favourites.createdAt : notes.updatedAt;
      const p = filter.pattern;
      const where = and(
        eq(table.userId, userId),
        eq(table.appId, appId),
        eq(questions.retired, false),
        filter.chapterIds ? inArray(questions.chapterId, filter.chapterIds) : undefined,
        p === undefined ? undefined : kind === 'note' ? sql`(${questionTextMatches(p)} or ${notes.content} ilike ${p})` : questionTextMatches(p),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: questions.id })
          .from(table)
          .innerJoin(questions, eq(questions.id, table.questionId))
          .where(where)
          .orderBy(desc(at), desc(questions.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(table).innerJoin(questions, eq(questions.id, table.questionId)).where(where),
      ]);
      return { total: total?.n ?? 0, ids: rows.map((r) => r.id) };
    },

    /** A page of the subject's questions (not retired) matching a LIKE pattern, by chapter order then id. */
    /** Questions matching the pattern, only in chapters `within` when given (a trial's chapters). */
    async search(appId: number, pattern: string, offset: number, limit: number, within?: readonly number[]): Promise<{ total: number; ids: number[] }> {
      const where = and(
        eq(questions.appId, appId),
        eq(questions.retired, false),
        within ? inArray(questions.chapterId, [...within]) : undefined,
        sql`(${questionTextMatches(pattern)} or ${pointNameMatches(pattern)})`,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: questions.id })
          .from(questions)
          .innerJoin(chapters, eq(chapters.id, questions.chapterId))
          .where(where)
          .orderBy(asc(chapters.order), asc(chapters.id), asc(questions.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(questions).where(where),
      ]);
      return { total: total?.n ?? 0, ids: rows.map((r) => r.id) };
    },
  };
}

export type StudyStore = ReturnType<typeof createStudyStore>;
