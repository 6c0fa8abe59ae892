import { z } from 'zod';
import { defineCall } from '../call.ts';
import { appID, examHistoryID, flag, guid, int, optAppID, optDbId, optInt, paperID } from '../fields.ts';
import { QUESTION_TYPES } from '../questions/types.ts';
import { PAPER_MODULES, startGate, startRowOf } from '../test-modes.ts';
import { practiceGroup } from './practice.ts';
import { EXAM_MODULE, examHistoryRow, examReplies, EXAM_MODES, EXAM_MSG, examSession, examResult, examReviewQuestion } from './exam-session.ts';

/**
 * The exam engine (docs/exams.md, design in docs/test-modes.md §1): an exam session (examHistoryID) over a
 * stored paper, replies autosaved in batches until the server's deadline, sections locked one after the other
 * (机考), an idempotent hand-in that scores once, the result with the review (keys only after hand-in) and the
 * history with a score trend. Starting a session asks the entitlement decision for module 'paper'; denied →
 * body status 403 '开通以下任一班次可使用该功能' with data {unlocking} (as practice). Session calls after the
 * start check ownership only: another learner's session answers 404 '考试记录不存在'.
 */

export const simulationList = defineCall({
  id: 'exam.list',
  method: 'GET',
  path: '/api/simulationTest/list',
  group: 'general',
  needsSession: true,
  // Open with any module that opens some stored paper; a learner holding none gets the exam centre's buy prompt.
  gate: { module: EXAM_MODULE, anyOf: PAPER_MODULES, unknown: EXAM_MSG.unknownPaper },
  summary: "The subject's papers (of one kind, or all) with the learner's best score, attempts and open session.",
  request: z.object({
    guid: guid(),
    appID: appID(),
    kind: z.enum(['mock', 'past'], { error: '试卷类型不正确' }).optional(),
  }),
  data: z.object({
    list: z.array(
      z.object({
        paperID: z.number().int(),
        name: z.string(),
        kind: z.string(),
        /** The paper's collection (押题密卷 …), null for an ordinary paper. */
        tag: z.string().nullable(),
        year: z.number().int().nullable(),
        questionCount: z.number().int(),
        totalScore: z.number(),
        passScore: z.number(),
        timeLimitSeconds: z.number().int(),
        attempts: z.number().int(),
        best: z.number().nullable(),
        /** The open session of this paper (resume), or null. */
        open: z.number().int().nullable(),
      }),
    ),
  }),
});

export const simulationStart = defineCall({
  id: 'exam.start',
  method: 'POST',
  path: '/api/simulationTest/start',
  group: 'general',
  needsSession: true,
  // A row's start is gated by its module; a paper by its id alone (no row) is an item: its kind and tag decide.
  gate: { module: (i) => startGate(startRowOf(i), i.mode, i.key), item: { kind: 'paper', field: 'paperID' }, unknown: EXAM_MSG.unknownPaper },
  allowedRepeat: true,
  summary: "Start a paper (or today's daily test) as an exam (or practice); one open session per learner and source: starting again answers the open one.",
  request: z.object({
    guid: guid(),
    appID: appID(),
    /** The paper; required unless `daily`. */
    paperID: paperID(),
    /** true: today's daily test (每日一练, the China day's generated paper; module 'daily'). */
    daily: flag(),
    mode: z.enum(EXAM_MODES, { error: '考试模式不正确' }).optional(),
    /**
     * A row of TEST_MODES (docs/test-modes.md §2) that can start a session: paper rows take `paperID`, drawn
     * rows take `key` (evaluationChapter: the chapter; focalPointTest: the knowledge point). The row decides
     * the module checked, the display and the draw; without it the call behaves as before (paper or daily).
     */
    testMode: z.string({ error: '考试类型不正确' }).max(40, { error: '考试类型不正确' }).optional(),
    key: optDbId('考试范围编号'),
    /** true: give up the open session of the same source (kept in history as 已放弃) and start anew. */
    restart: flag(),
  }),
  data: examSession,
});

