import { z } from 'zod';
import { defineCall } from '../call.ts';
import { chapterGate } from '../chapter-gate.ts';
import { allTestID, appID, cptID, guid, optAppID, optInt, optText, text, ID_MAX } from '../fields.ts';
import { QUESTION_TYPES } from '../questions/types.ts';
import { unlockingVersion } from './subject.ts';

/**
 * Chapter practice (章节练习, spec §7 "Chapters and exams"): the chapter tree with the learner's progress,
 * a chapter's questions, one answer, and starting a chapter again. Payloads the spec leaves out are
 * designed here and described in docs/practice.md. Every call asks the entitlement decision for module
 * 'chapter' first; denied → body status 403 '开通以下任一班次可使用该功能' with data {unlocking}.
 */

/** Most questions per getChapterTestEx reply (spec §9: catalog list 500). */
export const CHAPTER_TEST_PAGE_MAX = 500;

/** styleID: the type code of a question, 1-based position in QUESTION_TYPES (A1 = 1 … CASE = 9). */
export const STYLE_IDS = Object.fromEntries(QUESTION_TYPES.map((t, i) => [t, i + 1])) as Record<(typeof QUESTION_TYPES)[number], number>;

export const PRACTICE_MSG = {
  unknownChapter: '章节不存在',
  wrongSubject: '试题不属于该科目',
  notInChapter: '试题不属于该章节',
  unknownQuestion: '试题不存在',
  badReply: '答案格式不正确',
  replyIdReused: '答题编号已用于其他试题',
} as const;

/** The catalog module of chapter practice. */
export const PRACTICE_MODULE = 'chapter';
/** The gate of chapter practice and of the study tools around it (calls/study.ts). */
export const PRACTICE_GATE = { module: PRACTICE_MODULE, unknown: PRACTICE_MSG.unknownChapter };
/** The gate of one chapter's questions: chapter practice, and the chapter itself (a trial opens only some). */
const CHAPTER_GATE = chapterGate(PRACTICE_MODULE, PRACTICE_MSG.unknownChapter);

/** One chapter with the learner's progress; a parent's numbers include its descendants'. */
export const chapterProgress = z.object({
  cptID: z.number().int(),
  /** null for a top-level chapter. */
  parentID: z.number().int().nullable(),
  name: z.string(),
  /** Position among all chapters of the subject. */
  order: z.number().int(),
  /** Closed to this learner: their trial opens other chapters, a version opens this one (getChapterTestEx answers 403). */
  locked: z.boolean(),
  /** Questions not retired. */
  total: z.number().int(),
  /** Questions answered since the last reset (latest reply per question counts). */
  done: z.number().int(),
  right: z.number().int(),
  wrong: z.number().int(),
  /** right / done, 0 when nothing is done (0..1). */
  accuracy: z.number(),
  spentSeconds: z.number().int(),
  /** ISO time of the newest counted answer, or null. */
  lastAnsweredAt: z.string().nullable(),
});
export type ChapterProgress = z.infer<typeof chapterProgress>;

export const chapterMenuList = defineCall({
  id: 'practice.chapterMenuList',
  method: 'GET',
  path: '/api/chapterMenu/list',
  group: 'general',
  needsSession: true,
  gate: PRACTICE_GATE,
  summary: "The subject's chapter tree (by order, with parent links) with the learner's progress per chapter, locked ones beyond a trial.",
  request: z.object({ guid: guid(), appID: appID() }),
  data: z.object({
    AppID: z.number().int(),
    list: z.array(chapterProgress),
    /** The versions that open the locked chapters (the buy prompt's list); [] when none is locked. */
    unlocking: z.array(unlockingVersion),
  }),
});

const storedOption = z.object({ key: z.string(), text: z.string() });
export const answerValue = z.union([z.string(), z.array(z.string())]);

/** The learner's latest counted reply to a question. */
export const lastReply = z.object({
  lastUserReply: z.string(),
  right: z.boolean(),
  score: z.number(),
  spendTime: z.number().int(),
  answeredAt: z.string(),
});

/** An A3/A4/B1/CASE group: its stem and (B1) shared options, carried once per reply. */
export const practiceGroup = z.object({
  childTableID: z.number().int(),
  childTableName: z.enum(QUESTION_TYPES),
  stem: z.string(),
  options: z.array(storedOption),
});

