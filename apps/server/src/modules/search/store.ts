import { and, asc, count, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { chapters, knowledgePoints, questionGroups, questionPoints, questions } from '../../db/schema/index.ts';
import { searchableSessions, type SearchableSession } from '../live/index.ts';
import { handoutBodies, searchableHandouts, searchablePoints, type SearchableHandout, type SearchablePoint } from '../reading/index.ts';
import { searchableLessons, type SearchableLesson } from '../video/index.ts';

/** A LIKE pattern for "contains the words as typed" (the LIKE wildcards escaped). */
export const containsPattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * What a learner may read of a question in a chapter they may not open: the names of its knowledge points (the
 * points list shows every point's name and question count). Never its stem, options or explanation.
 */
const questionTitleMatches = (p: string): SQL =>
  sql`exists (select 1 from ${questionPoints} qp join ${knowledgePoints} kp on kp.id = qp.point_id
      where qp.question_id = ${questions.id} and kp.name ilike ${p})`;

/** A question's own texts, its group's, or one of its knowledge points' names (as 搜题, docs/study.md). */
const questionMatches = (p: string): SQL =>
  sql`(${questions.stem} ilike ${p}
    or ${questions.explanation} ilike ${p}
    or exists (select 1 from jsonb_array_elements(${questions.options}) o where o->>'text' ilike ${p})
    or exists (select 1 from ${questionGroups} g where g.id = ${questions.groupId}
      and (g.stem ilike ${p} or exists (select 1 from jsonb_array_elements(g.options) go where go->>'text' ilike ${p})))
    or ${questionTitleMatches(p)})`;

/** What the search reads of a subject's catalogue (held in memory), each from the module that owns it. */
export type CatalogueLesson = SearchableLesson;
export type CatalogueHandout = SearchableHandout;
export type CataloguePoint = SearchablePoint;
export type CatalogueLive = SearchableSession;

/** The search's reads (docs/search.md): the bank's questions, and the catalogue from the modules that own it; never a learner's data. */
export function createSearchStore(db: Database) {
  return {
    /**
     * Matching questions of a subject (not retired): a page of those in `open` chapters (all when undefined) by
     * chapter order, their count, and how many in the other chapters match on what the learner may read of them
     * (their points' names: a word only in a closed question's text is not counted, docs/search.md).
     */
    async questions(appId: number, terms: readonly string[], open: readonly number[] | undefined, offset: number, limit: number) {
      const live = [eq(questions.appId, appId), eq(questions.retired, false)];
      // Every word, each anywhere in the question's texts.
      const base = and(...live, ...terms.map((t) => questionMatches(containsPattern(t))));
      const byTitle = and(...live, ...terms.map((t) => questionTitleMatches(containsPattern(t))));
      const inOpen = open === undefined ? base : open.length === 0 ? sql`false` : and(base, inArray(questions.chapterId, [...open]));
      const [rows, [shown], [closed]] = await Promise.all([
        db
          .select({ id: questions.id, stem: questions.stem, options: questions.options, explanation: questions.explanation, chapter: chapters.name })
          .from(questions)
          .innerJoin(chapters, eq(chapters.id, questions.chapterId))
          .where(inOpen)
          .orderBy(asc(chapters.order), asc(chapters.id), asc(questions.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(questions).where(inOpen),
        open === undefined
          ? Promise.resolve([{ n: 0 }])
          : db
              .select({ n: count() })
              .from(questions)
              .where(open.length === 0 ? byTitle : and(byTitle, notInArray(questions.chapterId, [...open]))),
      ]);
      return { total: shown?.n ?? 0, hidden: closed?.n ?? 0, rows };
    },

    /**
     * Handouts (shown, of the subject, in the `open` chapters: all when undefined) whose text holds any of the words:
     * id → the body, for the service to check every word across the body, title and headings, and for an excerpt.
     * A closed handout's body is never read (the reading module's).
     */
    handoutBodies: (appId: number, terms: readonly string[], open: readonly number[] | undefined) => handoutBodies(db, appId, terms.map(containsPattern), open),
    lessons: (appId: number) => searchableLessons(db, appId),
    handouts: (appId: number) => searchableHandouts(db, appId),
    points: (appId: number) => searchablePoints(db, appId),
    lives: (appId: number) => searchableSessions(db, appId),
  };
}

export type SearchStore = ReturnType<typeof createSearchStore>;
