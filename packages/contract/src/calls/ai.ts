import { z } from 'zod';
import { defineCall } from '../call.ts';
import { appID, guid, dbId, optCptID, optInt } from '../fields.ts';
import { examSession } from './exam-session.ts';

/**
 * AI核心考点 (docs/ai-practice.md, design docs/test-modes.md §2 /AICoreExamTest, /AIcard, /focalPointTest, §4
 * "Adaptive choice" and "Flash cards"): the adaptive round (a practice-display exam session of 10 questions
 * chosen by priority = weight × (1 − mastery) of the knowledge points, each with its reason), tips points
 * (exam type 40: the 【…】 marked sentences of a point's explanations, for 重点考点测试) and point cards (exam
 * type 48, graded 认识/模糊/不认识). Module 'ai' for the round, the cards and the grade; 'sprint' for type 40.
 * Denied → body status 403 '开通以下任一班次可使用该功能' with data {unlocking}.
 */

/** The catalog module of the adaptive round and the point cards. */
export const AI_MODULE = 'ai';
/** The catalog module of the tips points (type 40, /focalPointTest). */
export const TIPS_MODULE = 'sprint';
/** Questions per round (the default of `count`) and the most a round may ask for. */
export const AI_ROUND_COUNT = 10;
export const AI_ROUND_MAX = 20;
/** Questions taken from one point: 1 … this many (more for a higher priority). */
export const AI_PER_POINT_MAX = 3;
/** A question answered this recently is not chosen again. */
export const AI_RECENT_HOURS = 24;
/** Tips per point. */
export const TIPS_MAX = 8;
/** Exam types of the tips_points calls (spec §9). */
export const TIPS_EXAM_TYPES = [40, 48] as const;
export const CARD_GRADES = ['know', 'vague', 'forgot'] as const;
export type CardGrade = (typeof CARD_GRADES)[number];
/** How a card grade is shown. */
export const CARD_GRADE_NAMES: Record<CardGrade, string> = { know: '认识', vague: '模糊', forgot: '不认识' };

export const AI_MSG = {
  noQuestions: '暂无可推荐的题目（24小时内做过的题不会马上再推荐），请先去章节练习或明天再来',
  badExamType: '考点类型格式不正确',
  badGrade: '掌握程度格式不正确',
  unknownPoint: '知识点不存在',
  unknownChapter: '章节不存在',
  unknownRound: '练习记录不存在',
} as const;

/** The gate of the AI round and of point cards. */
export const AI_GATE = { module: AI_MODULE, unknown: AI_MSG.unknownChapter };

/** Why a question is in the round: its point's figures when the round was chosen. */
export const aiReason = z.object({
  allTestID: z.number().int(),
  /** The knowledge point's id and name. */
  point: z.number().int(),
  name: z.string(),
  /** The point's mastery (0–1) and weight (share of the bank) when the round was chosen. */
  mastery: z.number(),
  weight: z.number(),
  /** e.g. '考点「心电图」占题库 6%，你的掌握度 20%（答对 2/10）。这道题你还没做过。' */
  why: z.string(),
});
export type AiReason = z.infer<typeof aiReason>;

export const aiNext = defineCall({
  id: 'ai.next',
  method: 'GET',
  path: '/api/aiExam/next',
  group: 'general',
  needsSession: true,
  gate: AI_GATE,
  allowedRepeat: true,
  summary:
    "The learner's adaptive round: the open one (resumed, same questions and reasons) or a new practice session of `count` questions of the weakest heavy knowledge points, each with why it was chosen.",
  request: z.object({ guid: guid(), appID: appID(), count: optInt('题目数量', 1, AI_ROUND_MAX) }),
  data: z.object({ round: z.number().int(), session: examSession, reasons: z.array(aiReason) }),
});

/** A point's mastery before the round and now. */
export const aiPointChange = z.object({ point: z.number().int(), name: z.string(), before: z.number(), after: z.number() });

export const aiLast = defineCall({
  id: 'ai.last',
  method: 'GET',
  path: '/api/aiExam/last',
  group: 'general',
  needsSession: true,
  gate: AI_GATE,
  summary: "The learner's last handed-in adaptive round with the mastery change of its points (null before the first).",
  request: z.object({ guid: guid(), appID: appID() }),
  data: z.object({
    last: z
      .object({
        examHistoryID: z.number().int(),
        round: z.number().int(),
        right: z.number().int(),
        total: z.number().int(),
        handedAt: z.string(),
        points: z.array(aiPointChange),
      })
      .nullable(),
  }),
});

/** One tips point (exam type 40). `point` is the knowledge point's id. */
export const tipsPoint = z.object({
  point: z.number().int(),
  name: z.string(),
  /** Questions of the point with a past-exam year + 100 × weight (docs/test-modes.md §1.7). */
  heat: z.number(),
  weight: z.number(),
  mastery: z.number(),
  /** Questions of the point (a 重点考点测试 draws up to 20 of them). */
  total: z.number().int(),
  /** The 【…】 marked sentences of the point's explanations, de-duplicated, at most TIPS_MAX; 【】 kept. */
  tips: z.array(z.string()),
});
export type TipsPoint = z.infer<typeof tipsPoint>;

/** One point card (exam type 48). */
export const pointCard = z.object({
  point: z.number().int(),
  name: z.string(),
  /** The chapter most of the point's questions are in (the card's face shows name and front). */
  front: z.string(),
  /** The tips of the point (or the first sentence of a sample explanation when it has none). */
  back: z.array(z.string()),
  /** A question of the point (its explanation is where the tips come from). */
  sample: z.number().int(),
  grade: z.enum(CARD_GRADES).nullable(),
  seenAt: z.string().nullable(),
});
export type PointCard = z.infer<typeof pointCard>;

export const tipsPointsList = defineCall({
  id: 'ai.tipsPoints',
  method: 'GET',
  path: '/api/tips_points/list',
  group: 'general',
  needsSession: true,
  gate: { module: (i) => ({ module: i.examType === 40 ? TIPS_MODULE : AI_MODULE }), unknown: AI_MSG.unknownChapter },
  summary:
    'Exam type 40: the hot knowledge points (or every point of a chapter) with heat, weight, mastery and tips; 48: point cards in adaptive order, unseen first, then forgot, vague, know by oldest seen.',
  request: z.object({
    guid: guid(),
    appID: appID(),
    examType: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.union([z.literal(40), z.literal(48)], { error: AI_MSG.badExamType })),
    cptID: optCptID(),
  }),
  data: z.object({ list: z.array(tipsPoint).optional(), cards: z.array(pointCard).optional() }),
});

export const tipsPointsGrade = defineCall({
  id: 'ai.gradeCard',
  method: 'POST',
  path: '/api/tips_points/grade',
  group: 'general',
  needsSession: true,
  gate: AI_GATE,
  summary: "Stores the learner's grade of a point card (认识/模糊/不认识) and when it was seen.",
  request: z.object({
    guid: guid(),
    appID: appID(),
    point: dbId('知识点编号'),
    grade: z.enum(CARD_GRADES, { error: AI_MSG.badGrade }),
  }),
  data: z.object({ point: z.number().int(), grade: z.enum(CARD_GRADES), seenAt: z.string() }),
});

export const aiCalls = { aiNext, aiLast, tipsPointsList, tipsPointsGrade };
