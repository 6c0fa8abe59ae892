import { z } from 'zod';
import { defineCall } from '../call.ts';
import { appID, guid, optCptID, optInt } from '../fields.ts';
import { practiceGroup, practiceQuestion } from './practice.ts';

/**
 * 考前冲刺 (sprint, docs/sprint-zhiye.md, design docs/test-modes.md §2 /sprintList, /fivehundredTest, /md60f):
 * the staged sprint list and the question sets behind it, plain sources of the /answerTest player. The
 * subject's sprint config (ClassType, newClassType) is /api/sprint/getClassType (calls/subject.ts). Every call
 * here checks the entitlement decision for module 'sprint'; denied → body status 403
 * '开通以下任一班次可使用该功能' with data {unlocking}.
 */

/** The catalog module of the sprint calls. */
export const SPRINT_MODULE = 'sprint';
/** 必做500题: the hottest questions, in rounds. */
export const HOT500_COUNT = 500;
export const HOT500_ROUND = 50;
/** 考前60分: points by weight until they reach this share of the total weight; questions up to this difficulty, at most this many. */
export const PASS60_SHARE = 0.6;
export const PASS60_MAX_DIFFICULTY = 3;
export const PASS60_MAX = 300;
/** Most questions a sprint or zhiye set answers in one reply. */
export const PLAIN_SET_MAX = 500;

export const SPRINT_SETS = ['hot500', 'pass60', 'chapter'] as const;
export type SprintSet = (typeof SPRINT_SETS)[number];

export const SPRINT_MSG = {
  noContent: '内容更新中，敬请期待～',
  chapterNeeded: '请选择章节',
  unknownChapter: '章节不存在',
} as const;

/** One entry of the sprint list: a chapter (plain source sprint cptID), a stored paper (exam) or a set (hot500 round, pass60). */
export const sprintItem = z.object({
  kind: z.enum(['chapter', 'paper', 'set']),
  /** cptID for a chapter, paperID for a paper, the round (1…) of hot500, 0 for pass60. */
  id: z.number().int(),
  /** The set of a 'set' item, else null. */
  set: z.enum(['hot500', 'pass60']).nullable(),
  title: z.string(),
  /** Questions in it. */
  count: z.number().int(),
  /** chapter/set: questions the learner has answered (since the last reset); paper: handed-in attempts. */
  done: z.number().int(),
});
export type SprintItem = z.infer<typeof sprintItem>;

export const sprintList = defineCall({
  id: 'sprint.list',
  method: 'GET',
  path: '/api/sprint/list',
  group: 'general',
  needsSession: true,
  gate: { module: SPRINT_MODULE },
  summary:
    "The sprint list as the subject's config says: ClassType 1 chapters by heat, 2 sprint papers, 0 nothing; newClassType 1 adds the stages 强化提分 (必做500题 rounds, 考前60分) and 考前冲刺 (押题密卷, 冲刺燃卷).",
  request: z.object({ guid: guid(), appID: appID() }),
  data: z.object({
    AppID: z.number().int(),
    ClassType: z.number().int(),
    newClassType: z.number().int(),
    stages: z.array(z.object({ title: z.string(), items: z.array(sprintItem) })),
    /** The bank's sets whatever the config (/fivehundredTest, /md60f): the hot500 rounds, and pass60 (null when empty). */
    sets: z.object({ hot500: z.array(sprintItem), pass60: sprintItem.nullable() }),
  }),
});

/** A plain question set of the player: the practice question shape of getChapterTestEx, one page. */
export const plainSetData = z.object({
  AppID: z.number().int(),
  /** The set's title (chapter name, year …). */
  name: z.string(),
  /** Questions in the set (list holds at most PLAIN_SET_MAX of them). */
  total: z.number().int(),
  groups: z.array(practiceGroup),
  list: z.array(practiceQuestion),
});

export const sprintQuestions = defineCall({
  id: 'sprint.questions',
  method: 'GET',
  path: '/api/sprint/questions',
  group: 'general',
  needsSession: true,
  gate: { module: SPRINT_MODULE },
  summary: 'The questions of a sprint set: hot500 (round k of 50, hottest first), pass60 (heaviest points, difficulty ≤ 3, ≤ 300) or chapter (cptID, by heat).',
  request: z.object({
    guid: guid(),
    appID: appID(),
    set: z.enum(SPRINT_SETS, { error: '题集格式不正确' }),
    round: optInt('轮次', 1, 100),
    cptID: optCptID(),
  }),
  data: plainSetData,
});

export const sprintCalls = { sprintList, sprintQuestions } as const;