export type PracticeGroup = z.infer<typeof practiceGroup>;

/** One answerable question, with answer and explanation (practice gives instant feedback, offline too). */
export const practiceQuestion = z.object({
  allTestID: z.number().int(),
  srcID: z.string(),
  cptID: z.number().int(),
  /** Group id, or 0 for a single item. */
  childTableID: z.number().int(),
  /** Position within the group (0 for a single item). */
  groupOrder: z.number().int(),
  childTableName: z.enum(QUESTION_TYPES),
  styleID: z.number().int(),
  stem: z.string(),
  /** Own options; [] for B1 sub-questions (the group's) and FILL. */
  options: z.array(storedOption),
  answer: answerValue,
  explanation: z.string(),
  difficulty: z.number().int(),
  points: z.array(z.string()),
  last: lastReply.nullable(),
  /** The learner favourited it (addUserFav). */
  favourite: z.boolean(),
  /** The learner's note (addUserNote), or null. */
  note: z.string().nullable(),
});
export type PracticeQuestion = z.infer<typeof practiceQuestion>;

export const getChapterTestEx = defineCall({
  id: 'practice.getChapterTestEx',
  method: 'GET',
  path: '/api/exam/getChapterTestEx',
  group: 'general',
  needsSession: true,
  gate: CHAPTER_GATE,
  summary:
    "A chapter's questions (its own, or its descendants' when it holds none), in order with groups together, at most 500 per page, with answers, explanations and the learner's latest reply.",
  request: z.object({
    guid: guid(),
    appID: appID(),
    cptID: cptID(),
    page: optInt('页码', 1, 100_000),
    pageSize: optInt('每页数量', 1, CHAPTER_TEST_PAGE_MAX),
  }),
  data: z.object({
    AppID: z.number().int(),
    cptID: z.number().int(),
    name: z.string(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Questions of the chapter over all pages. */
    total: z.number().int(),
    groups: z.array(practiceGroup),
    list: z.array(practiceQuestion),
    /** The question the learner reached in recite mode (updateRecitePoint), or null. */
    recitePoint: z.number().int().nullable(),
  }),
});

export const submitReply = defineCall({
  id: 'practice.submitReply',
  method: 'POST',
  path: '/api/exam/submitReply',
  group: 'general',
  needsSession: true,
  gate: CHAPTER_GATE,
  allowedRepeat: true,
  summary:
    'Designed: one practice answer (spec §3 exam answer fields) with a client-generated replyID; scored on the server and stored exactly once (a replay answers the stored result).',
  request: z.object({
    guid: guid(),
    appID: appID(),
    cptID: cptID(),
    allTestID: allTestID(),
    childTableID: optInt('试题组编号', 0, ID_MAX),
    childTableName: optText('题型', 16),
    srcID: optText('试题来源编号', 128),
    sbjID: optAppID(),
    styleID: optInt('题型编号', 0, 99),
    lastUserReply: text('答案', 200),
    spendTime: optInt('用时', 0, 86_400),
    examHistoryID: optInt('考试记录编号', 0, ID_MAX),
    replyID: text('答题编号', 64).regex(/^[A-Za-z0-9_-]{16,64}$/, { error: '答题编号格式不正确' }),
  }),
  data: z.object({
    replyID: z.string(),
    right: z.boolean(),
    score: z.number(),
    /** The correct keys ('ACD') or, for FILL, the accepted texts. */
    answer: answerValue,
    stored: z.literal(true),
    /** The question is in the learner's wrong-answer book after this answer (docs/study.md). */
    inBook: z.boolean(),
  }),
});

export const resetTestInfo = defineCall({
  id: 'practice.resetTestInfo',
  method: 'POST',
  path: '/api/exam/resetTestInfo',
  group: 'general',
  needsSession: true,
  gate: CHAPTER_GATE,
  summary: "Start a chapter (and its sub-chapters) again: the learner's answers there stop counting for progress (kept for history).",
  request: z.object({ guid: guid(), appID: appID(), cptID: cptID() }),
  data: z.object({ reset: z.number().int() }),
});

export const practiceCalls = { chapterMenuList, getChapterTestEx, submitReply, resetTestInfo };
