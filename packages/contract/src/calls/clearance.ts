import { z } from 'zod';
import { defineCall } from '../call.ts';
import { appID, flag, guid, int } from '../fields.ts';
import { examSession } from './exam-session.ts';
import { unlockingVersion } from './subject.ts';

/**
 * 闯关提分 (clearance: /tifenGuoguan, /randomPassCheck) and 考前抢分 (/grabPoint), docs/clearance-grabpoint.md
 * (design docs/test-modes.md §2, §3, §4 "Levels"). A level and a round are practice-display sessions of the
 * exam engine (instant feedback, handed in with /api/simulationTest/handIn); level states are read from the
 * learner's handed-in sessions, no table of their own. Levels check module 'clearance', rounds module
 * 'grabPoint'; denied → body status 403 '开通以下任一班次可使用该功能' with data {unlocking}. grabPoint/info
 * answers non-holders too (the product page shows what the module gives and who unlocks it).
 */

export const CLEARANCE_MODULE = 'clearance';
export const GRAB_POINT_MODULE = 'grabPoint';
/** Questions drawn per level. */
export const LEVEL_SIZE = 10;
/** A level is passed when a handed-in attempt has at least this share right. */
export const LEVEL_PASS_RATE = 0.8;
/** Shares right for 1, 2 and 3 stars. */
export const LEVEL_STAR_RATES = [0.8, 0.9, 1] as const;
/** Random levels: at most this many, and one per LEVEL_SIZE questions of the bank. */
export const RANDOM_LEVELS_MAX = 30;
/** Questions per 抢分 round, and its limit (auto hand-in at the deadline). */
export const GRAB_ROUND_SIZE = 10;
export const GRAB_ROUND_SECONDS = 300;

export const CLEARANCE_KINDS = ['chapter', 'random'] as const;
export type ClearanceKind = (typeof CLEARANCE_KINDS)[number];
/** The TEST_MODES row of each ladder. */
export const CLEARANCE_MODE_OF = { chapter: 'tifenGuoguan', random: 'randomPassCheck' } as const satisfies Record<ClearanceKind, string>;

export const CLEARANCE_MSG = {
  locked: '请先通过上一关',
  unknownLevel: '关卡不存在',
  noLevels: '题库中暂无可闯关的试题',
  nothingToGrab: '高频考点的题目你已全部答对，暂无可抢的分',
} as const;

const kind = () => z.enum(CLEARANCE_KINDS, { error: '闯关类型不正确' });

/** One level of a ladder as the map shows it. */
export const clearanceLevel = z.object({
  /** 1, 2, … in ladder order. */
  levelID: z.number().int(),
  /** The chapter's name (chapter ladder), or '第k关' (random ladder). */
  title: z.string(),
  /** chapter ladder: the chapter's id; random ladder: null. */
  cptID: z.number().int().nullable(),
  /** random ladder: the difficulty band (基础 ≤ 2, 进阶 2–4, 冲刺 ≥ 3); chapter ladder: null. */
  band: z.enum(['基础', '进阶', '冲刺']).nullable(),
  /** Questions an attempt draws. */
  count: z.number().int(),
  passRate: z.number(),
  state: z.enum(['locked', 'open', 'passed']),
  /** The best share right of a handed-in attempt, in percent (0–100), null before the first. */
  best: z.number().nullable(),
  /** 0–3, from `best`. */
  stars: z.number().int(),
  /** Handed-in attempts (given-up ones not counted). */
  attempts: z.number().int(),
  /** The open attempt (continue it in /answerTest?source=session), or null. */
  open: z.number().int().nullable(),
});
export type ClearanceLevel = z.infer<typeof clearanceLevel>;

export const clearanceLevels = defineCall({
  id: 'clearance.levels',
  method: 'GET',
  path: '/api/clearance/levels',
  group: 'general',
  needsSession: true,
  gate: { module: CLEARANCE_MODULE },
  summary: "A ladder of levels (chapter: one per leaf chapter; random: rising difficulty) with the learner's state, best and stars.",
  request: z.object({ guid: guid(), appID: appID(), kind: kind() }),
  data: z.object({ kind: z.enum(CLEARANCE_KINDS), list: z.array(clearanceLevel) }),
});

export const clearanceStart = defineCall({
  id: 'clearance.start',
  method: 'POST',
  path: '/api/clearance/start',
  group: 'general',
  needsSession: true,
  gate: { module: CLEARANCE_MODULE },
  allowedRepeat: true,
  summary: 'Start (or continue) a level: a practice session of drawn questions; a locked level answers 400 请先通过上一关.',
  request: z.object({
    guid: guid(),
    appID: appID(),
    kind: kind(),
    levelID: int('关卡编号', 1, 10_000),
    /** true: give up the open attempt of the level and draw anew. */
    restart: flag(),
  }),
  data: examSession,
});

/** A hot point the learner still misses questions of. */
export const grabPointRow = z.object({
  /** The knowledge point's id. */
  point: z.number().int(),
  name: z.string(),
  /** Its questions (not retired) the learner has not answered right (latest answer). */
  missing: z.number().int(),
  total: z.number().int(),
  /** right / total, 0–1 (study.md mastery). */
  mastery: z.number(),
});

export const grabPointInfo = defineCall({
  id: 'grabPoint.info',
  method: 'GET',
  path: '/api/grabPoint/info',
  group: 'general',
  needsSession: true,
  summary: '考前抢分: the hot points the learner still misses (weakest first), rounds played, the open round and the last gain; also for non-holders (allowed false, unlocking).',
  request: z.object({ guid: guid(), appID: appID() }),
  data: z.object({
    points: z.array(grabPointRow),
    /** Questions still to grab over all hot points. */
    missingTotal: z.number().int(),
    /** Rounds handed in. */
    rounds: z.number().int(),
    /** The open round, or null. */
    open: z.number().int().nullable(),
    /** The newest handed-in round: '本轮抢回 x 分' (gained = Σ of the right questions' marks in the template). */
    last: z.object({ examHistoryID: z.number().int(), gained: z.number(), right: z.number().int(), total: z.number().int(), handedAt: z.string() }).nullable(),
    /** Whether the learner holds module grabPoint; when not, `unlocking` lists the versions that open it. */
    allowed: z.boolean(),
    unlocking: z.array(unlockingVersion),
  }),
});

export const grabPointStart = defineCall({
  id: 'grabPoint.start',
  method: 'POST',
  path: '/api/grabPoint/start',
  group: 'general',
  needsSession: true,
  gate: { module: GRAB_POINT_MODULE },
  allowedRepeat: true,
  summary: 'Start (or continue) a 抢分 round: a practice session of 10 questions of the weakest hot points, 300 s, handed in at the deadline.',
  request: z.object({ guid: guid(), appID: appID() }),
  data: examSession,
});

export const clearanceCalls = { clearanceLevels, clearanceStart, grabPointInfo, grabPointStart };
