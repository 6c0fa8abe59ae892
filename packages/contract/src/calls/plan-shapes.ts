import { z } from 'zod';

/**
 * The study plan's constants, messages and reply shapes (docs/plan.md). The calls are in plan.ts.
 */

/** The plan's module id: free (gate `free: true`), so every learner of a subject on sale may plan. */
export const PLAN_MODULE = 'plan';
/** The three stages, in order. */
export const PLAN_STAGES = ['基础', '强化', '冲刺'] as const;
export type PlanStage = (typeof PLAN_STAGES)[number];
/** What a task asks: practise a chapter, watch a lesson, read a handout, review the wrong-answer book, sit a paper. */
export const PLAN_TASK_KINDS = ['chapter', 'lesson', 'handout', 'review', 'paper'] as const;
export type PlanTaskKind = (typeof PLAN_TASK_KINDS)[number];
/** Minutes a day the learner may choose (the form offers chips; any whole number in range is accepted). */
export const PLAN_MINUTES_MIN = 10;
export const PLAN_MINUTES_MAX = 600;
export const PLAN_MINUTES_CHOICES = [30, 60, 90, 120, 180] as const;
/** The exam may be at most this many days ahead. */
export const PLAN_MAX_DAYS = 730;
/** A day counts for the streak when at least this share of its planned minutes was done that China day. */
export const STREAK_DAY_SHARE = 0.8;
/** Freezes a learner may hold (each earned by clearing a day's review debt; one covers one missed day). */
export const STREAK_FREEZE_MAX = 2;
/** Questions in the entrance evaluation. */
export const PLAN_EVALUATION_SIZE = 10;
/** A chapter of a handed-in mock with less than this share right is weak: the plan re-plans with it first. */
export const PLAN_WEAK_SHARE = 0.6;
/** The weekly ranking lists this many learners (my place is pinned below it when lower). */
export const WEEK_RANK_SIZE = 50;
/** The default reminder time. */
export const PLAN_DEFAULT_WARN_TIME = '20:00';

export const PLAN_MSG = {
  noPlan: '尚未制定学习计划',
  pastDate: '考试日期须晚于今天',
  tooFar: '考试日期不能超过两年后',
  tooFewDays: '距离考试不足3天，无法分阶段安排计划，建议直接进行模拟考试',
  minutes: `每天学习时长须在${PLAN_MINUTES_MIN}到${PLAN_MINUTES_MAX}分钟之间`,
  badTime: '提醒时间格式不正确',
  badDate: '日期格式不正确',
  noContent: '该科目暂无可安排的学习内容',
  unknownTask: '计划任务不存在',
  taskDone: '该任务已完成，无需跳过',
  taskPast: '只能跳过今天及以后的任务',
  warnOn: '学习提醒已开启',
  warnOff: '学习提醒已关闭',
  /** The plan could not hold everything in the minutes given: the weakest and most weighted content went first. */
  squeezed: '每天学习时长不足以完成全部内容，已优先安排薄弱和高频章节',
  replannedMissed: '你有未完成的任务，计划已为你重新安排',
  replannedMock: '已根据模拟考试结果调整计划，薄弱章节优先',
  reminderTitle: '学习提醒',
} as const;

/** One task of a day. `progress`/`target` are measured from what the learner did (answers, lesson progress, reading, hand-ins). */
export const planTask = z.object({
  taskID: z.number().int(),
  /** China day 'YYYY-MM-DD'. */
  day: z.string(),
  stage: z.enum(PLAN_STAGES),
  kind: z.enum(PLAN_TASK_KINDS),
  /** chapter: cptID; lesson: the lesson id; handout: the reading item id; paper: paperID; review: 0. */
  refID: z.number().int(),
  title: z.string(),
  /** e.g. '练习30题' / '观看24分钟' / '阅读讲义' / '复习错题12道' / '模拟考试120分钟'. */
  detail: z.string(),
  minutes: z.number().int(),
  /** chapter: questions to answer; review: items to review; lesson, handout, paper: 1. */
  target: z.number().int(),
  /** How much of `target` is done (0..target). */
  progress: z.number().int(),
  done: z.boolean(),
  doneAt: z.string().nullable(),
  skipped: z.boolean(),
});
export type PlanTask = z.infer<typeof planTask>;

export const planStageSpan = z.object({
  stage: z.enum(PLAN_STAGES),
  from: z.string(),
  to: z.string(),
  tasks: z.number().int(),
  done: z.number().int(),
  minutes: z.number().int(),
  state: z.enum(['done', 'current', 'coming']),
});
export type PlanStageSpan = z.infer<typeof planStageSpan>;

/** The plan entity of spec §3 (plan_id, play_id, mdate, timesize, totalProgress, warntime, warnopen) and what the screens show with it. */
export const planInfo = z.object({
  plan_id: z.number().int(),
  /** The lesson the plan would play next (its next lesson task not done), or null. */
  play_id: z.number().int().nullable(),
  /** Exam date 'YYYY-MM-DD'. */
  mdate: z.string(),
  /** Minutes a day. */
  timesize: z.number().int(),
  /** 0–100: planned minutes done over all planned minutes (skipped tasks left out). */
  totalProgress: z.number().int(),
  /** 'HH:mm'. */
  warntime: z.string(),
  /** 1 on, 0 off. */
  warnopen: z.union([z.literal(0), z.literal(1)]),
  stage: z.enum(PLAN_STAGES),
  /** Days from today to the exam date. */
  daysLeft: z.number().int(),
  /** China day the plan was last (re)built. */
  plannedOn: z.string(),
  /** Non-empty when the last (re)build left content out or moved tasks: one of PLAN_MSG squeezed / replanned*. */
  notice: z.string(),
});
export type PlanInfo = z.infer<typeof planInfo>;

