import { z } from 'zod';
import { defineCall } from '../call.ts';
import { chapterGate } from '../chapter-gate.ts';
import { appID, cptID, guid, optCptID, optInt } from '../fields.ts';
import { EXAM_MODULE } from './exam-session.ts';
import { chapterProgress, PRACTICE_GATE, PRACTICE_MODULE } from './practice.ts';
import { unlockingVersion } from './subject.ts';
import { plainSetData } from './sprint.ts';

/**
 * 执业 (zhiye) calls (docs/sprint-zhiye.md, design docs/test-modes.md §2 /zyChapter, /lnztgather,
 * /examAnalyseMenu, /pingshenChapter): exam units, past-exam questions by year, the per-chapter analysis of
 * past exams and case chapters. Gates: units, analyse, caseChapters, caseTest → module 'chapter'; years
 * answers everybody (counts only, with `allowed` and `unlocking` of module 'paper': the pack's buy page
 * /lnztjpay shows them); yearTest → 'paper' with a year, 'chapter' for a chapter's past questions of any
 * year (the analysis's rows). Denied → body status 403 '开通以下任一班次可使用该功能' {unlocking}.
 */

const optYear = () => optInt('年份', 1900, 2100);

export const ZHIYE_MSG = {
  yearOrChapter: '请选择年份或章节',
  unknownChapter: '章节不存在',
} as const;

/** Question types that make a case (病例) group: /pingshenChapter. */
export const CASE_TYPES = ['CASE', 'A3', 'A4'] as const;
/** Years the analysis shows at most (the newest). */
export const ANALYSE_YEARS = 7;

/** A top chapter as an exam unit (单元一…) with its sub-chapters; numbers as chapterMenu/list. */
export const zhiyeUnit = chapterProgress.extend({
  /** 1-based position among the top chapters. */
  index: z.number().int(),
  /** '单元一', '单元二' … */
  label: z.string(),
  chapters: z.array(chapterProgress),
});

export const zhiyeUnits = defineCall({
  id: 'zhiye.units',
  method: 'GET',
  path: '/api/zhiye/units',
  group: 'general',
  needsSession: true,
  gate: PRACTICE_GATE,
  summary: "The subject's top chapters as exam units (单元一…) with the learner's progress and their sub-chapters (chapterMenu/list grouped).",
  request: z.object({ guid: guid(), appID: appID() }),
  data: z.object({
    AppID: z.number().int(),
    list: z.array(zhiyeUnit),
    /** The versions that open the locked units (beyond a trial); [] when none is locked. */
    unlocking: z.array(unlockingVersion),
  }),
});

export const zhiyeYears = defineCall({
  id: 'zhiye.years',
  method: 'GET',
  path: '/api/zhiye/years',
  group: 'general',
  needsSession: true,
  summary:
    'Years of past-exam questions in the bank (newest first) with their counts and the learner’s done, plus the stored past paper of that year; answers non-holders too (allowed false, unlocking), counts only.',
  request: z.object({ guid: guid(), appID: appID() }),
  data: z.object({
    AppID: z.number().int(),
    /** Module 'paper' (历年真题) is open to the learner: yearTest by year will answer. */
    allowed: z.boolean(),
    /** The versions that open it (empty when allowed). */
    unlocking: z.array(unlockingVersion),
    list: z.array(
      z.object({
        year: z.number().int(),
        count: z.number().int(),
        done: z.number().int(),
        /** The stored past paper (kind 'past') of the year, or null. */
        paperID: z.number().int().nullable(),
        paperName: z.string().nullable(),
      }),
    ),
  }),
});

export const zhiyeYearTest = defineCall({
  id: 'zhiye.yearTest',
  method: 'GET',
  path: '/api/zhiye/yearTest',
  group: 'general',
  needsSession: true,
  gate: { module: (i) => (i.year !== undefined ? { module: EXAM_MODULE } : i.cptID !== undefined ? { module: PRACTICE_MODULE, chapter: i.cptID } : null) },
  summary: "Past-exam questions: of a year (and chapter subtree), or a chapter subtree's of any year; by chapter order, then id.",
  request: z.object({ guid: guid(), appID: appID(), year: optYear(), cptID: optCptID() }),
  data: plainSetData,
});

export const zhiyeAnalyse = defineCall({
  id: 'zhiye.analyse',
  method: 'GET',
  path: '/api/zhiye/analyse',
  group: 'general',
  needsSession: true,
  gate: { module: PRACTICE_MODULE },
  summary: 'Per top chapter: past-exam questions per year and its share of all past-exam questions.',
  request: z.object({ guid: guid(), appID: appID() }),
  data: z.object({
    AppID: z.number().int(),
    /** The years shown, ascending. */
    years: z.array(z.number().int()),
    /** Past-exam questions of the subject over those years. */
    total: z.number().int(),
    list: z.array(
      z.object({
        cptID: z.number().int(),
        name: z.string(),
        /** year (as a string key) → questions. */
        byYear: z.record(z.string(), z.number().int()),
        count: z.number().int(),
        /** count / total (0..1). */
        share: z.number(),
      }),
    ),
  }),
});

export const zhiyeCaseChapters = defineCall({
  id: 'zhiye.caseChapters',
  method: 'GET',
  path: '/api/zhiye/caseChapters',
  group: 'general',
  needsSession: true,
  gate: { module: PRACTICE_MODULE },
  summary: 'Top chapters whose subtree holds case groups (CASE, A3, A4): groups, questions and the learner’s done.',
  request: z.object({ guid: guid(), appID: appID() }),
  data: z.object({
    AppID: z.number().int(),
    list: z.array(z.object({ cptID: z.number().int(), name: z.string(), groups: z.number().int(), count: z.number().int(), done: z.number().int() })),
  }),
});

export const zhiyeCaseTest = defineCall({
  id: 'zhiye.caseTest',
  method: 'GET',
  path: '/api/zhiye/caseTest',
  group: 'general',
  needsSession: true,
  gate: chapterGate(PRACTICE_MODULE),
  summary: "A chapter subtree's case groups (CASE, A3, A4) with all their questions, by chapter order.",
  request: z.object({ guid: guid(), appID: appID(), cptID: cptID() }),
  data: plainSetData,
});

export const zhiyeCalls = { zhiyeUnits, zhiyeYears, zhiyeYearTest, zhiyeAnalyse, zhiyeCaseChapters, zhiyeCaseTest } as const;
