import { z } from 'zod';
import { defineCall } from '../call.ts';
import { appID, dbId, guid } from '../fields.ts';
import { PLAN_MINUTES_MAX, PLAN_MINUTES_MIN, PLAN_MODULE, PLAN_MSG, planEvaluation, planLessonInfo, planReport, planStageSpan, planView, weekRankRow } from './plan-shapes.ts';

/** The study plan's calls (/api/xxjh/*, spec §7; docs/plan.md). Shapes and constants in plan-shapes.ts. */

const gate = { module: PLAN_MODULE, free: true } as const;

const trimmed = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v);

/** A calendar day 'YYYY-MM-DD' that exists. */
const day = (error: string) =>
  z.preprocess(
    trimmed,
    z
      .string({ error })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error })
      .refine(
        (s) => {
          const d = new Date(`${s}T00:00:00Z`);
          return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '2000-01-01' && s <= '2100-12-31';
        },
        { error },
      ),
  );

/** 'HH:mm', 00:00–23:59. */
const hhmm = () => z.preprocess(trimmed, z.string({ error: PLAN_MSG.badTime }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: PLAN_MSG.badTime }));

/** 1/0 (also '1'/'0', true/false). */
const onOff = () => z.preprocess((v) => (v === true || v === '1' ? 1 : v === false || v === '0' ? 0 : v), z.union([z.literal(0), z.literal(1)], { error: '提醒开关格式不正确' }));

const minutes = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : v),
    z.number({ error: PLAN_MSG.minutes }).int({ error: PLAN_MSG.minutes }).min(PLAN_MINUTES_MIN, { error: PLAN_MSG.minutes }).max(PLAN_MINUTES_MAX, { error: PLAN_MSG.minutes }),
  );

export const planOpen = defineCall({
  id: 'plan.open',
  method: 'POST',
  path: '/api/xxjh/openplan',
  group: 'general',
  needsSession: true,
  gate,
  allowedRepeat: true,
  summary:
    "/openStudy: make (or remake) the learner's plan for the subject: exam date, minutes a day, optional reminder. Plans every day from today to the day before the exam; answers the plan view.",
  request: z.object({ guid: guid(), appID: appID(), mdate: day(PLAN_MSG.badDate), timesize: minutes(), warntime: hhmm().optional(), warnopen: onOff().optional() }),
  data: planView,
});

export const planStudy = defineCall({
  id: 'plan.study',
  method: 'GET',
  path: '/api/xxjh/studyplan',
  group: 'general',
  needsSession: true,
  gate,
  summary:
    "/studyMain: the plan, a day's tasks with progress measured from what the learner did (today by default), the stages, the streak. Without a plan: plan null and the evaluation state. Re-plans once a day when past tasks were missed.",
  request: z.object({ guid: guid(), appID: appID(), date: day(PLAN_MSG.badDate).optional() }),
  data: planView,
});

export const planStages = defineCall({
  id: 'plan.stages',
  method: 'GET',
  path: '/api/xxjh/getstage',
  group: 'general',
  needsSession: true,
  gate,
  summary: 'The stage map: 基础 → 强化 → 冲刺 with their days, tasks done and state.',
  request: z.object({ guid: guid(), appID: appID() }),
  data: z.object({ list: z.array(planStageSpan) }),
});

export const planDetail = defineCall({
  id: 'plan.detail',
  method: 'GET',
  path: '/api/xxjh/getalldetail',
  group: 'general',
  needsSession: true,
  gate,
  summary: '/studyFinally: the report: every day of the plan (planned and done minutes, counted or missed), time spent, tasks done by kind, mastery by chapter, streak.',
  request: z.object({ guid: guid(), appID: appID() }),
  data: planReport,
});

export const planWeekRank = defineCall({
  id: 'plan.weekRank',
  method: 'GET',
  path: '/api/xxjh/weekrank',
  group: 'general',
  needsSession: true,
  gate,
  summary: "This ISO week's (China time) ranking of the subject's learners by questions newly answered right; masked names; ties share a place; my place pinned.",
  request: z.object({ guid: guid(), appID: appID() }),
  data: z.object({ week: z.string(), from: z.string(), to: z.string(), list: z.array(weekRankRow), me: weekRankRow.nullable() }),
});

export const planEntrance = defineCall({
  id: 'plan.entrance',
  method: 'POST',
  path: '/api/xxjh/entrancesetp',
  group: 'general',
  needsSession: true,
  gate,
  allowedRepeat: true,
  summary:
    "The entrance evaluation: 'start' opens (or continues) a short practice set across the subject's chapters on the exam engine (answers count for mastery); 'skip' records that the learner skipped it.",
  request: z.object({ guid: guid(), appID: appID(), action: z.enum(['start', 'skip'], { error: '操作不正确' }) }),
  data: z.object({ state: z.enum(['started', 'skipped']), examHistoryID: z.number().int().nullable() }),
});

export const planWarn = defineCall({
  id: 'plan.warn',
  method: 'POST',
  path: '/api/xxjh/userwarn',
  group: 'general',
  needsSession: true,
  gate,
  allowedRepeat: true,
  summary:
    "The daily study reminder: time 'HH:mm' and on/off. Answers the §4 text ('学习提醒已开启' / '学习提醒已关闭') and a signed link to an .ics daily reminder until the exam.",
  request: z.object({ guid: guid(), appID: appID(), warntime: hhmm().optional(), warnopen: onOff() }),
  data: z.object({ warntime: z.string(), warnopen: z.union([z.literal(0), z.literal(1)]), text: z.string(), icsUrl: z.string() }),
});

export const planSkip = defineCall({
  id: 'plan.skip',
  method: 'POST',
  path: '/api/xxjh/skipPointNode',
  group: 'general',
  needsSession: true,
  gate,
  allowedRepeat: true,
  summary: "Skip one of today's or a later task (a node): it leaves the plan and the remaining days are re-planned. Answers the plan view.",
  request: z.object({ guid: guid(), appID: appID(), taskID: dbId('任务编号') }),
  data: planView,
});

export const planEvaluate = defineCall({
  id: 'plan.evaluate',
  method: 'POST',
  path: '/api/xxjh/getEvaluate',
  group: 'general',
  needsSession: true,
  gate,
  allowedRepeat: true,
  summary:
    'Readiness against the pass line, and the weak chapters of the last handed-in mock; a mock not evaluated before re-plans the remaining days with its weak chapters first (once per mock).',
  request: z.object({ guid: guid(), appID: appID() }),
  data: planEvaluation,
});

export const planVideoInfo = defineCall({
  id: 'plan.videoInfo',
  method: 'GET',
  path: '/api/xxjh/getvideoinfo',
  group: 'general',
  needsSession: true,
  gate,
  summary: "The plan's lessons with the learner's progress from the video lessons: the one to play next (play_id) first, then the other lesson tasks of today.",
  request: z.object({ guid: guid(), appID: appID() }),
  data: z.object({ next: planLessonInfo.nullable(), today: z.array(planLessonInfo) }),
});

export const planVideoView = defineCall({
  id: 'plan.videoView',
  method: 'POST',
  path: '/api/xxjh/videoview',
  group: 'general',
  needsSession: true,
  gate,
  allowedRepeat: true,
  summary: "Back from the player: one lesson's progress as the plan sees it (ticks its task when the lesson is complete).",
  request: z.object({ guid: guid(), appID: appID(), lessonID: dbId('视频编号') }),
  data: planLessonInfo,
});

export const planCalls = { planOpen, planStudy, planStages, planDetail, planWeekRank, planEntrance, planWarn, planSkip, planEvaluate, planVideoInfo, planVideoView };
