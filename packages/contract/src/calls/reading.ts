import { z } from 'zod';
import { defineCall } from '../call.ts';
import { appID, choice, dbId, guid, int, optText, requestKey, text } from '../fields.ts';
import { unlockingVersion } from './subject.ts';

/**
 * Reading (docs/reading.md): handouts (电子讲义, Markdown or PDF), theory articles (理论知识) and the pocket book
 * (口袋书), each a page of a chapter; the learner's reading position and marks (highlights with notes); reports of
 * mistakes (/knowledgeFeedback). Lists answer every learner of the subject and mark what is locked; the content call
 * decides per item with its chapter (a trial learner opens the first chapter of each part).
 */

export const READING_KINDS = ['handout', 'theory', 'pocket'] as const;
export type ReadingKind = (typeof READING_KINDS)[number];
/** The version module of each kind, and the route its home tile opens. */
export const READING_MODULE: Record<ReadingKind, string> = { handout: 'handout', theory: 'theory', pocket: 'pocket' };
export const READING_COLORS = ['yellow', 'green', 'blue', 'pink'] as const;
/** A mark's quote and its context (characters kept before and after it, to find it again after an edit). */
export const MARK_QUOTE_MAX = 500;
export const MARK_CONTEXT = 32;
export const MARK_NOTE_MAX = 500;
/** What /knowledgeFeedback reports on, and the kinds of mistake offered. */
export const READING_TARGETS = ['handout', 'theory', 'pocket', 'point', 'card', 'daily'] as const;
export const READING_REPORT_KINDS = ['内容错误', '错别字', '图片问题', '排版问题', '其他'] as const;

export const READING_MSG = {
  unknownItem: '内容不存在',
  reported: '感谢反馈，我们会尽快处理',
  reportTooOften: '反馈太频繁，请稍后再试',
  unknownTarget: '反馈的内容不存在',
  reportKinds: '请选择反馈类型',
} as const;

/** Where I stopped: the section anchor and how far down (0–100). */
export const readingPosition = z.object({ anchor: z.string(), percent: z.number().int(), updatedAt: z.string() });
export type ReadingPosition = z.infer<typeof readingPosition>;

export const catalogEntry = z.object({
  id: z.number().int(),
  title: z.string(),
  format: z.enum(['md', 'pdf']),
  position: readingPosition.nullable(),
});
export const catalogChapter = z.object({
  cptID: z.number().int(),
  parentID: z.number().int().nullable(),
  name: z.string(),
  /** false: a trial learner's chapter beyond the first of its part (the buy prompt). */
  open: z.boolean(),
  items: z.array(catalogEntry),
});
export type CatalogChapter = z.infer<typeof catalogChapter>;

const catalogReply = z.object({
  AppID: z.number().int(),
  kind: z.enum(READING_KINDS),
  /** The chapters that have items of this kind, in the bank's order (with their parents, for the tree). */
  list: z.array(catalogChapter),
  /** Versions that open the locked chapters (empty when nothing is locked). */
  unlocking: z.array(unlockingVersion),
  /** The item I read last, to continue. */
  last: z.object({ id: z.number().int(), title: z.string(), position: readingPosition }).nullable(),
});

export const readingMark = z.object({
  clientId: z.string(),
  anchor: z.string(),
  quote: z.string(),
  prefix: z.string(),
  suffix: z.string(),
  note: z.string(),
  color: z.enum(READING_COLORS),
  createdAt: z.string(),
});
export type ReadingMark = z.infer<typeof readingMark>;

const itemReply = z.object({
  AppID: z.number().int(),
  id: z.number().int(),
  kind: z.enum(READING_KINDS),
  cptID: z.number().int(),
  chapterName: z.string(),
  title: z.string(),
  format: z.enum(['md', 'pdf']),
  /** Markdown with the §3 markup (rendered with raw HTML off). */
  body: z.string(),
  sections: z.array(z.object({ anchor: z.string(), heading: z.string() })),
  /** A PDF handout: where to fetch it (same origin, with my session). */
  pdfUrl: z.string().nullable(),
  /** The content's hash: an offline copy with the same version is current. */
  version: z.string(),
  position: readingPosition.nullable(),
  marks: z.array(readingMark),
  /** The neighbours of the same kind, in the bank's order (上一篇 / 下一篇). */
  prev: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  next: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});
export type ReadingItem = z.infer<typeof itemReply>;

const listRequest = z.object({ guid: guid(), appID: appID() });
const itemRequest = z.object({ guid: guid(), appID: appID(), id: dbId('内容编号') });

