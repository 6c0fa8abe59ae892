import { z } from 'zod';
import { defineCall } from '../call.ts';
import { allTestID, appID, flag, guid, int, optCptID, optInt, page, choice } from '../fields.ts';
import { PRACTICE_GATE } from './practice.ts';
import { STUDY_PAGE, STUDY_KINDS, CLEAR_AFTER_MAX, EVALUATIONS, bookState, studyQuestionPage } from './study-shapes.ts';

/**
 * The wrong-answer book (docs/study.md): FSRS review of the questions a learner got wrong, its lists by
 * chapter (also of favourites and notes), the review summary and setting, removal and the recite review's
 * self-evaluation. Gated like practice (module 'chapter').
 */

export const getCataloglist = defineCall({
  id: 'study.getCataloglist',
  method: 'GET',
  path: '/api/exam/getCataloglist',
  group: 'general',
  needsSession: true,
  gate: PRACTICE_GATE,
  summary: "The chapters holding the learner's wrong-answer book items, favourites or notes, with counts (page 500).",
  request: z.object({
    guid: guid(),
    appID: appID(),
    kind: choice('列表类型', STUDY_KINDS),
    page: page(),
    pageSize: optInt('每页数量', 1, STUDY_PAGE.catalog),
  }),
  data: z.object({
    AppID: z.number().int(),
    kind: z.enum(STUDY_KINDS),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Chapters with at least one item. */
    total: z.number().int(),
    /** Items over all chapters. */
    items: z.number().int(),
    list: z.array(
      z.object({
        cptID: z.number().int(),
        parentID: z.number().int().nullable(),
        name: z.string(),
        order: z.number().int(),
        count: z.number().int(),
        /** Wrong-answer book: items due now; 0 for the other kinds. */
        due: z.number().int(),
      }),
    ),
  }),
});

export const getErrorTest = defineCall({
  id: 'study.getErrorTest',
  method: 'GET',
  path: '/api/exam/getErrorTest',
  group: 'general',
  needsSession: true,
  gate: PRACTICE_GATE,
  summary: "The learner's wrong-answer book (all, one chapter, or only the items due now), most recently wrong first or by due time, 50 per page.",
  request: z.object({
    guid: guid(),
    appID: appID(),
    cptID: optCptID(),
    /** true: only items due now, by due time (a review session). */
    due: flag(),
    page: page(),
    pageSize: optInt('每页数量', 1, STUDY_PAGE.errorTest),
  }),
  data: z.object({ AppID: z.number().int(), ...studyQuestionPage.shape }),
});

export const reviewSummary = defineCall({
  id: 'study.reviewSummary',
  method: 'GET',
  path: '/api/review/summary',
  group: 'general',
  needsSession: true,
  gate: PRACTICE_GATE,
  summary: "The learner's wrong-answer book for the subject: items, due now, next due time and the clear-after setting.",
  request: z.object({ guid: guid(), appID: appID() }),
  data: z.object({
    AppID: z.number().int(),
    items: z.number().int(),
    due: z.number().int(),
    /** ISO time of the next item falling due after now, or null. */
    nextDueAt: z.string().nullable(),
    cleared: z.number().int(),
    clearAfter: z.number().int(),
  }),
});

export const reviewSettings = defineCall({
  id: 'study.reviewSettings',
  method: 'POST',
  path: '/api/review/settings',
  group: 'general',
  needsSession: true,
  summary: 'Set how many consecutive right answers take a question out of the wrong-answer book (1–10).',
  request: z.object({ guid: guid(), clearAfter: int('连续答对次数', 1, CLEAR_AFTER_MAX) }),
  data: z.object({ clearAfter: z.number().int() }),
});

export const removeFromBook = defineCall({
  id: 'study.removeFromBook',
  method: 'POST',
  path: '/api/error/updateUser',
  group: 'general',
  needsSession: true,
  gate: PRACTICE_GATE,
  allowedRepeat: true,
  summary: 'The learner removes a question from the wrong-answer book (it comes back when answered wrong again).',
  request: z.object({ guid: guid(), appID: appID(), allTestID: allTestID() }),
  data: z.object({ allTestID: z.number().int(), removed: z.boolean() }),
});

export const evaluate = defineCall({
  id: 'study.evaluate',
  method: 'POST',
  path: '/api/queStatus/evaluate',
  group: 'general',
  needsSession: true,
  gate: PRACTICE_GATE,
  summary: 'Recite review (/memoryAnswer): the learner says how well they knew a question — know → FSRS Good (counts as right), vague → Hard, forgot → Again (enters the book).',
  request: z.object({ guid: guid(), appID: appID(), allTestID: allTestID(), status: choice('掌握情况', EVALUATIONS) }),
  data: z.object({ allTestID: z.number().int(), inBook: z.boolean(), book: bookState.nullable() }),
});

export const bookCalls = {
  getCataloglist,
  getErrorTest,
  reviewSummary,
  reviewSettings,
  removeFromBook,
  evaluate,
};
