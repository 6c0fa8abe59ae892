import { PRACTICE_MSG, scoreReply, type BookState, type PointMastery, type QuestionType, type StudyQuestion } from '@kaoshi/contract';
import { type Clock } from '../../platform/clock.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rate-limit/limiter.ts';
import type { PracticeService, QuestionKey } from '../practice/index.ts';
import { subtree } from '../questions/index.ts';
import type { ReportStore } from './reports-store.ts';
import { createQuestionReports } from './reports.ts';
import { containsPattern, type StudyStore } from './store.ts';
import { chinaDayStartOf } from '../../platform/china-time.ts';

/** Default number of questions of pointsPractice; how many weakest points it takes when none is named. */
export const POINTS_PRACTICE_COUNT = 20;
export const WEAKEST_POINTS = 3;
/** Most common replies shown for a FILL question in cptcontent. */
export const FILL_TOP_REPLIES = 6;
/**
 * A wrong fill-in text is shown only once this many learners gave it: never one person's free text
 * (right replies are shown as the accepted answer they match, docs/study.md).
 */
export const FILL_SHOWN_MIN_LEARNERS = 5;
/** How long a commonQuestions ranking is reused (ms). */
export const COMMON_TTL_MS = 5 * 60_000;

export const STUDY_LOCAL_MSG = { unknownPoint: '知识点不存在' } as const;

const ratio = (a: number, b: number) => (b === 0 ? 0 : Math.round((a / b) * 10_000) / 10_000);

/**
 * Favourites, notes, recite point, lists, search, statistics and question reports (docs/study.md). Every call
 * is gated like practice; the learner's own data is always read and written with the session's user id.
 */
