import { createMemo } from '../../platform/cache/memo.ts';
import { MINUTE, serverModule, type Platform } from '../../platform/module.ts';
import type { SmsProvider } from '../../platform/sms/provider.ts';
import type { EntitlementService } from '../entitlement/index.ts';
import type { ExamService } from '../exam/index.ts';
import { bankMemo } from '../questions/index.ts';
import { tokenKey, type PlayTokens } from '../../platform/media-tokens.ts';
import { createEvaluation } from './evaluation.ts';
import { createFacts } from './facts.ts';
import { createFactsStore, type SubjectContent } from './facts-store.ts';
import { createPlanLessons } from './lessons.ts';
import type { RankInput } from './rank.ts';
import { createWarn, installPlanIcs, planIcsTokens, sendPlanReminders } from './reminders.ts';
import type { PostMessage } from '../message/index.ts';
import { createPlanReport } from './report.ts';
import { planRoutes } from './routes.ts';
import { createPlanCore } from './service.ts';
import { createPlanStore, type PlanTaskRow, type StudyPlanRow } from './store.ts';
import { createWeekRank, WEEK_RANK_CACHE_MS } from './week-rank.ts';

export type { PlanService } from './plan-service.ts';

/** A plan's task rows are held this long at most per key (plan, generation, updated_at): see service.ts `taskRows`. */
export const PLAN_TASKS_CACHE_MS = 10 * 60_000;

export interface PlanModuleDeps {
  entitlements: EntitlementService;
  exams: Pick<ExamService, 'startSet'>;
  sms: SmsProvider;
  /** The message module's one write: the daily reminder reaches the learner's inbox through it. */
  postMessage: PostMessage;
}

/**
 * The study plan (docs/plan.md): the calls of calls/plan.ts, the signed .ics of the reminder (GET /media/p/…) and the
 * reminders job. The subject's content is held per subject (dropped on 'bank'); the learner's records are read each
 * time, and all state is in the database.
 */
export function createPlanModule(p: Platform, deps: PlanModuleDeps) {
  const store = createPlanStore(p.db);
  const records = createFactsStore(p.db);
  const contents = bankMemo<SubjectContent>(p, 2_000);
  const content = (appId: number) => contents.get(appId, () => records.content(appId));
  const facts = createFacts({ facts: records, content, entitlements: deps.entitlements, clock: p.clock });
  const held = createMemo<string, PlanTaskRow[]>(p.bus, { max: 5_000, ttlMs: PLAN_TASKS_CACHE_MS });
  const taskRows = (plan: StudyPlanRow) => held.get(`${plan.id}:${plan.generation}:${plan.updatedAt.getTime()}`, () => store.tasks(plan.id));
  const core = createPlanCore({ store, records, facts, clock: p.clock, taskRows });
  let tokens: PlayTokens | undefined;
  const service = {
    core,
    evaluation: createEvaluation({ store, records, facts, core, content, exams: deps.exams, clock: p.clock }),
    lessons: createPlanLessons({ core, records, content, clock: p.clock }),
    report: createPlanReport({ core, records, facts, content, clock: p.clock }),
    weekRank: createWeekRank({ store, memo: createMemo<string, RankInput[]>(p.bus, { max: 2_000, ttlMs: WEEK_RANK_CACHE_MS }), clock: p.clock }),
    warn: createWarn({ store, tokens: () => tokens!, clock: p.clock }),
  };
  const remind = () => sendPlanReminders({ store, sms: deps.sms, postMessage: deps.postMessage, clock: p.clock, log: p.log });
  return serverModule({
    name: 'plan',
    handlers: planRoutes(service),
    async install(app) {
      tokens = planIcsTokens(await tokenKey(p.db, p.config.VIDEO_TOKEN_KEY, new Date(p.clock())));
      installPlanIcs(app, { store, tokens, clock: p.clock });
    },
    jobs: [{ name: 'plan reminders', everyMs: MINUTE, run: remind }],
    /** One run of the reminders job (tests call it with a moved clock). */
    remind,
  });
}
