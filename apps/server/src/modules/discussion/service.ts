import {
  CONTENT_MSG,
  DISCUSSION_HIDE_AT,
  DISCUSSION_MAX_WIDTH,
  DISCUSSION_MSG,
  DISCUSSION_PAGE_SIZE,
  DISCUSSION_POST_LIMIT,
  DISCUSSION_REPORTS_PER_DAY,
  excerptToWidth,
  hasBannedWords,
  parseMarkup,
  PRACTICE_MODULE,
  textWidth,
  VIDEO_MODULE,
  type DiscussionKind,
  type DiscussionPost,
  type DiscussionSort,
  type DiscussionTarget,
} from '@kaoshi/contract';
import type { Clock } from '../../platform/clock.ts';
import { badInput, notFound, tooMany } from '../../platform/errors.ts';
import { itemLoader, type ItemFacts } from '../../platform/items.ts';
import type { RateLimiter } from '../../platform/rate-limit/limiter.ts';
import type { MessageDraft, PostMessage } from '../message/index.ts';
import { moderationMessage } from './notices.ts';
import type { DiscussionStore, PostRow, Target } from './store.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** The longest title of a discussion's target (a question's stem cut to this width). */
const TITLE_WIDTH = 80;
/** How much of a reply its 讨论回复 message shows. */
const REPLY_EXCERPT_WIDTH = 60;

export interface DiscussionDeps {
  store: DiscussionStore;
  limiter: RateLimiter;
  clock: Clock;
  /** The public URL of an avatar's upload key (modules/upload), or null when there is none. */
  avatarUrl: (key: string) => string | null;
  /**
   * The message module's one write: a reply tells the author of the post it answers (讨论回复); reports that hide a
   * post tell its author (系统通知).
   */
  postMessage?: PostMessage;
  /** Where a message that could not be written is logged (the reply itself stands). */
  log?: { warn: (obj: object, msg: string) => void };
}

/** A learner without a nickname is shown by the last digits of their id, never by their phone. */
export const fallbackName = (userId: number) => `学员${String(userId).padStart(4, '0').slice(-4)}`;

/** A question's stem as a one-line title: text and key points only (no image names), cut to TITLE_WIDTH. */
export function stemTitle(stem: string): string {
  const text = parseMarkup(stem)
    .map((part) => (part.kind === 'image' ? '' : part.text))
    .join('');
  return excerptToWidth(text, TITLE_WIDTH);
}

/**
 * Discussions (docs/discussions.md): a learner reads and writes under a question or a lesson they may open, likes,
 * reports others' posts and deletes their own. Hidden posts are shown to their author only.
 */
export function createDiscussionService(d: DiscussionDeps) {
  const { store, clock } = d;

  /**
   * 讨论回复 (docs/discussions.md): the author of the post replied to hears of it once per reply, with the replier's
   * shown name and the start of the text, linking to the thread. A message that fails is logged; the reply stands.
   */
  async function tellAuthor(authorId: number, threadId: number, reply: DiscussionPost) {
    const message: MessageDraft = {
      kind: 'discussion',
      title: '有人回复了你的讨论',
      body: `${reply.author.nickName}：${excerptToWidth(reply.body, REPLY_EXCERPT_WIDTH)}`,
      link: `/discussionreply?id=${threadId}`,
      dedupe: `discussion-reply:${reply.id}`,
    };
    await tell(authorId, message, 'discussion reply message not written');
  }

  /** Writes a message to a learner; one that fails is logged, and what caused it stands. */
  async function tell(userId: number, message: MessageDraft, failed: string) {
    if (!d.postMessage) return;
    await d.postMessage(userId, message).catch((err: unknown) => d.log?.warn({ err }, failed));
  }

  /**
   * A target (404 unknown) with what the entitlement policy needs: a question's chapter of practice (a trial opens
   * only some), a lesson's free flag (a preview does not open its discussion).
   */
  async function loadTarget(appId: number, kind: DiscussionKind, id: number): Promise<{ facts: ItemFacts; value: DiscussionTarget }> {
    if (kind === 'question') {
      const q = await store.question(id);
      if (!q || q.appId !== appId) throw notFound(DISCUSSION_MSG.unknownQuestion);
      const facts = { appId, module: PRACTICE_MODULE, chapter: q.chapterId, unknown: DISCUSSION_MSG.unknownQuestion };
      return { facts, value: { appID: appId, kind, id, title: stemTitle(q.stem) } };
    }
    const l = await store.lesson(id);
    if (!l || l.appId !== appId || l.publishedAt.getTime() > clock()) throw notFound(DISCUSSION_MSG.unknownLesson);
    return { facts: { appId, module: VIDEO_MODULE, free: l.free, unknown: DISCUSSION_MSG.unknownLesson }, value: { appID: appId, kind, id, title: l.title } };
  }

  /**
   * The items calls name by id (contract `gate.item`), for the registrar to load and the entitlement policy to open:
   * a question or lesson named by (appID, kind, id), and a post the learner may see (404 otherwise) under its target.
   */
  const targets = itemLoader<DiscussionTarget>('discussionTarget', (id, input) => loadTarget(input.appID as number, input.kind as DiscussionKind, id!));
  const posts = itemLoader<{ row: PostRow; target: DiscussionTarget }>('discussionPost', async (id, _input, userId) => {
    const row = await store.post(id!, userId!);
    if (!row) throw notFound(DISCUSSION_MSG.unknownPost);
    const { facts, value } = await loadTarget(row.appId, row.targetKind, row.targetId);
    return { facts, value: { row, target: value } };
  });

  const targetOf = (t: DiscussionTarget): Target => ({ appId: t.appID, kind: t.kind, id: t.id });

  function shown(userId: number, r: PostRow, liked: ReadonlySet<number>): DiscussionPost {
    return {
      id: r.id,
      parentID: r.parentId,
      replyTo: r.replyToId !== null && r.replyToUserId !== null ? { id: r.replyToId, nickName: r.replyToNick || fallbackName(r.replyToUserId) } : null,
      author: { nickName: r.nickName || fallbackName(r.userId), avatar: r.avatar ? d.avatarUrl(r.avatar) : null },
      mine: r.userId === userId,
      body: r.body,
      likeCount: r.likeCount,
      liked: liked.has(r.id),
      replyCount: r.replyCount,
      pinned: r.pinned,
      hidden: r.status === 'hidden',
      createdAt: r.createdAt.toISOString(),
    };
  }

  async function shownAll(userId: number, rows: PostRow[]): Promise<DiscussionPost[]> {
    const liked = await store.likedOf(
      userId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => shown(userId, r, liked));
  }

  /**
   * The text as stored: as typed, trimmed (shown as text, never HTML). Refused, never changed: empty, wider than the
   * limit (the box counts for the learner), or with a banned word (docs/discussions.md).
   */
  function cleaned(body: string): string {
    const text = body.trim();
    if (!text) throw badInput(DISCUSSION_MSG.empty);
    if (textWidth(text) > DISCUSSION_MAX_WIDTH) throw badInput(DISCUSSION_MSG.tooLong);
    if (hasBannedWords(text)) throw badInput(CONTENT_MSG.banned);
    return text;
  }

  /** 5 posts a minute and 50 a day per learner, comments and replies together; a refused post counts nothing. */
  async function spend(userId: number): Promise<void> {
    const minuteKey = `discussion:post:m:${userId}`;
    const dayKey = `discussion:post:d:${userId}`;
    const minute = await d.limiter.hit(minuteKey, MINUTE);
    if (minute.count > DISCUSSION_POST_LIMIT.perMinute) {
      await d.limiter.release(minuteKey);
      throw tooMany(DISCUSSION_MSG.tooFast);
    }
    const day = await d.limiter.hit(dayKey, DAY);
    if (day.count > DISCUSSION_POST_LIMIT.perDay) {
      await Promise.all([d.limiter.release(minuteKey), d.limiter.release(dayKey)]);
      throw tooMany(DISCUSSION_MSG.tooMany);
    }
  }

  type Seen = { row: PostRow; target: DiscussionTarget };

  return {
    targets,
    posts,
    async count(target: DiscussionTarget) {
      return { count: await store.count(targetOf(target)) };
    },

    async list(userId: number, target: DiscussionTarget, sort: DiscussionSort = 'new', page = 1) {
      const t = targetOf(target);
      const offset = (page - 1) * DISCUSSION_PAGE_SIZE;
      const [rows, total, n] = await Promise.all([store.threads(t, userId, sort, offset, DISCUSSION_PAGE_SIZE), store.threadTotal(t, userId), store.count(t)]);
      return { target, sort, page, pageSize: DISCUSSION_PAGE_SIZE, total, count: n, list: await shownAll(userId, rows) };
    },

    /** A thread with a page of its replies; a reply's id opens its thread (under the same target). */
    async thread(userId: number, { row: post, target }: Seen, page = 1) {
      const row = post.parentId === null ? post : await store.post(post.parentId, userId);
      if (!row) throw notFound(DISCUSSION_MSG.unknownPost);
      const offset = (page - 1) * DISCUSSION_PAGE_SIZE;
      const [replies, total] = await Promise.all([store.replies(row.id, userId, offset, DISCUSSION_PAGE_SIZE), store.replyTotal(row.id, userId)]);
      const [thread, ...list] = await shownAll(userId, [row, ...replies]);
      return { target, thread: thread!, page, pageSize: DISCUSSION_PAGE_SIZE, total, list };
    },

    async post(userId: number, target: DiscussionTarget, body: string): Promise<DiscussionPost> {
      const text = cleaned(body);
      await spend(userId);
      const row = await store.insert({ ...targetOf(target), userId, parentId: null, replyToId: null, body: text, at: new Date(clock()) });
      return shown(userId, row, new Set());
    },

    /** Replies to a comment, or to a reply inside its thread (the reply then names whom it answers). */
    async reply(userId: number, { row, target }: Seen, body: string): Promise<DiscussionPost> {
      const thread = row.parentId === null ? row : await store.post(row.parentId, userId);
      if (!thread) throw notFound(DISCUSSION_MSG.unknownPost);
      const text = cleaned(body);
      await spend(userId);
      const replyToId = row.parentId === null ? null : row.id;
      const created = await store.insert({ ...targetOf(target), userId, parentId: thread.id, replyToId, body: text, at: new Date(clock()) });
      const post = await shown(userId, created, new Set());
      if (row.userId !== userId) await tellAuthor(row.userId, thread.id, post);
      return post;
    },

    async like(userId: number, postId: number, like: boolean) {
      const likeCount = await store.setLike(userId, postId, like, new Date(clock()));
      return { id: postId, liked: like, likeCount };
    },

    /** Reports another learner's post; reporting again changes nothing. */
    async report(userId: number, row: PostRow, reason: string) {
      const postId = row.id;
      if (row.userId === userId) throw badInput(DISCUSSION_MSG.ownReport);
      const key = `discussion:report:${userId}`;
      const day = await d.limiter.hit(key, DAY);
      if (day.count > DISCUSSION_REPORTS_PER_DAY) {
        await d.limiter.release(key);
        throw tooMany(DISCUSSION_MSG.reportTooMany);
      }
      const at = new Date(clock());
      const { added, hid } = await store.report(userId, postId, reason, at, DISCUSSION_HIDE_AT);
      if (!added) await d.limiter.release(key);
      if (hid) await tell(hid.userId, moderationMessage('reported', hid, at), 'discussion hidden message not written');
      return { id: postId, reported: true };
    },

    /** Deletes the learner's own post; another learner's (or a missing one) is 404, told apart from nothing. */
    async remove(userId: number, postId: number) {
      if (!(await store.remove(userId, postId))) throw notFound(DISCUSSION_MSG.unknownPost);
      return { id: postId };
    },
  };
}

export type DiscussionService = ReturnType<typeof createDiscussionService>;
