import { z } from 'zod';
import { defineCall } from '../call.ts';
import { chapterGate } from '../chapter-gate.ts';
import { allTestID, appID, cptID, guid, optCptID, optInt, optText, page, text, choice } from '../fields.ts';
import { PRACTICE_GATE, PRACTICE_MODULE, PRACTICE_MSG, practiceGroup } from './practice.ts';
import { STUDY_PAGE, NOTE_MAX, STUDY_MSG, REPORT_KINDS, studyQuestion, studyQuestionPage } from './study-shapes.ts';

/**
 * Study tools around chapter practice (spec §7 "Chapters and exams"): the wrong-answer book with FSRS
 * review, favourites, notes, question reports, statistics, search, per-question statistics and the recite
 * point. Payloads the spec leaves out are designed here and described in docs/study.md. Every call is gated
 * like practice (module 'chapter'; denied → body status 403 '开通以下任一班次可使用该功能' {unlocking}).
 * Calls that change data are POST (the spec lists /api/exam/* among GETs; see docs/practice.md "Reset").
 */

// ---------------------------------------------------------------- recite point, notes, favourites

export const updateRecitePoint = defineCall({
  id: 'study.updateRecitePoint',
  method: 'POST',
  path: '/api/exam/updateRecitePoint',
  group: 'general',
  needsSession: true,
  gate: chapterGate(PRACTICE_MODULE, PRACTICE_MSG.unknownChapter),
  allowedRepeat: true,
  summary: "Remember where the learner is in a chapter's recite mode (背题); getChapterTestEx answers it as recitePoint.",
  request: z.object({ guid: guid(), appID: appID(), cptID: cptID(), allTestID: allTestID() }),
  data: z.object({ cptID: z.number().int(), allTestID: z.number().int() }),
});

export const addUserNote = defineCall({
  id: 'study.addUserNote',
  method: 'POST',
  path: '/api/exam/addUserNote',
  group: 'general',
  needsSession: true,
  gate: PRACTICE_GATE,
  summary: "Save the learner's note on a question (spec §3 noteContent); empty text deletes it.",
  request: z.object({
    guid: guid(),
    appID: appID(),
    allTestID: allTestID(),
    noteContent: z.string({ error: '笔记格式不正确' }).trim().max(NOTE_MAX, { error: STUDY_MSG.noteTooLong }).optional(),
  }),
  data: z.object({ allTestID: z.number().int(), noteContent: z.string().nullable(), updatedAt: z.string().nullable() }),
});

const favRequest = z.object({ guid: guid(), appID: appID(), allTestID: allTestID() });
const favData = z.object({ allTestID: z.number().int(), favourite: z.boolean() });

export const addUserFav = defineCall({
  id: 'study.addUserFav',
  method: 'POST',
  path: '/api/exam/addUserFav',
  group: 'general',
  needsSession: true,
  gate: PRACTICE_GATE,
  allowedRepeat: true,
  summary: 'Favourite a question (idempotent).',
  request: favRequest,
  data: favData,
});

export const deleteUserFav = defineCall({
  id: 'study.deleteUserFav',
  method: 'POST',
  path: '/api/exam/deleteUserFav',
  group: 'general',
  needsSession: true,
  gate: PRACTICE_GATE,
  allowedRepeat: true,
  summary: 'Remove a question from the favourites (idempotent).',
  request: favRequest,
  data: favData,
});

// ---------------------------------------------------------------- lists

export const chapterlist = defineCall({
  id: 'study.chapterlist',
  method: 'GET',
  path: '/api/exam/chapterlist',
  group: 'general',
  needsSession: true,
  gate: PRACTICE_GATE,
  summary: "The learner's favourites or noted questions, optionally of one chapter and matching words, newest first, 10 per page.",
  request: z.object({
    guid: guid(),
    appID: appID(),
    kind: choice('列表类型', ['fav', 'note'] as const),
    cptID: optCptID(),
    keyword: optText('关键词', 50),
    page: page(),
    pageSize: optInt('每页数量', 1, STUDY_PAGE.chapterList),
  }),
  data: z.object({ AppID: z.number().int(), ...studyQuestionPage.shape }),
});

export const searchTest = defineCall({
  id: 'study.searchTest',
  method: 'GET',
  path: '/api/exam/searchTest',
  group: 'general',
  needsSession: true,
  gate: PRACTICE_GATE,
  summary: "Designed: search the subject's questions (stem, options, explanation, knowledge points) by words, 10 per page.",
  request: z.object({ guid: guid(), appID: appID(), keyword: text('关键词', 50), page: page(), pageSize: optInt('每页数量', 1, STUDY_PAGE.search) }),
  data: z.object({ AppID: z.number().int(), keyword: z.string(), ...studyQuestionPage.shape }),
});

// ---------------------------------------------------------------- one question and statistics

export const optionShare = z.object({ key: z.string(), count: z.number().int(), share: z.number() });

export const cptcontent = defineCall({
  id: 'study.cptcontent',
  method: 'GET',
  path: '/api/exam/cptcontent',
  group: 'general',
  needsSession: true,
  // The question's chapter must be open (a trial opens only some): 403 with the versions that open it.
  gate: { ...PRACTICE_GATE, item: { kind: 'question', field: 'allTestID' } },
  summary: "One question with its group, how all learners answered it (share of each option) and the learner's own record.",
  request: z.object({ guid: guid(), appID: appID(), allTestID: allTestID() }),
  data: z.object({
    AppID: z.number().int(),
    chapterName: z.string(),
    group: practiceGroup.nullable(),
    question: studyQuestion,
    stats: z.object({
      /** Every counted answer (人次), as `mine.attempts` counts the learner's own: those are within these. */
      answered: z.number().int(),
      right: z.number().int(),
      /** right / answered, 0 when nobody answered. */
      rightRate: z.number(),
      /** Each option (or, for FILL, each distinct reply among the most common 6) with how many answers chose it. */
      options: z.array(optionShare),
    }),
    mine: z.object({ attempts: z.number().int(), right: z.number().int(), lastReply: z.string().nullable() }),
  }),
});

