import type { DiscussionKind, DiscussionSort } from '@kaoshi/contract';
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/index.ts';
import type { ModeratedPost } from './notices.ts';
import { discussionLikes, discussionPosts, discussionReports } from '../../db/schema/index.ts';
import { questionFacts } from '../questions/index.ts';
import { accountCards } from '../user/index.ts';
import { lessonFacts } from '../video/index.ts';

type Conn = Database | Tx;
type Status = 'visible' | 'hidden' | 'deleted';

export interface Target {
  appId: number;
  kind: DiscussionKind;
  id: number;
}

/** A post as shown: with its author's nickname and avatar key, and the nickname it answers. */
export interface PostRow {
  id: number;
  appId: number;
  targetKind: DiscussionKind;
  targetId: number;
  userId: number;
  parentId: number | null;
  replyToId: number | null;
  body: string;
  likeCount: number;
  replyCount: number;
  pinned: boolean;
  status: Status;
  createdAt: Date;
  nickName: string;
  avatar: string | null;
  replyToUserId: number | null;
  replyToNick: string | null;
}

/** A post as read from its table, before its authors' names are added. */
type ShownRow = Omit<PostRow, 'nickName' | 'avatar' | 'replyToNick'>;

export interface NewPost extends Target {
  userId: number;
  parentId: number | null;
  replyToId: number | null;
  body: string;
  at: Date;
}

const p = discussionPosts;
const replyTo = alias(discussionPosts, 'reply_to');

/** What a learner sees: visible posts, and their own hidden ones. */
const seenBy = (userId: number): SQL => or(eq(p.status, 'visible'), and(eq(p.status, 'hidden'), eq(p.userId, userId)))!;
const ofTarget = (t: Target): SQL => and(eq(p.appId, t.appId), eq(p.targetKind, t.kind), eq(p.targetId, t.id))!;

/** A change of a post's status changes its thread's count of visible replies by this much. */
const replyDelta = (from: Status, to: Status): number => (from === to ? 0 : from === 'visible' ? -1 : to === 'visible' ? 1 : 0);

/**
 * Moves a post from one status to another (compare-and-set: nothing when it is not in `from`), keeping its thread's
 * `reply_count` the number of visible replies. Answers the post when it moved (for the author's notice), else null.
 */
export async function transition(tx: Tx, id: number, from: Status, to: Status, set: Partial<typeof p.$inferInsert> = {}): Promise<ModeratedPost | null> {
  const [moved] = await tx
    .update(p)
    .set({ ...set, status: to })
    .where(and(eq(p.id, id), eq(p.status, from)))
    .returning({ id: p.id, userId: p.userId, parentId: p.parentId, body: p.body });
  if (!moved) return null;
  const delta = replyDelta(from, to);
  if (moved.parentId !== null && delta !== 0) {
    await tx
      .update(p)
      .set({ replyCount: sql`greatest(${p.replyCount} + ${delta}, 0)` })
      .where(eq(p.id, moved.parentId));
  }
  return moved;
}

