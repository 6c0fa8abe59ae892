import { z } from 'zod';
import { cleanString } from '../fields.ts';
import { QUESTION_TYPES } from '../questions/types.ts';
import { answerValue, practiceGroup, practiceQuestion } from './practice.ts';

/** The exam session's constants, messages and shapes (the calls are in calls/exam.ts). */
/** The catalog module of mock and past papers (the one /computerPaper uses in content/demo/catalog.json). */
export const EXAM_MODULE = 'paper';
/** The catalog module of the daily test (/dailyMockTest). */
export const DAILY_MODULE = 'daily';
/** Seconds after the deadline during which replies in transit are still accepted (docs/test-modes.md §1.4). */
export const EXAM_GRACE_SECONDS = 30;
/** How long a hand-in waits for its grade before answering that the sheet is being graded (docs/exams.md). */
export const EXAM_ACK_WAIT_MS = 250;
/** Most replies in one addSimulationReplys batch. */
export const EXAM_REPLIES_MAX = 200;
/** Attempts per history page. */
export const EXAM_HISTORY_PAGE = 20;
/** Attempts in the trend (the newest, drawn oldest first). */
export const EXAM_TREND_MAX = 30;
export const EXAM_MODES = ['exam', 'practice'] as const;
export type ExamMode = (typeof EXAM_MODES)[number];

export const EXAM_MSG = {
  unknownSession: '考试记录不存在',
  unknownPaper: '试卷不存在',
  needPaper: '请填写试卷编号',
  noDaily: '该科目暂无每日一练题目',
  timeUp: '考试时间已到，答案未保存',
  handedIn: '考试已交卷，答案未保存',
  sectionLocked: '该题型已交卷，不能再修改',
  sectionAhead: '请先完成当前题型',
  lastSection: '最后一个题型请直接交卷',
  noSections: '本次作答不分题型，无需分题型交卷',
  notInPaper: '试题不在本次考试中',
  badReply: '答案格式不正确',
  replyIdReused: '答题编号已用于其他试题',
  notHanded: '交卷后才能查看答案',
  grading: '已交卷，正在计算成绩…',
  badReplies: '答案列表格式不正确',
  badTestMode: '考试类型不正确',
  modeFixed: '该考试的作答方式不能更改',
  needKey: '请选择考试范围',
  noQuestions: '题库中暂无可抽取的试题',
  unknownScope: '所选章节或考点不存在',
  tooManyReplies: `每次最多提交${EXAM_REPLIES_MAX}条答案`,
} as const;

const REPLY_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** One autosaved reply of a batch. `lastUserReply` '' clears the reply (a flag may stay). */
export const examReplyInput = z.object({
  replyID: z.string({ error: '答题编号格式不正确' }).regex(REPLY_ID, { error: '答题编号格式不正确' }),
  allTestID: z.number({ error: '试题编号格式不正确' }).int({ error: '试题编号格式不正确' }).min(1, { error: '试题编号格式不正确' }),
  lastUserReply: cleanString('答案').max(200, {
    error: '答案不能超过200个字符',
  }),
  spendTime: z.number({ error: '用时格式不正确' }).int({ error: '用时格式不正确' }).min(0, { error: '用时格式不正确' }).max(86_400, { error: '用时格式不正确' }).optional(),
  flagged: z.boolean({ error: '标疑格式不正确' }).optional(),
});
export type ExamReplyInput = z.infer<typeof examReplyInput>;

/** The batch arrives as a JSON string in the form body: parsed and checked here, every failure in Chinese. */
export const examReplies = z
  .string({ error: `请填写答案列表` })
  .trim()
  .min(1, { error: '请填写答案列表' })
  .max(100_000, { error: EXAM_MSG.badReplies })
  .transform((s, ctx) => {
    let raw: unknown;
    try {
      raw = JSON.parse(s);
    } catch {
      ctx.addIssue({ code: 'custom', message: EXAM_MSG.badReplies });
      return z.NEVER;
    }
    if (!Array.isArray(raw)) {
      ctx.addIssue({ code: 'custom', message: EXAM_MSG.badReplies });
      return z.NEVER;
    }
    if (raw.length > EXAM_REPLIES_MAX) {
      ctx.addIssue({ code: 'custom', message: EXAM_MSG.tooManyReplies });
      return z.NEVER;
    }
    const parsed = z.array(examReplyInput).safeParse(raw);
    if (!parsed.success) {
      ctx.addIssue({
        code: 'custom',
        message: parsed.error.issues[0]?.message ?? EXAM_MSG.badReplies,
      });
      return z.NEVER;
    }
    return parsed.data;
  });