export const simulationResume = defineCall({
  id: 'exam.resume',
  method: 'GET',
  path: '/api/simulationTest/resume',
  group: 'general',
  needsSession: true,
  summary: "An exam session as the server holds it (any device): questions without keys, the learner's replies, flags and remaining time.",
  request: z.object({ guid: guid(), examHistoryID: examHistoryID() }),
  data: examSession,
});

export const addSimulationReplys = defineCall({
  id: 'exam.addSimulationReplys',
  // EXAM_REPLIES_MAX replies of up to 200 characters each, URL-encoded.
  maxBodyBytes: 512 * 1024,
  method: 'POST',
  path: '/api/answer/addSimulationReplys',
  group: 'general',
  needsSession: true,
  allowedRepeat: true,
  summary:
    'Autosave a batch of replies (JSON list); idempotent by replyID, the latest write per question wins; refused after the deadline and in locked sections; never answers keys.',
  request: z.object({
    guid: guid(),
    appID: optAppID(),
    examHistoryID: examHistoryID(),
    replies: examReplies,
  }),
  data: z.object({
    /** Replies written by this call (replays of a stored replyID are not counted). */
    saved: z.number().int(),
    /** Replies of the batch refused one by one (locked section, not in the paper …). */
    refused: z.array(z.object({ replyID: z.string(), msg: z.string() })),
    deadline: z.string().nullable(),
    serverNow: z.string(),
    remainingSeconds: z.number().int().nullable(),
  }),
});

export const simulationLockSection = defineCall({
  id: 'exam.lockSection',
  method: 'POST',
  path: '/api/simulationTest/lockSection',
  group: 'general',
  needsSession: true,
  allowedRepeat: true,
  summary: 'Leave the open section of an exam (after the confirmation): it is locked and the next one opens. Idempotent.',
  request: z.object({ guid: guid(), examHistoryID: examHistoryID(), sectionIndex: int('题型序号', 0, 99) }),
  data: z.object({ sectionIndex: z.number().int(), serverNow: z.string(), remainingSeconds: z.number().int().nullable() }),
});

/** A handed-in session's result with the review (every question with key, explanation and the learner's reply). */
const reviewedResult = examResult.extend({
  review: z.object({ groups: z.array(practiceGroup), list: z.array(examReviewQuestion) }),
});

/**
 * A sheet handed in whose grade is not in yet (an exam evening's rush: the hand-in is acknowledged at once and
 * graded in a batch behind it, docs/exams.md): the client shows EXAM_MSG.grading and asks `exam.result` again.
 */
export const gradingSheet = examResult.pick({ examHistoryID: true, appID: true, paperID: true, name: true, mode: true, startedAt: true, handedAt: true, handedBy: true }).extend({
  grading: z.literal(true),
});

/**
 * A hand-in that carried replies says how many of them the sheet holds: fewer than it carried when another device
 * handed the sheet in first, the time was up, or one was refused as an autosave would refuse it (the device tells
 * the learner; the sheet counts as the server holds it).
 */
const carriedSaved = { repliesSaved: z.number().int().min(0).optional() };

/** A hand-in's or a result's answer: the graded result with its review, or the sheet still being graded. */
const resultOrGrading = z.union([reviewedResult, gradingSheet]);

