import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { chapters, questionPoints, questions, type ExamResultJson } from '../../db/schema/index.ts';
import { bookDueByDay, bookReviewsSince } from '../book/index.ts';
import { handedOfKind, handedPerPaper, learnerSession } from '../exam/index.ts';
import { answerPace, answerSecondsSince, chapterMastery, firstAnswersPerDay } from '../practice/index.ts';
import { subjectPapers } from '../papers/index.ts';
import { planHandouts, readingPositionsOf } from '../reading/index.ts';
import { lessonProgressOf, subjectLessonPoints, subjectLessons, watchedSince } from '../video/index.ts';

/** What a subject offers to plan (the same for every learner; held per subject, dropped on 'bank'). */
export interface SubjectContent {
  /** Chapters holding questions (not retired), in bank order. */
  chapters: { id: number; name: string; order: number; questions: number }[];
  lessons: { id: number; title: string; durationS: number; order: number; chapterId: number | null; publishedAt: number }[];
  handouts: { id: number; title: string; chapterId: number; order: number; chars: number }[];
  mocks: { id: number; name: string; tag: string | null; limitS: number; passScore: number; totalScore: number }[];
}

/** A handed-in mock-kind session of the learner. */
export interface MockSession {
  id: number;
  paperId: number | null;
  name: string;
  score: number;
  total: number;
  handedAt: Date;
  byChapter: ExamResultJson['byChapter'];
}

/**
 * Reads of other domains' tables the plan needs (docs/plan.md): the subject's content and the learner's records
 * (answers, the wrong-answer book, lesson progress, reading positions, exam sessions). Every read of a learner's
 * rows takes the learner's id.
 */
