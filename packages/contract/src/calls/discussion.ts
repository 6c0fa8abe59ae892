import { z } from 'zod';
import { defineCall } from '../call.ts';
import { appID, choice, cleanString, dbId, guid, page } from '../fields.ts';

/**
 * Discussions under a question or a lesson (/msComment, /discussionreply; docs/discussions.md): comments (threads),
 * replies, likes, reports and deleting one's own. A learner discusses only what they may open (the question's
 * chapter in practice, the lesson in video). Plain text only: the content filter of §5 and a width limit.
 */

export const DISCUSSION_KINDS = ['question', 'lesson'] as const;
export type DiscussionKind = (typeof DISCUSSION_KINDS)[number];
export const DISCUSSION_SORTS = ['new', 'hot'] as const;
export type DiscussionSort = (typeof DISCUSSION_SORTS)[number];
export const DISCUSSION_PAGE_SIZE = 20;
/** The longest comment or reply, in §5 width (a Chinese character counts 2): 500 Chinese characters. */
export const DISCUSSION_MAX_WIDTH = 1000;
/** Posts (comments and replies together) a learner may write per minute and per day. */
export const DISCUSSION_POST_LIMIT = { perMinute: 5, perDay: 50 } as const;
/** Reports a learner may file per day. */
export const DISCUSSION_REPORTS_PER_DAY = 20;
/** Reports by different learners that hide a post until an operator decides. */
export const DISCUSSION_HIDE_AT = 3;

export const DISCUSSION_REASONS = [
  { id: 'ad', name: '广告或垃圾信息' },
  { id: 'abuse', name: '辱骂或人身攻击' },
  { id: 'vulgar', name: '色情低俗' },
  { id: 'illegal', name: '违法违规' },
  { id: 'misleading', name: '内容错误或误导' },
  { id: 'other', name: '其他' },
] as const;
export type DiscussionReason = (typeof DISCUSSION_REASONS)[number]['id'];
const REASON_IDS = DISCUSSION_REASONS.map((r) => r.id) as [DiscussionReason, ...DiscussionReason[]];

export const DISCUSSION_MSG = {
  empty: '请输入评论内容',
  tooLong: '评论内容不能超过500个字',
  tooFast: '发言太频繁，请稍后再试',
  tooMany: '今天发言次数已达上限，请明天再来',
  reportTooMany: '今天举报次数已达上限',
  unknownPost: '评论不存在或已删除',
  unknownQuestion: '试题不存在',
  unknownLesson: '视频不存在',
  ownReport: '不能举报自己的评论',
  reported: '已收到举报，我们会尽快处理',
  deleted: '已删除',
  posted: '发表成功',
  /** Shown to the author of a post hidden by reports or an operator. */
  hidden: '该内容被举报，审核中，仅自己可见',
  noComments: '还没有人讨论，来说说你的看法吧',
  noReplies: '还没有回复',
} as const;

const kind = () => choice('讨论对象', DISCUSSION_KINDS);
const targetId = () => dbId('讨论对象编号');
const postID = () => dbId('评论编号');
const body = () => cleanString('评论内容', DISCUSSION_MSG.empty).max(4000, { error: DISCUSSION_MSG.tooLong });

export const discussionAuthor = z.object({ nickName: z.string(), avatar: z.string().nullable() });

export const discussionPost = z.object({
  id: z.number().int(),
  /** The thread (comment) a reply belongs to; null for a comment. */
  parentID: z.number().int().nullable(),
  /** The reply answered inside a thread ('回复 @…'), or null. */
  replyTo: z.object({ id: z.number().int(), nickName: z.string() }).nullable(),
  author: discussionAuthor,
  mine: z.boolean(),
  body: z.string(),
  likeCount: z.number().int(),
  liked: z.boolean(),
  replyCount: z.number().int(),
  pinned: z.boolean(),
  /** Hidden by reports or an operator: shown to its author only, with DISCUSSION_MSG.hidden. */
  hidden: z.boolean(),
  createdAt: z.string(),
});
export type DiscussionPost = z.infer<typeof discussionPost>;

export const discussionTarget = z.object({ appID: z.number().int(), kind: z.enum(DISCUSSION_KINDS), id: z.number().int(), title: z.string() });
export type DiscussionTarget = z.infer<typeof discussionTarget>;

