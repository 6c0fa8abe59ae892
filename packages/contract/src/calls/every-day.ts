import { z } from 'zod';
import { defineCall } from '../call.ts';
import { appID, examHistoryID, guid } from '../fields.ts';
import { DAILY_MODULE } from './exam-session.ts';

/**
 * 每日一练 / 每周一测 and their ranking (docs/daily-ranking.md, design docs/test-modes.md §2 rows /dailyMockTest,
 * /weekTest, /ranking, §3 every_day rows and §4 "Ranking"). A daily or weekly attempt is an exam session
 * (testMode 'dailyMockTest' / 'weekTest', started with /api/simulationTest/start); the first hand-in of the
 * China day / ISO week is `counted` and ranks. Every call checks the entitlement decision for module 'daily';
 * denied → body status 403 '开通以下任一班次可使用该功能' with data {unlocking}.
 */

/** Periods: the China day (每日一练) or the ISO week (每周一测). */
export const EVERY_DAY_PERIODS = ['day', 'week'] as const;
export type EveryDayPeriod = (typeof EVERY_DAY_PERIODS)[number];
/** The TEST_MODES row of each period. */
export const EVERY_DAY_MODE: Record<EveryDayPeriod, 'dailyMockTest' | 'weekTest'> = { day: 'dailyMockTest', week: 'weekTest' };
/** Places in a ranking list. */
export const RANKING_TOP = 50;
/** Seconds the top list of one (subject, period key) is kept in memory. */
export const RANKING_CACHE_SECONDS = 60;

export const EVERY_DAY_MSG = {
  notEveryDay: '该考试不是每日一练或每周一测',
  badDate: '日期格式不正确',
} as const;

/** The ranking's period: required there ('请选择排行周期'), optional in the submission (default day). */
const periodField = () => z.enum(EVERY_DAY_PERIODS, { error: (iss) => (iss.input === undefined || iss.input === '' ? '请选择排行周期' : '排行周期不正确') });
const optPeriodField = () => z.preprocess((v) => (v === '' ? undefined : v), z.enum(EVERY_DAY_PERIODS, { error: '排行周期不正确' }).optional());

/** A China calendar day 'YYYY-MM-DD' that exists (2026-02-30 does not). */
const chinaDay = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: EVERY_DAY_MSG.badDate })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: EVERY_DAY_MSG.badDate })
      .refine(
        (s) => {
          const d = new Date(`${s}T00:00:00Z`);
          return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '2000-01-01' && s <= '2100-12-31';
        },
        { error: EVERY_DAY_MSG.badDate },
      )
      .optional(),
  );

/** A figure the client sends with a submission: checked for shape only (the server's own figures answer). */
const figure = (label: string, max: number, integer = true) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? Number(v) : v),
    (integer ? z.number({ error: `${label}格式不正确` }).int({ error: `${label}格式不正确` }) : z.number({ error: `${label}格式不正确` }))
      .min(0, { error: `${label}格式不正确` })
      .max(max, { error: `${label}格式不正确` })
      .optional(),
  );

/** The figures of a counted (or just submitted) attempt, as the server computed them from the stored answers. */
export const everyDayFigures = z.object({
  examHistoryID: z.number().int(),
  /** Percent of the questions answered right, two decimals (7 of 10 → 70). */
  correctRate: z.number(),
  answerSeconds: z.number().int(),
  correctNumber: z.number().int(),
  wrongNumber: z.number().int(),
  doNotNumber: z.number().int(),
  score: z.number(),
  /** Full marks of the set. */
  total: z.number(),
  submittedAt: z.string(),
});
export type EveryDayFigures = z.infer<typeof everyDayFigures>;

/** One place of a ranking. `name` is the nickname or the masked phone (138****0000); never the raw phone. */
export const rankingEntry = z.object({
  place: z.number().int(),
  name: z.string(),
  correctNumber: z.number().int(),
  score: z.number(),
  answerSeconds: z.number().int(),
  /** The asking learner's own row. */
  me: z.boolean(),
});
export type RankingEntry = z.infer<typeof rankingEntry>;

export const everyDaySubmission = defineCall({
  id: 'everyDay.submission',
  method: 'GET',
  path: '/api/every_day/test/submission',
  group: 'general',
  needsSession: true,
  gate: { module: DAILY_MODULE },
  summary: "The learner's state of the day's (or week's) test: the open session, the counted attempt with its figures and place, and how many attempts were handed in.",
  request: z.object({
    guid: guid(),
    appID: appID(),
    /** day (default): 每日一练; week: 每周一测. */
    period: optPeriodField(),
    /** A China day (default today); for a week, any day of it. */
    date: chinaDay(),
  }),
  data: z.object({
    period: z.enum(EVERY_DAY_PERIODS),
    /** The China day '2026-11-21' or the ISO week '2026-W47'. */
    key: z.string(),
    testMode: z.enum(['dailyMockTest', 'weekTest']),
    /** The learner's open session of the period (continue), or null. */
    session: z.number().int().nullable(),
    /** The counted attempt (first hand-in of the period) with its place, or null. */
    submitted: everyDayFigures.extend({ place: z.number().int().nullable() }).nullable(),
    /** Handed-in attempts of the period (abandoned ones left out). */
    attempts: z.number().int(),
  }),
});

export const everyDaySubmit = defineCall({
  id: 'everyDay.submit',
  method: 'POST',
  path: '/api/every_day/test/submission',
  group: 'general',
  needsSession: true,
  gate: { module: DAILY_MODULE },
  allowedRepeat: true,
  summary:
    "Submit a daily or weekly attempt: hands the session in (idempotent) and answers the server's figures (the client's are checked for shape only), whether it counts and its place.",
  request: z.object({
    guid: guid(),
    appID: appID(),
    examHistoryID: examHistoryID(),
    correctRate: figure('正确率', 100, false),
    answerSeconds: figure('答题用时', 10_000_000),
    correctNumber: figure('答对题数', 100_000),
    wrongNumber: figure('答错题数', 100_000),
    doNotNumber: figure('未答题数', 100_000),
  }),
  data: everyDayFigures.extend({
    period: z.enum(EVERY_DAY_PERIODS),
    key: z.string(),
    /** The first hand-in of its period: the attempt that ranks. */
    counted: z.boolean(),
    /** The place of the learner's counted attempt of this period (this one or an earlier one), or null. */
    place: z.number().int().nullable(),
  }),
});

export const everyDayRanking = defineCall({
  id: 'everyDay.ranking',
  method: 'GET',
  path: '/api/every_day/test/ranking',
  group: 'general',
  needsSession: true,
  gate: { module: DAILY_MODULE },
  summary:
    "The ranking of a day (每日一练: most right, then fastest, then earliest) or a week (每周一测: highest score, then fastest, then earliest): the top 50 and the learner's own place.",
  request: z.object({
    guid: guid(),
    appID: appID(),
    period: periodField(),
    date: chinaDay(),
  }),
  data: z.object({
    period: z.enum(EVERY_DAY_PERIODS),
    key: z.string(),
    /** Learners ranked (counted attempts). */
    total: z.number().int(),
    list: z.array(rankingEntry),
    mine: rankingEntry.nullable(),
  }),
});

export const everyDayCalls = { everyDaySubmission, everyDaySubmit, everyDayRanking };
