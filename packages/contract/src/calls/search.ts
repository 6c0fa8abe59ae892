import { z } from 'zod';
import { defineCall } from '../call.ts';
import { appID, choice, guid, page, text } from '../fields.ts';
import { textWidth } from '../rules/text-width.ts';
import { unlockingVersion } from './subject.ts';

/**
 * 全局搜索 (/search_result; docs/search.md): one box across the current subject's questions, lessons, handouts,
 * knowledge points and live classes, and the tenant's subjects. Results come grouped with their counts; what the
 * learner may not open is marked (access) or, for questions, only counted.
 */

export const SEARCH_KINDS = ['subject', 'question', 'lesson', 'handout', 'point', 'live'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The groups' names, in the order the results show them. */
export const SEARCH_KIND_NAMES: Record<SearchKind, string> = {
  subject: '科目',
  question: '试题',
  lesson: '视频课程',
  handout: '电子讲义',
  point: '知识点',
  live: '直播课',
};

/** Widths of spec §5 (a Chinese character counts 2): at least one Chinese character or two letters, at most 20 Chinese. */
export const SEARCH_LIMITS = { minWidth: 2, maxWidth: 40, perGroup: 5, pageSize: 20, maxChars: 50 } as const;

export const SEARCH_MSG = {
  tooShort: '请至少输入1个汉字或2个字母',
  tooLong: '搜索内容不能超过20个汉字',
  empty: '没有找到相关内容，换个词试试',
} as const;

/** open: the learner may open it; preview: a lesson of which only the first minutes play (试看); locked: 需开通. */
export const SEARCH_ACCESS = ['open', 'preview', 'locked'] as const;
export type SearchAccess = (typeof SEARCH_ACCESS)[number];

export const searchItem = z.object({
  /** The item's id in its own screen (AppID, allTestID, lessonID, handout id, pointID, liveID). */
  id: z.number().int(),
  title: z.string(),
  /** Plain text around the first match ('' when the title matched, or the item is locked). */
  excerpt: z.string(),
  /** Where it lives: the chapter, the course, the class. */
  where: z.string(),
  access: z.enum(SEARCH_ACCESS),
  /** A lesson of a second-level course (plays in /videoEjPlay); a live session's start (ISO); a subject's class. */
  extra: z.string(),
});
export type SearchItem = z.infer<typeof searchItem>;

export const searchGroup = z.object({
  kind: z.enum(SEARCH_KINDS),
  name: z.string(),
  /** Matches the learner may see listed. */
  total: z.number().int(),
  /** Questions only: matches in chapters the learner has not opened (not listed, only counted). */
  hidden: z.number().int(),
  items: z.array(searchItem),
});
export type SearchGroup = z.infer<typeof searchGroup>;

const keyword = () =>
  text('搜索内容', SEARCH_LIMITS.maxChars)
    .refine((v) => textWidth(v) >= SEARCH_LIMITS.minWidth, { error: SEARCH_MSG.tooShort })
    .refine((v) => textWidth(v) <= SEARCH_LIMITS.maxWidth, { error: SEARCH_MSG.tooLong });

export const searchAll = defineCall({
  id: 'search.all',
  method: 'GET',
  path: '/api/search/all',
  group: 'general',
  needsSession: true,
  allowedRepeat: true,
  summary:
    'Designed: /search_result. Every group (first 5 of each) with its count, or one group paged (kind, page: 20 each). Questions only from chapters the learner may open; lessons, handouts, points and live classes marked open/preview/locked.',
  request: z.object({ guid: guid(), appID: appID(), keyword: keyword(), kind: choice('搜索分类', SEARCH_KINDS).optional(), page: page() }),
  data: z.object({
    AppID: z.number().int(),
    keyword: z.string(),
    groups: z.array(searchGroup),
    /** The words searched for (each marked on screen): the keyword's, or its Chinese words when split. */
    terms: z.array(z.string()),
    /** The keyword as typed found nothing, and these are the results for its Chinese words (糖尿病护理 → 糖尿病 护理). */
    split: z.boolean(),
    /** Versions that open the locked items (the buy sheet's list). */
    unlocking: z.array(unlockingVersion),
  }),
});

export const searchCalls = { searchAll };
