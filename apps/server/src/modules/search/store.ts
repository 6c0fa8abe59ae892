import { and, asc, count, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import {
  chapters,
  knowledgePoints,
  liveCourses,
  liveSessions,
  pointDetails,
  questionGroups,
  questionPoints,
  questions,
  readingItems,
  videoChapters,
  videoCourses,
  videoLessons,
} from '../../db/schema/index.ts';

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

/** What the search reads of a subject's catalogue (held in memory by catalogue.ts). */
export interface CatalogueLesson {
  id: number;
  title: string;
  course: string;
  chapter: string;
  level: number | null;
  free: boolean;
  previewSeconds: number;
  /** When it (and its course) went public, ms. */
  publishedAt: number;
}
export interface CatalogueHandout {
  id: number;
  title: string;
  chapterId: number;
  chapter: string;
  headings: string[];
}
export interface CataloguePoint {
  id: number;
  name: string;
  summary: string;
  chapterId: number | null;
  chapter: string;
}
export interface CatalogueLive {
  id: number;
  title: string;
  chapterName: string;
  course: string;
  free: boolean;
  startsAt: number;
}

/** The only SQL of the search (docs/search.md): reads of other domains' content tables, never a learner's data. */
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
     * A closed handout's body is never read.
     */
    async handoutBodies(appId: number, terms: readonly string[], open: readonly number[] | undefined): Promise<Map<number, string>> {
      if (open !== undefined && open.length === 0) return new Map();
      const rows = await db
        .select({ id: readingItems.id, body: readingItems.body })
        .from(readingItems)
        .where(
          and(
            eq(readingItems.appId, appId),
            eq(readingItems.kind, 'handout'),
            eq(readingItems.hidden, false),
            open === undefined ? undefined : inArray(readingItems.chapterId, [...open]),
            or(...terms.map((t) => ilike(readingItems.body, containsPattern(t)))),
          ),
        )
        .limit(200);
      return new Map(rows.map((r) => [r.id, r.body]));
    },

    async lessons(appId: number): Promise<CatalogueLesson[]> {
      const rows = await db
        .select({
          id: videoLessons.id,
          title: videoLessons.title,
          course: videoCourses.title,
          chapter: videoChapters.title,
          level: videoCourses.level,
          free: videoLessons.free,
          previewSeconds: videoLessons.previewSeconds,
          publishedAt: videoLessons.publishedAt,
          coursePublishedAt: videoCourses.publishedAt,
        })
        .from(videoLessons)
        .innerJoin(videoChapters, eq(videoChapters.id, videoLessons.chapterId))
        .innerJoin(videoCourses, eq(videoCourses.id, videoChapters.courseId))
        .where(eq(videoCourses.appId, appId))
        .orderBy(asc(videoCourses.sort), asc(videoCourses.id), asc(videoChapters.sort), asc(videoChapters.id), asc(videoLessons.sort), asc(videoLessons.id));
      return rows.map(({ coursePublishedAt, ...r }) => ({ ...r, publishedAt: Math.max(r.publishedAt.getTime(), coursePublishedAt.getTime()) }));
    },

    async handouts(appId: number): Promise<CatalogueHandout[]> {
      const rows = await db
        .select({ id: readingItems.id, title: readingItems.title, chapterId: readingItems.chapterId, chapter: chapters.name, sections: readingItems.sections })
        .from(readingItems)
        .innerJoin(chapters, eq(chapters.id, readingItems.chapterId))
        .where(and(eq(readingItems.appId, appId), eq(readingItems.kind, 'handout'), eq(readingItems.hidden, false)))
        .orderBy(asc(chapters.order), asc(readingItems.ordinal), asc(readingItems.id));
      return rows.map(({ sections, ...r }) => ({ ...r, headings: sections.map((s) => s.heading) }));
    },

    async points(appId: number): Promise<CataloguePoint[]> {
      const rows = await db
        .select({ id: knowledgePoints.id, name: knowledgePoints.name, summary: pointDetails.summary, chapterId: pointDetails.chapterId, chapter: chapters.name })
        .from(knowledgePoints)
        .leftJoin(pointDetails, eq(pointDetails.pointId, knowledgePoints.id))
        .leftJoin(chapters, eq(chapters.id, pointDetails.chapterId))
        .where(eq(knowledgePoints.appId, appId))
        .orderBy(asc(knowledgePoints.id));
      return rows.map((r) => ({ ...r, summary: r.summary ?? '', chapterId: r.chapterId ?? null, chapter: r.chapter ?? '' }));
    },

    async lives(appId: number): Promise<CatalogueLive[]> {
      const rows = await db
        .select({
          id: liveSessions.id,
          title: liveSessions.title,
          chapterName: liveSessions.chapterName,
          course: liveCourses.title,
          free: liveSessions.free,
          startsAt: liveSessions.startsAt,
        })
        .from(liveSessions)
        .innerJoin(liveCourses, eq(liveCourses.id, liveSessions.courseId))
        .where(eq(liveSessions.appId, appId))
        .orderBy(asc(liveSessions.startsAt), asc(liveSessions.id));
      return rows.map((r) => ({ ...r, startsAt: r.startsAt.getTime() }));
    },
  };
}

export type SearchStore = ReturnType<typeof createSearchStore>;