export function createFactsStore(db: Database) {
  return {
    async content(appId: number): Promise<SubjectContent> {
      const [chapterRows, lessonRows, lessonPointRows, pointChapters, handouts, mockRows] = await Promise.all([
        db
          .select({ id: chapters.id, name: chapters.name, order: chapters.order, questions: count(questions.id) })
          .from(chapters)
          .innerJoin(questions, and(eq(questions.chapterId, chapters.id), eq(questions.retired, false)))
          .where(eq(chapters.appId, appId))
          .groupBy(chapters.id)
          .orderBy(asc(chapters.order), asc(chapters.id)),
        subjectLessons(db, appId),
        subjectLessonPoints(db, appId),
        // Per knowledge point and bank chapter: how many of the point's questions are in the chapter.
        db
          .select({ pointId: questionPoints.pointId, chapterId: questions.chapterId, n: count() })
          .from(questionPoints)
          .innerJoin(questions, and(eq(questions.id, questionPoints.questionId), eq(questions.retired, false)))
          .where(eq(questions.appId, appId))
          .groupBy(questionPoints.pointId, questions.chapterId),
        planHandouts(db, appId),
        subjectPapers(db, appId, { kinds: ['mock'], retired: true, order: 'id' }),
      ]);
      // Per lesson and bank chapter: how many questions of the lesson's points are in the chapter.
      const chaptersOfPoint = new Map<number, { chapterId: number; n: number }[]>();
      for (const r of pointChapters) chaptersOfPoint.set(r.pointId, [...(chaptersOfPoint.get(r.pointId) ?? []), { chapterId: r.chapterId, n: r.n }]);
      const perLesson = new Map<string, { lessonId: number; chapterId: number; n: number }>();
      for (const lp of lessonPointRows)
        for (const c of chaptersOfPoint.get(lp.pointId) ?? []) {
          const key = `${lp.lessonId} ${c.chapterId}`;
          const row = perLesson.get(key) ?? { lessonId: lp.lessonId, chapterId: c.chapterId, n: 0 };
          row.n += c.n;
          perLesson.set(key, row);
        }
      const lessonChapters = perLesson.values();
      const best = new Map<number, { chapterId: number; n: number }>();
      for (const r of lessonChapters) {
        const b = best.get(r.lessonId);
        if (!b || r.n > b.n || (r.n === b.n && r.chapterId < b.chapterId)) best.set(r.lessonId, { chapterId: r.chapterId, n: r.n });
      }
      return {
        chapters: chapterRows.map((c) => ({ ...c, questions: Number(c.questions) })),
        lessons: lessonRows.map((l, i) => ({ ...l, publishedAt: l.publishedAt.getTime(), order: i, chapterId: best.get(l.id)?.chapterId ?? null })),
        handouts,
        mocks: mockRows.map((p) => ({ id: p.id, name: p.name, tag: p.tag, limitS: p.timeLimitSeconds, passScore: p.passScore, totalScore: p.totalScore })),
      };
    },

    /** Per chapter (the question's current one): questions answered and right at the latest counted answer. */
    mastery: (userId: number, appId: number) => chapterMastery(db, userId, appId),

    /** The learner's answers in the subject: how many, and the median seconds spent on one. */
    pace: (userId: number, appId: number) => answerPace(db, userId, appId),

    /** Seconds spent since `since`: on answers, and watched in lessons updated since then. */
    async spentSince(userId: number, appId: number, since: Date): Promise<{ practiceS: number; lessonS: number }> {
      const [practiceS, lessonS] = await Promise.all([answerSecondsSince(db, userId, appId, since), watchedSince(db, userId, appId, since)]);
      return { practiceS, lessonS };
    },

    /** Wrong-answer book items in the book, per China day of their due date (day number since the epoch). */
    bookDue: (userId: number, appId: number) => bookDueByDay(db, userId, appId),

    /**
     * Per question and China day answered since `since` (its current chapter): the first such answer. A question
     * practised again on a later day (强化, 冲刺, after a reset) counts again; answering it twice in a day, once.
     */
    answersSince: (userId: number, appId: number, since: Date) => firstAnswersPerDay(db, userId, appId, since),

    /**
     * Book items reviewed at or after `since` (the times of their last review, oldest first). A review is an answer or
     * evaluation of an item already in the book: the wrong answer that puts a question in (its last review is the
     * moment it was added) is not one, so new wrong answers never tick the review task (issue 32).
     */
    reviewsSince: (userId: number, appId: number, since: Date) => bookReviewsSince(db, userId, appId, since),

    lessonProgress: (userId: number, appId: number) => lessonProgressOf(db, userId, appId),

    readingPositions: (userId: number, appId: number) => readingPositionsOf(db, userId, appId),

    /** The learner's handed-in sessions of these papers since `since`: the first hand-in per paper. */
    async handedSince(userId: number, appId: number, paperIds: readonly number[], since: Date): Promise<Map<number, Date>> {
      return new Map([...(await handedPerPaper(db, userId, appId, paperIds, since))].map(([id, h]) => [id, h.first]));
    },

    /** The learner's handed-in mock-kind sessions of the subject, newest first. */
    async mockSessions(userId: number, appId: number): Promise<MockSession[]> {
      const rows = await handedOfKind(db, userId, appId, 'mock', 50);
      return rows.map((r) => ({ id: r.id, paperId: r.paperId, name: r.name, score: r.score ?? 0, total: r.total, handedAt: r.handedAt!, byChapter: r.result?.byChapter ?? [] }));
    },

    /** One exam session of the learner: its state and, once handed in, right/total. */
    async session(userId: number, id: number) {
      const row = await learnerSession(db, userId, id);
      return row && { status: row.status, right: row.result?.right ?? 0, total: row.result?.total ?? row.sections.reduce((n, s) => n + s.questions.length, 0) };
    },

    /** Single (not grouped) questions of these chapters, for the entrance evaluation. */
    singleQuestions(appId: number, chapterIds: readonly number[]) {
      if (chapterIds.length === 0) return Promise.resolve([]);
      return db
        .select({ id: questions.id, chapterId: questions.chapterId, type: questions.type })
        .from(questions)
        .where(and(eq(questions.appId, appId), eq(questions.retired, false), isNull(questions.groupId), inArray(questions.chapterId, [...chapterIds])))
        .orderBy(asc(questions.id));
    },
  };
}

export type FactsStore = ReturnType<typeof createFactsStore>;