export function createStudyService(deps: {
  store: StudyStore;
  reports: ReportStore;
  practice: PracticeService;
  limiter: RateLimiter;
  clock: Clock;
  /** The learner's wrong-answer book state of these questions (modules/book). */
  bookOf: (userId: number, questionIds: number[]) => Promise<Map<number, BookState>>;
}) {
  const { store, reports, practice, limiter, clock, bookOf } = deps;

  /** A question of the subject: unknown (or retired, unless allowed) → 400 试题不存在, other subject → 400. */
  async function questionOf(appId: number, id: number, allowRetired = false) {
    const q = await store.question(id);
    if (!q) throw badInput(PRACTICE_MSG.unknownQuestion);
    if (q.appId !== appId) throw badInput(PRACTICE_MSG.wrongSubject);
    if (q.retired && !allowRetired) throw badInput(PRACTICE_MSG.unknownQuestion);
    return q;
  }

  /** A chapter of the subject and its descendants; unknown → 404 章节不存在 (as practice). */
  async function chapterIds(appId: number, cptId: number): Promise<number[]> {
    const all = await store.chapters(appId);
    if (!all.some((c) => c.id === cptId)) throw notFound(PRACTICE_MSG.unknownChapter);
    return subtree(all, cptId);
  }

  /** Questions as the study lists show them: practice's view plus the question's place in the wrong-answer book. */
  async function shown(userId: number, appId: number, ids: number[]) {
    const [{ groups, list }, book] = await Promise.all([practice.questionsByIds(userId, appId, ids), bookOf(userId, ids)]);
    return { groups, list: list.map((q): StudyQuestion => ({ ...q, book: book.get(q.allTestID) ?? null })) };
  }

  /**
   * The wrong-rate ranking of a subject or chapter over all learners, kept COMMON_TTL_MS per instance: it reads
   * every counted answer of the subject (≈ 1 s per 200,000 answers on PGlite), and a list of 易错题 may well be
   * minutes old.
   */
  const rankings = new Map<string, { at: number; rows: Awaited<ReturnType<StudyStore['wrongRates']>> }>();
  async function wrongRanking(appId: number, scope: string, chapters: number[] | undefined) {
    const key = `${appId}:${scope}`;
    const now = clock();
    const cached = rankings.get(key);
    if (cached && now - cached.at < COMMON_TTL_MS) return cached.rows;
    const rows = await store.wrongRates(appId, chapters);
    if (rankings.size >= 1000) rankings.clear();
    rankings.set(key, { at: now, rows });
    return rows;
  }

  /** Mastery of every knowledge point of the subject, weakest first (docs/study.md). */
  async function mastery(userId: number, appId: number): Promise<(PointMastery & { id: number; code: string })[]> {
    const [rows, all] = await Promise.all([store.pointCounts(userId, appId), store.questionCount(appId)]);
    return rows
      .map((r) => ({
        id: r.id,
        code: r.code,
        point: r.name,
        total: r.total,
        done: r.done,
        right: r.right,
        accuracy: ratio(r.right, r.done),
        // accuracy × coverage = (right / done) × (done / total) = right / total
        mastery: ratio(r.right, r.total),
        weight: ratio(r.total, all),
      }))
      .sort((a, b) => a.mastery - b.mastery || b.weight - a.weight || a.code.localeCompare(b.code));
  }
  const publicPoint = ({ id: _id, code: _code, ...p }: PointMastery & { id: number; code: string }): PointMastery => p;

  const questionReports = createQuestionReports({ reports, limiter, clock, questionOf });

  return {
    /** Mastery rows with the point's id and code, weakest first, without the gate: for modules that checked their own module (modules/ai). */
    masteryOf: mastery,
    /** A question named by id (practice's loader: the registrar loads it and opens its chapter). */
    questions: practice.questions,

    async updateRecitePoint(userId: number, appId: number, cptId: number, questionId: number) {
      await chapterIds(appId, cptId);
      await questionOf(appId, questionId);
      await store.saveRecitePoint(userId, cptId, questionId, new Date(clock()));
      return { cptID: cptId, allTestID: questionId };
    },

    /** Save the note; empty or absent text deletes it. */
    async saveNote(userId: number, appId: number, questionId: number, text: string | undefined) {
      const content = text?.trim() ?? '';
      await questionOf(appId, questionId, content === '');
      if (content === '') {
        await store.deleteNote(userId, questionId);
        return { allTestID: questionId, noteContent: null, updatedAt: null };
      }
      const at = new Date(clock());
      await store.saveNote(userId, appId, questionId, content, at);
      return { allTestID: questionId, noteContent: content, updatedAt: at.toISOString() };
    },

    async setFavourite(userId: number, appId: number, questionId: number, favourite: boolean) {
      await questionOf(appId, questionId, !favourite);
      if (favourite) await store.addFavourite(userId, appId, questionId, new Date(clock()));
      else await store.removeFavourite(userId, questionId);
      return { allTestID: questionId, favourite };
    },

    async chapterlist(userId: number, appId: number, kind: 'fav' | 'note', opts: { cptId?: number; keyword?: string; page: number; pageSize: number }) {
      const chapters = opts.cptId === undefined ? undefined : await chapterIds(appId, opts.cptId);
      const pattern = opts.keyword ? containsPattern(opts.keyword) : undefined;
      const { total, ids } = await store.marked(userId, appId, kind, { chapterIds: chapters, pattern }, (opts.page - 1) * opts.pageSize, opts.pageSize);
      return { AppID: appId, page: opts.page, pageSize: opts.pageSize, total, ...(await shown(userId, appId, ids)) };
    },

    async search(userId: number, appId: number, keyword: string, page: number, pageSize: number) {
      const open = await practice.openChapters(userId, appId);
      const { total, ids } = await store.search(appId, containsPattern(keyword), (page - 1) * pageSize, pageSize, open ? [...open] : undefined);
      return { AppID: appId, keyword, page, pageSize, total, ...(await shown(userId, appId, ids)) };
    },

    /**
     * One question with its group, how it was answered over the site (counts only) and the learner's own record —
     * both over every counted answer, so the learner's attempts are within the site's 人次 (docs/study.md).
     */
    async cptcontent(userId: number, appId: number, q: QuestionKey) {
      const type = q.type as QuestionType;
      const [view, stats, mine, chapterName] = await Promise.all([
        shown(userId, appId, [q.id]),
        store.questionStats(q.id, type === 'FILL' ? { minLearners: FILL_SHOWN_MIN_LEARNERS, limit: 200 } : undefined),
        store.ownAttempts(userId, q.id),
        store.chapterName(q.chapterId),
      ]);
      const question = view.list[0]!;
      const group = view.groups[0] ?? null;
      let options: { key: string; count: number; share: number }[];
      if (type === 'FILL') {
        // Right replies count under the accepted text they match; a wrong one only when many learners wrote it.
        const accepted = Array.isArray(q.answer) ? (q.answer as string[]) : [String(q.answer)];
        const counts = new Map<string, number>();
        for (const r of stats.replies) {
          const key = r.right ? accepted.find((a) => scoreReply('FILL', [a], r.reply).right) : r.learners >= FILL_SHOWN_MIN_LEARNERS ? r.reply : undefined;
          if (key !== undefined) counts.set(key, (counts.get(key) ?? 0) + r.n);
        }
        options = [...counts]
          .sort(([a, n], [b, m]) => m - n || a.localeCompare(b))
          .slice(0, FILL_TOP_REPLIES)
          .map(([key, n]) => ({ key, count: n, share: ratio(n, stats.answered) }));
      } else {
        // Every key of each answer counts (X and CASE replies hold several), so shares may add up to more than 1.
        const counts = new Map<string, number>();
        const own = question.options.length ? question.options : (group?.options ?? []);
        for (const o of own) counts.set(o.key, 0);
        if (counts.size === 0 && type === 'TF') for (const k of ['A', 'B']) counts.set(k, 0);
        for (const r of stats.replies) for (const k of new Set(r.reply.split(''))) counts.set(k, (counts.get(k) ?? 0) + r.n);
        options = [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([key, n]) => ({ key, count: n, share: ratio(n, stats.answered) }));
      }
      return {
        AppID: appId,
        chapterName,
        group,
        question,
        stats: { answered: stats.answered, right: stats.right, rightRate: ratio(stats.right, stats.answered), options },
        mine,
      };
    },

    /** The learner's figures for the subject (bookLLzs). */
    async subjectStats(userId: number, appId: number) {
      const now = clock();
      const s = await store.subjectStats(userId, appId, new Date(now), new Date(chinaDayStartOf(now)));
      return {
        AppID: appId,
        total: s.total,
        done: s.done,
        right: s.right,
        wrong: s.done - s.right,
        accuracy: ratio(s.right, s.done),
        spentSeconds: s.spentSeconds,
        activeDays: s.activeDays,
        today: s.today,
        book: s.book,
        favourites: s.favourites,
        notes: s.notes,
      };
    },

    async pointsMastery(userId: number, appId: number) {
      return { AppID: appId, list: (await mastery(userId, appId)).map(publicPoint) };
    },

    /** Questions of one named point (name or code), or of the 3 weakest points: never answered, then wrong, first. */
    async pointsPractice(userId: number, appId: number, point: string | undefined, count: number) {
      const all = await mastery(userId, appId);
      let chosen = all.slice(0, WEAKEST_POINTS);
      if (point) {
        const named = all.find((p) => p.point === point || p.code === point);
        if (!named) throw badInput(STUDY_LOCAL_MSG.unknownPoint);
        chosen = [named];
      }
      const open = await practice.openChapters(userId, appId);
      const ids = await store.pointQuestions(
        userId,
        appId,
        chosen.map((p) => p.id),
        count,
        open ? [...open] : undefined,
      );
      return { AppID: appId, points: chosen.map(publicPoint), ...(await shown(userId, appId, ids)) };
    },

    /** 易错题: the questions all learners' latest answers got wrong most often (counts only). */
    async commonQuestions(userId: number, appId: number, cptId: number | undefined, page: number, pageSize: number) {
      const [inChapter, open] = await Promise.all([cptId === undefined ? undefined : chapterIds(appId, cptId), practice.openChapters(userId, appId)]);
      // A trial learner ranks only the trial's chapters (the same for every trial learner of the subject: cached apart).
      const chapters = open ? (inChapter ?? [...open]).filter((id) => open.has(id)) : inChapter;
      const ranking = await wrongRanking(appId, `${cptId ?? '*'}${open ? ':trial' : ''}`, chapters);
      const rows = ranking.slice((page - 1) * pageSize, page * pageSize);
      const total = ranking.length;
      const view = await shown(
        userId,
        appId,
        rows.map((r) => r.questionId),
      );
      return {
        AppID: appId,
        page,
        pageSize,
        total,
        ...view,
        rates: rows.map((r) => ({ allTestID: r.questionId, answered: r.answered, wrongRate: ratio(r.wrong, r.answered) })),
      };
    },
    ...questionReports,
  };
}

export type StudyService = ReturnType<typeof createStudyService>;