export const simulationHandIn = defineCall({
  id: 'exam.handIn',
  // The device's last unsaved replies may come with it (as addSimulationReplys's).
  maxBodyBytes: 512 * 1024,
  method: 'POST',
  path: '/api/simulationTest/handIn',
  group: 'general',
  needsSession: true,
  allowedRepeat: true,
  summary:
    "Hand in: the sheet is sealed once (replays, parallel duplicates and other devices answer the same) and graded once; the answer is the result with the review when the grade is in within EXAM_ACK_WAIT_MS, else the sheet being graded ({grading: true}); wrong answers enter the wrong-answer book. `replies` (optional, as addSimulationReplys): the device's last unsaved replies, written in the seal's transaction when the sheet is still open; one that autosave would refuse is left out.",
  request: z.object({
    guid: guid(),
    examHistoryID: examHistoryID(),
    /** The device's last unsaved replies (a JSON list, as addSimulationReplys's), saved with the hand-in. */
    replies: examReplies.optional(),
  }),
  data: z.union([reviewedResult.extend(carriedSaved), gradingSheet.extend(carriedSaved)]),
});

export const simulationResult = defineCall({
  id: 'exam.result',
  method: 'GET',
  path: '/api/simulationTest/result',
  group: 'general',
  needsSession: true,
  summary:
    'The result of a handed-in session with the review (every question with key, explanation and the learner’s reply), or the sheet still being graded ({grading: true}: ask again); refused before hand-in.',
  request: z.object({ guid: guid(), examHistoryID: examHistoryID() }),
  data: resultOrGrading,
});

export const simulationHistory = defineCall({
  id: 'exam.history',
  method: 'GET',
  path: '/api/simulationTest/history',
  group: 'general',
  needsSession: true,
  summary: "The learner's handed-in attempts of a subject (or one paper), newest first, 20 per page, and the score trend (oldest first).",
  request: z.object({
    guid: guid(),
    appID: appID(),
    paperID: paperID(),
    /** Only the attempts of one TEST_MODES row. */
    testMode: z.string({ error: '考试类型不正确' }).max(40, { error: '考试类型不正确' }).optional(),
    page: optInt('页码', 1, 100_000),
  }),
  data: z.object({
    total: z.number().int(),
    page: z.number().int(),
    list: z.array(examHistoryRow),
    trend: z.array(z.object({ examHistoryID: z.number().int(), handedAt: z.string(), score: z.number(), total: z.number(), percent: z.number(), passed: z.boolean() })),
  }),
});

export const simulationBlueprint = defineCall({
  id: 'exam.blueprint',
  method: 'GET',
  path: '/api/simulationTest/blueprint',
  group: 'general',
  needsSession: true,
  gate: { module: EXAM_MODULE, free: true, unknown: EXAM_MSG.unknownPaper },
  summary: "The exam's structure as the subject's template paper has it (types, counts, marks, time, pass line): /examinationGuide and /mockTest show it; drawn sets follow it.",
  request: z.object({ guid: guid(), appID: appID() }),
  data: z.object({
    /** The template paper (the subject's first untagged mock paper), null when it has none (the default blueprint). */
    template: z.number().int().nullable(),
    name: z.string(),
    sections: z.array(z.object({ type: z.enum(QUESTION_TYPES), title: z.string(), count: z.number().int(), score: z.number() })),
    limitSeconds: z.number().int(),
    totalScore: z.number(),
    passScore: z.number(),
  }),
});

export const simulationOpen = defineCall({
  id: 'exam.open',
  method: 'GET',
  path: '/api/simulationTest/open',
  group: 'general',
  needsSession: true,
  summary: "The learner's open sessions of a subject (继续考试 on any device), newest first; one past its deadline is handed in first and not listed.",
  request: z.object({ guid: guid(), appID: appID() }),
  data: z.object({
    list: z.array(
      z.object({
        examHistoryID: z.number().int(),
        testMode: z.string().nullable(),
        name: z.string(),
        mode: z.enum(EXAM_MODES),
        startedAt: z.string(),
        /** null: untimed. */
        remainingSeconds: z.number().int().nullable(),
        answered: z.number().int(),
        total: z.number().int(),
      }),
    ),
  }),
});

export const examCalls = {
  simulationBlueprint,
  simulationOpen,
  simulationList,
  simulationStart,
  simulationResume,
  addSimulationReplys,
  simulationLockSection,
  simulationHandIn,
  simulationResult,
  simulationHistory,
};
