import type { createEvaluation } from './evaluation.ts';
import type { createPlanLessons } from './lessons.ts';
import type { createWarn } from './reminders.ts';
import type { createPlanReport } from './report.ts';
import type { createPlanCore } from './service.ts';
import type { createWeekRank } from './week-rank.ts';

/** The plan's parts as its calls use them (routes.ts); index.ts builds them. */
export type PlanService = {
  core: ReturnType<typeof createPlanCore>;
  evaluation: ReturnType<typeof createEvaluation>;
  lessons: ReturnType<typeof createPlanLessons>;
  report: ReturnType<typeof createPlanReport>;
  weekRank: ReturnType<typeof createWeekRank>;
  warn: ReturnType<typeof createWarn>;
};
