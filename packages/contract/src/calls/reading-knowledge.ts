import { z } from 'zod';
import { defineCall } from '../call.ts';
import { appID, choice, dbId, guid, int, optCptID, optDbId, optText, page, requestKey } from '../fields.ts';
import { unlockingVersion } from './subject.ts';

/**
 * Knowledge (docs/reading.md): the subject's knowledge points with their summary, exam weight, hot flag and my
 * mastery (module `knowledge`), this year's hot points (/api/hotspotissue/*), 速记 cards reviewed on FSRS (module
 * `shorthand`, the wrong-answer book's scheduler) and 每日一记 (module `dailyNote`, free). A trial learner opens the
 * points and cards of the first chapter of each part.
 */

export const KNOWLEDGE_MODULE = 'knowledge';
export const SHORTHAND_MODULE = 'shorthand';
export const DAILY_NOTE_MODULE = 'dailyNote';
/** The list routes of reading and knowledge: their tiles open for every learner, who sees what is locked. */
export const READING_HUB_ROUTES = ['/handoutList', '/theoryKnowledgelist', '/pocketMenu', '/knowledgePoint', '/siteShorthand', '/everyDayNote'] as const;
/** New cards a learner starts per day and subject (due reviews are never capped). */
export const SHORTHAND_NEW_PER_DAY = 20;
/** A session brings at most this many cards. */
export const SHORTHAND_SESSION = 50;
/** 认识 / 模糊 / 不认识 → FSRS Good / Hard / Again (as /AIcard). */
export const SHORTHAND_GRADES = ['know', 'vague', 'forgot'] as const;
export const SHORTHAND_GRADE_TEXT = { know: '认识', vague: '模糊', forgot: '不认识' } as const;
/** Questions of a point shown on its page (practise them all with 练一练). */
export const POINT_QUESTIONS_SHOWN = 5;
export const DAILY_NOTE_PAGE = 10;

export const KNOWLEDGE_MSG = {
  unknownPoint: '知识点不存在',
  unknownCard: '卡片不存在',
  noNote: '今日暂无每日一记',
} as const;

/** My mastery of a point from my answers (0..1; null before I answered any of its questions). */
export const pointItem = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** 1–5: how often it is examined. */
  weight: z.number().int(),
  hot: z.boolean(),
  questions: z.number().int(),
  cards: z.number().int(),
  mastery: z.number().nullable(),
  open: z.boolean(),
});
export type PointItem = z.infer<typeof pointItem>;

export const cardState = z.object({
  due: z.string(),
  state: z.enum(['new', 'learning', 'review', 'relearning']),
  reps: z.number().int(),
  lapses: z.number().int(),
});
export const shorthandCard = z.object({
  id: z.number().int(),
  pointID: z.number().int(),
  pointName: z.string(),
  front: z.string(),
  back: z.string(),
  mnemonic: z.string(),
  /** null: never reviewed. */
  state: cardState.nullable(),
});
export type ShorthandCard = z.infer<typeof shorthandCard>;

const subjectRequest = z.object({ guid: guid(), appID: appID() });

export const pointsList = defineCall({
  id: 'knowledge.list',
  method: 'GET',
  path: '/api/knowledgePoints/list',
  group: 'general',
  needsSession: true,
  gate: { module: KNOWLEDGE_MODULE, free: true },
  allowedRepeat: true,
  summary: 'The knowledge points by chapter (hot first, then by weight), with my mastery; locked chapters marked.',
  request: subjectRequest.extend({ cptID: optCptID() }),
  data: z.object({
    AppID: z.number().int(),
    chapters: z.array(z.object({ cptID: z.number().int(), parentID: z.number().int().nullable(), name: z.string(), open: z.boolean(), points: z.array(pointItem) })),
    unlocking: z.array(unlockingVersion),
  }),
});

export const pointDetail = defineCall({
  id: 'knowledge.detail',
  method: 'GET',
  path: '/api/knowledgePoints/detail',
  group: 'general',
  needsSession: true,
  gate: { module: KNOWLEDGE_MODULE, free: true, item: { kind: 'knowledgePoint', field: 'pointID' } },
  allowedRepeat: true,
  summary:
    'One point (by id, or by name or code: a question names its points): summary, its handout passage, its questions, the lessons that explain it (from second `from`) and its cards.',
  request: subjectRequest
    .extend({ pointID: optDbId('知识点编号'), point: optText('知识点', 100) })
    .refine((v) => v.pointID !== undefined || v.point !== undefined, { error: '请选择知识点', path: ['pointID'] }),
  data: z.object({
    AppID: z.number().int(),
    point: pointItem,
    cptID: z.number().int().nullable(),
    chapterName: z.string(),
    summary: z.string(),
    handout: z.object({ id: z.number().int(), title: z.string(), anchor: z.string() }).nullable(),
    questions: z.array(z.object({ allTestID: z.number().int(), stem: z.string(), answered: z.boolean(), right: z.boolean().nullable() })),
    lessons: z.array(z.object({ lessonId: z.number().int(), title: z.string(), from: z.number().int(), to: z.number().int() })),
    cards: z.array(shorthandCard),
  }),
});