export const readingCatalog = defineCall({
  id: 'reading.catalog',
  method: 'GET',
  path: '/api/reading/catalog',
  group: 'general',
  needsSession: true,
  gate: { module: (i: { kind: ReadingKind }) => ({ module: READING_MODULE[i.kind], free: true }) },
  allowedRepeat: true,
  summary: 'Handouts or theory articles of the subject by chapter: which I may open, where I stopped, the one to continue.',
  request: listRequest.extend({ kind: choice('内容类型', ['handout', 'theory'] as const) }),
  data: catalogReply,
});

export const readingContent = defineCall({
  id: 'reading.content',
  method: 'GET',
  path: '/api/reading/content',
  group: 'general',
  needsSession: true,
  gate: { module: (i: { kind: ReadingKind }) => ({ module: READING_MODULE[i.kind], free: true }), item: { kind: 'readingItem', field: 'id' } },
  allowedRepeat: true,
  summary: 'One handout or theory article with my position and marks; 403 with the versions that open it when its chapter is locked.',
  request: itemRequest.extend({ kind: choice('内容类型', ['handout', 'theory'] as const) }),
  data: itemReply,
});

export const pocketMenu = defineCall({
  id: 'reading.pocketMenu',
  method: 'GET',
  path: '/api/pocketaccess/menu',
  group: 'general',
  needsSession: true,
  gate: { module: READING_MODULE.pocket, free: true },
  allowedRepeat: true,
  summary: 'The pocket book (口袋书) of the subject: its pages by chapter, which I may open, where I stopped.',
  request: listRequest,
  data: catalogReply,
});

export const pocketContent = defineCall({
  id: 'reading.pocketContent',
  method: 'GET',
  path: '/api/pocketaccess/content',
  group: 'general',
  needsSession: true,
  gate: { module: READING_MODULE.pocket, free: true, item: { kind: 'pocketPage', field: 'id' } },
  allowedRepeat: true,
  summary: "One page of the pocket book with my position and marks (the chapter's gate as for handouts).",
  request: itemRequest,
  data: itemReply,
});

export const savePosition = defineCall({
  id: 'reading.position',
  method: 'POST',
  path: '/api/reading/position',
  group: 'general',
  needsSession: true,
  gate: { item: { kind: 'readingItem', field: 'id' } },
  allowedRepeat: true,
  summary: 'Where I stopped in an item (the outbox may replay it: an older save never moves the position back).',
  request: itemRequest.extend({
    anchor: optText('段落', 100),
    percent: int('阅读进度', 0, 100),
    /** The client's time of the save (ms). */
    at: int('时间', 0),
  }),
  data: z.object({ position: readingPosition }),
});

export const saveMark = defineCall({
  id: 'reading.mark',
  method: 'POST',
  path: '/api/reading/mark',
  group: 'general',
  needsSession: true,
  gate: { item: { kind: 'readingItem', field: 'id' } },
  allowedRepeat: true,
  summary: 'Save a highlight (with its note) on a passage; the same clientId updates it (the outbox may replay it).',
  request: itemRequest.extend({
    clientId: requestKey(),
    anchor: optText('段落', 100),
    quote: text('标注内容', MARK_QUOTE_MAX),
    prefix: optText('前文', MARK_CONTEXT * 2),
    suffix: optText('后文', MARK_CONTEXT * 2),
    note: optText('笔记', MARK_NOTE_MAX),
    color: choice('颜色', READING_COLORS),
    at: int('时间', 0),
  }),
  data: z.object({ mark: readingMark }),
});

export const deleteMark = defineCall({
  id: 'reading.markDelete',
  method: 'POST',
  path: '/api/reading/mark/delete',
  group: 'general',
  needsSession: true,
  allowedRepeat: true,
  summary: 'Remove one of my marks (idempotent).',
  request: z.object({ guid: guid(), appID: appID(), clientId: requestKey() }),
  data: z.object({ removed: z.boolean() }),
});

export const readingFeedback = defineCall({
  id: 'reading.feedback',
  method: 'POST',
  path: '/api/reading/feedback',
  group: 'general',
  needsSession: true,
  summary: '/knowledgeFeedback: report a mistake in a handout, article, pocket page, knowledge point, card or daily note (10 an hour).',
  request: z.object({
    guid: guid(),
    appID: appID(),
    target: choice('反馈对象', READING_TARGETS),
    targetID: dbId('内容编号'),
    /** Kinds from READING_REPORT_KINDS, comma separated. */
    kinds: text('反馈类型', 100).refine((v) => v.split(',').every((k) => (READING_REPORT_KINDS as readonly string[]).includes(k.trim())), {
      error: READING_MSG.reportKinds,
    }),
    content: optText('反馈内容', 500),
  }),
  data: z.object({ id: z.number().int(), msg: z.string() }),
});

export const readingCalls = { readingCatalog, readingContent, pocketMenu, pocketContent, savePosition, saveMark, deleteMark, readingFeedback };