/** The only SQL of the learner's side of discussions (docs/discussions.md); the operator's is moderation-store.ts. */
export function createDiscussionStore(db: Database) {
  const shown = (conn: Conn = db) =>
    conn
      .select({
        id: p.id,
        appId: p.appId,
        targetKind: p.targetKind,
        targetId: p.targetId,
        userId: p.userId,
        parentId: p.parentId,
        replyToId: p.replyToId,
        body: p.body,
        likeCount: p.likeCount,
        replyCount: p.replyCount,
        pinned: p.pinned,
        status: p.status,
        createdAt: p.createdAt,
        replyToUserId: replyTo.userId,
      })
      .from(p)
      .leftJoin(replyTo, eq(replyTo.id, p.replyToId));
  /** The posts with their authors' nickname and avatar and the nickname each answers (the user module's, in one read). */
  async function named(rows: ShownRow[], conn: Conn = db): Promise<PostRow[]> {
    const cards = await accountCards(conn, [...rows.map((r) => r.userId), ...rows.flatMap((r) => (r.replyToUserId === null ? [] : [r.replyToUserId]))]);
    return rows.flatMap((r) => {
      const author = cards.get(r.userId);
      const replyToNick = r.replyToUserId === null ? null : (cards.get(r.replyToUserId)?.nickName ?? null);
      return author ? [{ ...r, nickName: author.nickName, avatar: author.avatar, replyToNick }] : [];
    });
  }

  async function postOf(id: number, userId: number, conn: Conn = db): Promise<PostRow | undefined> {
    const [row] = await named((await shown(conn).where(and(eq(p.id, id), seenBy(userId)))) as ShownRow[], conn);
    return row;
  }

  return {
    /** A question's subject and chapter (for the practice gate) and its stem (the screen's title). */
    question: (id: number) => questionFacts(db, id),

    /** A lesson's subject, whether it is free, when it is published, and its title. */
    lesson: (id: number) => lessonFacts(db, id),

    /** Visible comments and replies of a target: its visible comments plus their counts of visible replies. */
    async count(t: Target): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`(count(*) + coalesce(sum(${p.replyCount}), 0))::int` })
        .from(p)
        .where(and(ofTarget(t), isNull(p.parentId), eq(p.status, 'visible')));
      return Number(row?.n ?? 0);
    },

    /** A page of a target's comments as the learner sees them: pinned first, then newest or hottest. */
    async threads(t: Target, userId: number, sort: DiscussionSort, offset: number, limit: number): Promise<PostRow[]> {
      const order = sort === 'hot' ? [desc(p.pinned), desc(p.likeCount), desc(p.replyCount), desc(p.id)] : [desc(p.pinned), desc(p.id)];
      return named(
        (await shown()
          .where(and(ofTarget(t), isNull(p.parentId), seenBy(userId)))
          .orderBy(...order)
          .offset(offset)
          .limit(limit)) as ShownRow[],
      );
    },

    async threadTotal(t: Target, userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(p)
        .where(and(ofTarget(t), isNull(p.parentId), seenBy(userId)));
      return row?.n ?? 0;
    },

    /** One post as the learner may see it (visible, or their own hidden one); undefined otherwise. */
    post: postOf,

    /** A page of a thread's replies as the learner sees them, oldest first. */
    async replies(threadId: number, userId: number, offset: number, limit: number): Promise<PostRow[]> {
      return named(
        (await shown()
          .where(and(eq(p.parentId, threadId), seenBy(userId)))
          .orderBy(asc(p.id))
          .offset(offset)
          .limit(limit)) as ShownRow[],
      );
    },

    async replyTotal(threadId: number, userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(p)
        .where(and(eq(p.parentId, threadId), seenBy(userId)));
      return row?.n ?? 0;
    },

    /** Which of these posts the learner has liked. */
    async likedOf(userId: number, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: discussionLikes.postId })
        .from(discussionLikes)
        .where(and(eq(discussionLikes.userId, userId), inArray(discussionLikes.postId, ids)));
      return new Set(rows.map((r) => r.id));
    },

    /** Writes a comment or a reply (a reply counts on its thread at once), answering it as shown. */
    insert(n: NewPost): Promise<PostRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(p)
          .values({ appId: n.appId, targetKind: n.kind, targetId: n.id, userId: n.userId, parentId: n.parentId, replyToId: n.replyToId, body: n.body, createdAt: n.at })
          .returning({ id: p.id });
        if (n.parentId !== null) {
          await tx
            .update(p)
            .set({ replyCount: sql`${p.replyCount} + 1` })
            .where(eq(p.id, n.parentId));
        }
        return (await postOf(row!.id, n.userId, tx))!;
      });
    },

    /** Likes or unlikes (idempotent); answers the post's like count. */
    setLike(userId: number, postId: number, like: boolean, at: Date): Promise<number> {
      return db.transaction(async (tx) => {
        const changed = like
          ? await tx.insert(discussionLikes).values({ postId, userId, createdAt: at }).onConflictDoNothing().returning({ id: discussionLikes.postId })
          : await tx
              .delete(discussionLikes)
              .where(and(eq(discussionLikes.postId, postId), eq(discussionLikes.userId, userId)))
              .returning({ id: discussionLikes.postId });
        const step = changed.length === 0 ? 0 : like ? 1 : -1;
        const [row] = await tx
          .update(p)
          .set({ likeCount: sql`greatest(${p.likeCount} + ${step}, 0)` })
          .where(eq(p.id, postId))
          .returning({ n: p.likeCount });
        return row?.n ?? 0;
      });
    },

    /**
     * Files a report (once per learner and post); the `hideAt`-th report since the last operator decision hides a
     * visible post. Answers whether this report was new, and the post when this report hid it.
     */
    report(userId: number, postId: number, reason: string, at: Date, hideAt: number): Promise<{ added: boolean; hid: ModeratedPost | null }> {
      return db.transaction(async (tx) => {
        const added = await tx.insert(discussionReports).values({ postId, userId, reason, createdAt: at }).onConflictDoNothing().returning({ id: discussionReports.postId });
        if (added.length === 0) return { added: false, hid: null };
        const [row] = await tx
          .update(p)
          .set({ reportCount: sql`${p.reportCount} + 1` })
          .where(eq(p.id, postId))
          .returning({ n: p.reportCount });
        const hid = (row?.n ?? 0) >= hideAt ? await transition(tx, postId, 'visible', 'hidden') : null;
        return { added: true, hid };
      });
    },

    /** Deletes the learner's own post and erases its text; false when it is not theirs or already deleted. */
    remove(userId: number, postId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [own] = await tx
          .select({ status: p.status })
          .from(p)
          .where(and(eq(p.id, postId), eq(p.userId, userId)))
          .for('update');
        if (!own || own.status === 'deleted') return false;
        return (await transition(tx, postId, own.status, 'deleted', { body: '' })) !== null;
      });
    },
  };
}

export type DiscussionStore = ReturnType<typeof createDiscussionStore>;