/** A question or lesson named by the request (appID, kind, id): it must be one the learner may open. */
const TARGET_GATE = { item: { kind: 'discussionTarget', field: 'id' } } as const;
/** A post named by id: the learner must see it and may open its question or lesson. */
const POST_GATE = { item: { kind: 'discussionPost', field: 'id' } } as const;
const targetRequest = { guid: guid(), appID: appID(), kind: kind(), id: targetId() };

export const discussionCount = defineCall({
  id: 'discussion.count',
  method: 'GET',
  path: '/api/discussion/count',
  group: 'general',
  needsSession: true,
  gate: TARGET_GATE,
  summary: "讨论 (N) under a question's explanation or on a lesson: the visible comments and replies of the target.",
  request: z.object(targetRequest),
  data: z.object({ count: z.number().int() }),
});

export const discussionList = defineCall({
  id: 'discussion.list',
  method: 'GET',
  path: '/api/discussion/list',
  group: 'general',
  needsSession: true,
  gate: TARGET_GATE,
  summary: "/msComment: a question's or a lesson's comments, pinned first, then newest or hottest, paged.",
  request: z.object({ ...targetRequest, sort: choice('排序', DISCUSSION_SORTS).optional(), page: page() }),
  data: z.object({
    target: discussionTarget,
    sort: z.enum(DISCUSSION_SORTS),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Comments on every page (the learner's own hidden ones included). */
    total: z.number().int(),
    /** Visible comments and replies: the N of 讨论 (N). */
    count: z.number().int(),
    list: z.array(discussionPost),
  }),
});

export const discussionThread = defineCall({
  id: 'discussion.thread',
  method: 'GET',
  path: '/api/discussion/thread',
  group: 'general',
  needsSession: true,
  gate: POST_GATE,
  summary: '/discussionreply: one comment (a reply id opens its comment) with its replies, oldest first, paged.',
  request: z.object({ guid: guid(), id: postID(), page: page() }),
  data: z.object({ target: discussionTarget, thread: discussionPost, page: z.number().int(), pageSize: z.number().int(), total: z.number().int(), list: z.array(discussionPost) }),
});

export const discussionPostCall = defineCall({
  id: 'discussion.post',
  method: 'POST',
  path: '/api/discussion/post',
  group: 'general',
  needsSession: true,
  gate: TARGET_GATE,
  summary: 'Writes a comment under a question or a lesson (content filter, width limit, rate limit).',
  request: z.object({ ...targetRequest, body: body() }),
  data: discussionPost,
});

export const discussionReply = defineCall({
  id: 'discussion.reply',
  method: 'POST',
  path: '/api/discussion/reply',
  group: 'general',
  needsSession: true,
  gate: POST_GATE,
  summary: 'Replies to a comment, or to a reply inside its thread (then 回复 @its author).',
  request: z.object({ guid: guid(), id: postID(), body: body() }),
  data: discussionPost,
});

export const discussionLike = defineCall({
  id: 'discussion.like',
  method: 'POST',
  path: '/api/discussion/like',
  group: 'general',
  needsSession: true,
  gate: POST_GATE,
  allowedRepeat: true,
  summary: 'Likes (like: true) or unlikes a comment or reply; idempotent; answers the new state.',
  request: z.object({
    guid: guid(),
    id: postID(),
    like: z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean({ error: '点赞格式不正确' })),
  }),
  data: z.object({ id: z.number().int(), liked: z.boolean(), likeCount: z.number().int() }),
});

export const discussionReport = defineCall({
  id: 'discussion.report',
  method: 'POST',
  path: '/api/discussion/report',
  group: 'general',
  needsSession: true,
  gate: POST_GATE,
  allowedRepeat: true,
  summary: `Reports another learner's comment or reply; ${DISCUSSION_HIDE_AT} reports hide it until an operator decides.`,
  request: z.object({ guid: guid(), id: postID(), reason: choice('举报原因', REASON_IDS) }),
  data: z.object({ id: z.number().int(), reported: z.boolean() }),
});

export const discussionDelete = defineCall({
  id: 'discussion.delete',
  method: 'POST',
  path: '/api/discussion/delete',
  group: 'general',
  needsSession: true,
  allowedRepeat: true,
  summary: "Deletes the learner's own comment or reply (its text is erased).",
  request: z.object({ guid: guid(), id: postID() }),
  data: z.object({ id: z.number().int() }),
});

export const discussionCalls = {
  discussionCount,
  discussionList,
  discussionThread,
  discussionPostCall,
  discussionReply,
  discussionLike,
  discussionReport,
  discussionDelete,
} as const;