export const planStreak = z.object({
  /** Consecutive counted days up to today (today included once it counts, else up to yesterday). */
  days: z.number().int(),
  best: z.number().int(),
  freezes: z.number().int(),
  todayCounted: z.boolean(),
});
export type PlanStreak = z.infer<typeof planStreak>;

export const planEvaluationState = z.object({
  state: z.enum(['none', 'started', 'done', 'skipped']),
  /** The evaluation's exam session (continue it, or see its result). */
  examHistoryID: z.number().int().nullable(),
  right: z.number().int(),
  total: z.number().int(),
});
export type PlanEvaluationState = z.infer<typeof planEvaluationState>;

export const planToday = z.object({
  date: z.string(),
  tasks: z.array(planTask),
  minutes: z.number().int(),
  doneMinutes: z.number().int(),
  /** 0–100. */
  percent: z.number().int(),
});
export type PlanToday = z.infer<typeof planToday>;

/** What the learner cannot plan yet without a version: counts, and the versions that would add them. */
export const planLocked = z.object({
  chapters: z.number().int(),
  lessons: z.number().int(),
  handouts: z.number().int(),
  papers: z.number().int(),
  unlocking: z.array(z.object({ vn: z.string(), vname: z.string() })),
});

export const planView = z.object({
  /** null until the learner has made a plan (then the screens go to /openStudy). */
  plan: planInfo.nullable(),
  evaluation: planEvaluationState,
  /** The day asked (today by default); null without a plan. */
  day: planToday.nullable(),
  stages: z.array(planStageSpan),
  streak: planStreak,
  locked: planLocked,
});
export type PlanView = z.infer<typeof planView>;

export const planDaySummary = z.object({
  date: z.string(),
  stage: z.enum(PLAN_STAGES),
  minutes: z.number().int(),
  doneMinutes: z.number().int(),
  tasks: z.number().int(),
  doneTasks: z.number().int(),
  /**
   * past: 'counted' | 'frozen' | 'missed', or 'rest' when nothing was planned that day (it neither counts nor breaks the
   * streak); today and later: 'today' | 'coming' (planned or not: the days to come are the days left).
   */
  state: z.enum(['counted', 'frozen', 'missed', 'rest', 'today', 'coming']),
});

export const planChapterMastery = z.object({
  cptID: z.number().int(),
  name: z.string(),
  questions: z.number().int(),
  done: z.number().int(),
  right: z.number().int(),
  /** 0–100: share of the chapter's questions answered right at the latest attempt. */
  mastery: z.number().int(),
  /** 0–100: the chapter's share of the bank. */
  weight: z.number().int(),
});

export const planReport = z.object({
  plan: planInfo,
  days: z.array(planDaySummary),
  /** Minutes spent, measured: answers' time, lesson seconds watched, reading (estimated from positions). */
  spent: z.object({ practice: z.number().int(), lessons: z.number().int(), reading: z.number().int() }),
  tasks: z.object({ total: z.number().int(), done: z.number().int(), skipped: z.number().int() }),
  byKind: z.array(z.object({ kind: z.enum(PLAN_TASK_KINDS), total: z.number().int(), done: z.number().int() })),
  chapters: z.array(planChapterMastery),
  streak: planStreak,
});
export type PlanReport = z.infer<typeof planReport>;

export const planReadiness = z.object({
  /** Predicted share of the paper right, 0–100. */
  predicted: z.number().int(),
  /** The pass line, 0–100 (the subject's mock papers' pass score over total; 60 without papers). */
  passLine: z.number().int(),
  /** 'ready' (predicted ≥ pass + 5), 'close' (within 5), 'behind'. */
  verdict: z.enum(['ready', 'close', 'behind']),
  /** What the prediction used: the bank's mastery and, when any, the last handed-in mocks. */
  fromBank: z.number().int(),
  fromMocks: z.number().int().nullable(),
  mocks: z.number().int(),
});

export const planEvaluation = z.object({
  readiness: planReadiness,
  /** Weak chapters of the last evaluated mock (share right < PLAN_WEAK_SHARE), weakest first. */
  weak: z.array(z.object({ cptID: z.number().int(), name: z.string(), share: z.number().int() })),
  /** The mock this evaluation read, or null (none handed in since the plan began). */
  basedOn: z.object({ examHistoryID: z.number().int(), name: z.string(), score: z.number(), total: z.number(), handedAt: z.string() }).nullable(),
  /** True when this call re-planned the remaining days (a mock not evaluated before). */
  replanned: z.boolean(),
});
export type PlanEvaluation = z.infer<typeof planEvaluation>;

export const weekRankRow = z.object({
  rank: z.number().int(),
  /** Masked: a nickname's first character + '**', or a phone as 139****0000. */
  name: z.string(),
  /** Questions answered right this ISO week (China time) that the learner had never answered right before. */
  gained: z.number().int(),
  me: z.boolean(),
});

export const planLessonInfo = z.object({
  lessonID: z.number().int(),
  title: z.string(),
  durationS: z.number().int(),
  /** Seconds watched (distinct), from the video lessons' progress. */
  watchedS: z.number().int(),
  /** Where to resume. */
  position: z.number().int(),
  /** 0–100. */
  percent: z.number().int(),
  done: z.boolean(),
  /** The plan's task for this lesson (today or later, or the one done), or null. */
  taskID: z.number().int().nullable(),
});
export type PlanLessonInfo = z.infer<typeof planLessonInfo>;