export const hotspotList = defineCall({
  id: 'knowledge.hotspots',
  method: 'GET',
  path: '/api/hotspotissue/list',
  group: 'general',
  needsSession: true,
  gate: { module: KNOWLEDGE_MODULE, free: true },
  allowedRepeat: true,
  summary: "This year's high-frequency points of the subject in rank order, with why, their question count and my mastery.",
  request: subjectRequest,
  data: z.object({
    AppID: z.number().int(),
    year: z.number().int().nullable(),
    list: z.array(z.object({ rank: z.number().int(), reason: z.string(), point: pointItem })),
  }),
});

const deckCounts = { total: z.number().int(), due: z.number().int(), fresh: z.number().int() };

export const shorthandDecks = defineCall({
  id: 'shorthand.decks',
  method: 'GET',
  path: '/api/shorthand/decks',
  group: 'general',
  needsSession: true,
  gate: { module: SHORTHAND_MODULE, free: true },
  allowedRepeat: true,
  summary: "The subject's 速记 decks by chapter with today's due and new counts (what the home tile's badge shows).",
  request: subjectRequest,
  data: z.object({
    AppID: z.number().int(),
    ...deckCounts,
    /** New cards I may still start today. */
    newLeft: z.number().int(),
    reviewedToday: z.number().int(),
    decks: z.array(z.object({ cptID: z.number().int(), parentID: z.number().int().nullable(), name: z.string(), open: z.boolean(), ...deckCounts })),
    unlocking: z.array(unlockingVersion),
  }),
});

export const shorthandSession = defineCall({
  id: 'shorthand.session',
  method: 'GET',
  path: '/api/shorthand/due',
  group: 'general',
  needsSession: true,
  gate: { module: SHORTHAND_MODULE, free: true },
  allowedRepeat: true,
  summary: "A review session: the due cards (earliest first), then new ones within today's allowance; of a chapter or point, or all open cards.",
  request: subjectRequest.extend({ cptID: optCptID(), pointID: optDbId('知识点编号') }),
  data: z.object({ AppID: z.number().int(), cards: z.array(shorthandCard), due: z.number().int(), fresh: z.number().int() }),
});

export const shorthandCards = defineCall({
  id: 'shorthand.cards',
  method: 'GET',
  path: '/api/shorthand/cards',
  group: 'general',
  needsSession: true,
  gate: { module: SHORTHAND_MODULE, free: true, item: { kind: 'shorthandPoint', field: 'pointID' } },
  allowedRepeat: true,
  summary: "A point's cards (/knowlegeShorthand) with my schedule of each; a point of a locked chapter is refused (403 with the versions that open it).",
  request: subjectRequest.extend({ pointID: dbId('知识点编号') }),
  data: z.object({ AppID: z.number().int(), point: z.object({ id: z.number().int(), name: z.string() }), cards: z.array(shorthandCard) }),
});

export const shorthandGrade = defineCall({
  id: 'shorthand.grade',
  method: 'POST',
  path: '/api/shorthand/grade',
  group: 'general',
  needsSession: true,
  gate: { module: SHORTHAND_MODULE, free: true, item: { kind: 'shorthandCard', field: 'cardID' } },
  allowedRepeat: true,
  summary: 'Grade a card 认识 / 模糊 / 不认识: FSRS schedules its next review; the same reviewID again changes nothing.',
  request: subjectRequest.extend({ cardID: dbId('卡片编号'), grade: choice('评价', SHORTHAND_GRADES), reviewID: requestKey(), at: int('时间', 0) }),
  data: z.object({ card: shorthandCard, dueToday: z.number().int() }),
});

export const dailyNote = z.object({ id: z.number().int(), day: z.string(), title: z.string(), body: z.string() });
export type DailyNote = z.infer<typeof dailyNote>;

export const dailyNotes = defineCall({
  id: 'dailyNote.list',
  method: 'GET',
  path: '/api/dailyNote/list',
  group: 'general',
  needsSession: true,
  gate: { module: DAILY_NOTE_MODULE, free: true },
  allowedRepeat: true,
  summary: "Today's 每日一记 (China day) and the earlier ones, newest first, 10 per page; later ones are not shown before their day.",
  request: subjectRequest.extend({ page: page() }),
  data: z.object({ AppID: z.number().int(), today: dailyNote.nullable(), list: z.array(dailyNote), page: z.number().int(), total: z.number().int() }),
});

export const knowledgeCalls = { pointsList, pointDetail, hotspotList, shorthandDecks, shorthandSession, shorthandCards, shorthandGrade, dailyNotes };