/** One question as an exam shows it before hand-in: no answer, explanation or knowledge points. */
export const examQuestion = practiceQuestion.pick({
  allTestID: true,
  srcID: true,
  cptID: true,
  childTableID: true,
  groupOrder: true,
  childTableName: true,
  styleID: true,
  stem: true,
  options: true,
});
export type ExamQuestion = z.infer<typeof examQuestion>;

/** A section of the paper, frozen at start; `locked` once the learner left it (机考), replies there are refused. */
export const examSection = z.object({
  type: z.enum(QUESTION_TYPES),
  title: z.string(),
  /** Marks per question. */
  score: z.number(),
  locked: z.boolean(),
  questions: z.array(z.number().int()),
});

/** The keys of a practice-mode session (instant feedback); never present in an exam-mode session. */
export const examKey = z.object({
  allTestID: z.number().int(),
  answer: answerValue,
  explanation: z.string(),
  points: z.array(z.string()).optional(),
});

/** The session as start and resume show it. Times are ISO; `remainingSeconds` counts from the server's clock. */
export const examSession = z.object({
  examHistoryID: z.number().int(),
  appID: z.number().int(),
  paperID: z.number().int().nullable(),
  name: z.string(),
  kind: z.string(),
  mode: z.enum(EXAM_MODES),
  status: z.enum(['open', 'handed']),
  /** null: untimed (practice mode). */
  timeLimitSeconds: z.number().int().nullable(),
  passScore: z.number(),
  total: z.number(),
  startedAt: z.string(),
  deadline: z.string().nullable(),
  serverNow: z.string(),
  remainingSeconds: z.number().int().nullable(),
  /** The open section (earlier ones are locked); always 0 in practice mode. */
  sectionIndex: z.number().int(),
  sections: z.array(examSection),
  groups: z.array(practiceGroup),
  list: z.array(examQuestion),
  /** Question id → the learner's current reply (only answered questions). */
  replies: z.record(z.string(), z.string()),
  /** Question ids flagged 标疑. */
  flags: z.array(z.number().int()),
  /** Practice mode only. */
  keys: z.array(examKey).optional(),
  /** The TEST_MODES row the session was started for (null: started by paper or daily without one). */
  testMode: z.string().nullable(),
  /** 机考 section lock: leaving a section locks it (exam display of a row with lockSections, or a paper started without a row). */
  lockSections: z.boolean(),
});
export type ExamSession = z.infer<typeof examSession>;

const tally = {
  score: z.number(),
  total: z.number(),
  right: z.number().int(),
  wrong: z.number().int(),
  unanswered: z.number().int(),
};

/** The scored attempt (handIn, and the head of result). */
export const examResult = z.object({
  examHistoryID: z.number().int(),
  appID: z.number().int(),
  paperID: z.number().int().nullable(),
  name: z.string(),
  mode: z.enum(EXAM_MODES),
  ...tally,
  passScore: z.number(),
  passed: z.boolean(),
  startedAt: z.string(),
  handedAt: z.string(),
  /** Who handed in: the learner, or the server at the deadline. */
  handedBy: z.enum(['learner', 'deadline', 'abandoned']),
  /** The TEST_MODES row of the attempt (null: none). */
  testMode: z.string().nullable(),
  /** The first hand-in of its day or week (daily and weekly tests): the attempt that ranks. */
  counted: z.boolean(),
  usedSeconds: z.number().int(),
  bySection: z.array(z.object({ type: z.enum(QUESTION_TYPES), title: z.string(), ...tally })),
  byChapter: z.array(z.object({ cptID: z.number().int(), name: z.string(), ...tally })),
});
export type ExamResult = z.infer<typeof examResult>;

/** One attempt of the history list: the result's head without the tallies by section and chapter. */
export const examHistoryRow = examResult.pick({
  examHistoryID: true,
  paperID: true,
  name: true,
  mode: true,
  score: true,
  total: true,
  passed: true,
  startedAt: true,
  handedAt: true,
  handedBy: true,
  testMode: true,
  counted: true,
  usedSeconds: true,
});

/** One question of the review: with key, explanation and the learner's reply as scored. */
export const examReviewQuestion = examQuestion.extend({
  answer: answerValue,
  explanation: z.string(),
  points: z.array(z.string()),
  mine: z.object({
    lastUserReply: z.string(),
    answered: z.boolean(),
    right: z.boolean(),
    score: z.number(),
    full: z.number(),
  }),
  flagged: z.boolean(),
});