export const bookLLzs = defineCall({
  id: 'study.bookLLzs',
  method: 'GET',
  path: '/api/exam/bookLLzs',
  group: 'general',
  needsSession: true,
  gate: PRACTICE_GATE,
  summary: "The learner's practice statistics for the subject: done, right, wrong, accuracy, time, active days, today, the book, favourites and notes.",
  request: z.object({ guid: guid(), appID: appID() }),
  data: z.object({
    AppID: z.number().int(),
    total: z.number().int(),
    done: z.number().int(),
    right: z.number().int(),
    wrong: z.number().int(),
    accuracy: z.number(),
    spentSeconds: z.number().int(),
    /** Distinct days (Asia/Shanghai) with at least one answer. */
    activeDays: z.number().int(),
    today: z.object({ done: z.number().int(), right: z.number().int() }),
    book: z.object({ items: z.number().int(), due: z.number().int(), cleared: z.number().int() }),
    favourites: z.number().int(),
    notes: z.number().int(),
  }),
});

export const pointMastery = z.object({
  point: z.string(),
  /** Questions of the subject carrying this point. */
  total: z.number().int(),
  done: z.number().int(),
  right: z.number().int(),
  accuracy: z.number(),
  /** 0..1: accuracy weighted by how much of the point was practised (see docs/study.md). */
  mastery: z.number(),
  /** Share of the subject's questions on this point (how often it is examined), 0..1. */
  weight: z.number(),
});
export type PointMastery = z.infer<typeof pointMastery>;

export const pointsMastery = defineCall({
  id: 'study.pointsMastery',
  method: 'GET',
  path: '/api/knowledgePoints/mastery',
  group: 'general',
  needsSession: true,
  gate: PRACTICE_GATE,
  summary: "Mastery of every knowledge point of the subject from the learner's stored answers, weakest high-weight points first.",
  request: z.object({ guid: guid(), appID: appID() }),
  data: z.object({ AppID: z.number().int(), list: z.array(pointMastery) }),
});

export const pointsPractice = defineCall({
  id: 'study.pointsPractice',
  method: 'GET',
  path: '/api/knowledgePoints/practice',
  group: 'general',
  needsSession: true,
  gate: PRACTICE_GATE,
  summary: 'Questions to strengthen weak knowledge points (one named point, or the weakest ones): unanswered and wrong first.',
  request: z.object({ guid: guid(), appID: appID(), point: optText('知识点', 100), count: optInt('题目数量', 1, STUDY_PAGE.errorTest) }),
  data: z.object({ AppID: z.number().int(), points: z.array(pointMastery), groups: z.array(practiceGroup), list: z.array(studyQuestion) }),
});

export const commonQuestions = defineCall({
  id: 'study.commonQuestions',
  method: 'GET',
  path: '/api/commonQuestions/getList',
  group: 'general',
  needsSession: true,
  gate: PRACTICE_GATE,
  summary: 'The questions of the subject (or a chapter) most often answered wrong by all learners (易错题), 5 per page.',
  request: z.object({ guid: guid(), appID: appID(), cptID: optCptID(), page: page(), pageSize: optInt('每页数量', 1, STUDY_PAGE.commonQuestions) }),
  data: z.object({
    AppID: z.number().int(),
    ...studyQuestionPage.shape,
    rates: z.array(z.object({ allTestID: z.number().int(), answered: z.number().int(), wrongRate: z.number() })),
  }),
});

// ---------------------------------------------------------------- question reports (试题纠错)

export const questionReport = z.object({
  id: z.number().int(),
  allTestID: z.number().int(),
  /** The start of the question's stem, for the list. */
  excerpt: z.string(),
  kinds: z.array(z.string()),
  content: z.string(),
  status: z.enum(['open', 'resolved']),
  /** The operator's answer, when resolved. */
  reply: z.string().nullable(),
  createdAt: z.string(),
});

export const addQuestionReport = defineCall({
  id: 'study.addQuestionReport',
  method: 'POST',
  path: '/api/question_review/add',
  group: 'general',
  needsSession: true,
  gate: PRACTICE_GATE,
  summary: 'Report a problem with a question (kinds from REPORT_KINDS, comma separated, and a description); stored for operators.',
  request: z.object({
    guid: guid(),
    appID: appID(),
    allTestID: allTestID(),
    kinds: text('问题类型', 100).refine((v) => v.split(',').every((k) => (REPORT_KINDS as readonly string[]).includes(k.trim())), {
      error: STUDY_MSG.reportKinds,
    }),
    content: optText('问题描述', 500),
  }),
  data: questionReport,
});

export const listQuestionReports = defineCall({
  id: 'study.listQuestionReports',
  method: 'GET',
  path: '/api/question_review/list',
  group: 'general',
  needsSession: true,
  gate: PRACTICE_GATE,
  summary: "The learner's own question reports for the subject with their status and the operator's answer, newest first.",
  request: z.object({ guid: guid(), appID: appID(), page: page() }),
  data: z.object({ page: z.number().int(), total: z.number().int(), list: z.array(questionReport) }),
});

export const studyCalls = {
  updateRecitePoint,
  addUserNote,
  addUserFav,
  deleteUserFav,
  chapterlist,
  searchTest,
  cptcontent,
  bookLLzs,
  pointsMastery,
  pointsPractice,
  commonQuestions,
  addQuestionReport,
  listQuestionReports,
};
