import { STUDY_MSG, STUDY_PAGE } from '@kaoshi/contract';
import { chinaDay, msUntilChinaMidnight } from '../../platform/china-time.ts';
import type { Clock } from '../../platform/clock.ts';
import { tooMany } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rate-limit/limiter.ts';
import type { ReportStore } from './reports-store.ts';

/** Question reports a learner may file per day (China calendar day, all subjects together). */
export const REPORTS_PER_DAY = 20;
const EXCERPT_LENGTH = 40;

/** The start of a stem for lists: whitespace collapsed, at most 40 characters. */
export const excerptOf = (stem: string) => {
  const flat = stem.replace(/\s+/g, ' ').trim();
  return [...flat].length > EXCERPT_LENGTH ? `${[...flat].slice(0, EXCERPT_LENGTH).join('')}…` : flat;
};

/** 试题纠错 (docs/study.md): the learner's reports of a question and their own list of them. */
export function createQuestionReports(deps: {
  reports: ReportStore;
  limiter: RateLimiter;
  clock: Clock;
  /** The question of the subject (retired ones too), or the study tools' not-found error. */
  questionOf: (appId: number, id: number, allowRetired: boolean) => Promise<{ stem: string }>;
}) {
  const { reports, limiter, clock, questionOf } = deps;
  return {
    /** 试题纠错: stores a report; at most REPORTS_PER_DAY per learner and China day (→ 429). */
    async addReport(userId: number, appId: number, questionId: number, kindsText: string, content: string | undefined) {
      const q = await questionOf(appId, questionId, true);
      const now = clock();
      const key = `report:user:${userId}:${chinaDay(now)}`;
      // Count first (atomic in the limiter), so parallel reports cannot slip past the limit together.
      if ((await limiter.hit(key, msUntilChinaMidnight(now))).count > REPORTS_PER_DAY) throw tooMany(STUDY_MSG.reportTooMany);
      const kinds = [...new Set(kindsText.split(',').map((k) => k.trim()))];
      const createdAt = new Date(now);
      const id = await reports.addReport({ userId, appId, questionId, kinds: kinds.join(','), content: content ?? '', createdAt });
      return {
        id,
        allTestID: questionId,
        excerpt: excerptOf(q.stem),
        kinds,
        content: content ?? '',
        status: 'open' as const,
        reply: null,
        createdAt: createdAt.toISOString(),
      };
    },

    /** The learner's own reports of the subject, newest first (page 20). */
    async listReports(userId: number, appId: number, page: number) {
      const pageSize = STUDY_PAGE.reports;
      const { total, rows } = await reports.ownReports(userId, appId, (page - 1) * pageSize, pageSize);
      return {
        page,
        total,
        list: rows.map((r) => ({
          id: r.id,
          allTestID: r.questionId,
          excerpt: excerptOf(r.stem),
          kinds: r.kinds.split(',').filter(Boolean),
          content: r.content,
          status: r.status === 'resolved' ? ('resolved' as const) : ('open' as const),
          reply: r.reply,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },
  };
}
