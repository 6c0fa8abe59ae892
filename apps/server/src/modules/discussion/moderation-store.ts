import { and, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { discussionPosts, discussionReports } from '../../db/schema/index.ts';
import { withAccounts } from '../user/index.ts';
import type { ModeratedPost } from './notices.ts';
import { transition } from './store.ts';

const p = discussionPosts;

export interface ReportedPost {
  id: number;
  appId: number;
  targetKind: string;
  targetId: number;
  parentId: number | null;
  body: string;
  status: 'visible' | 'hidden' | 'deleted';
  pinned: boolean;
  reportCount: number;
  /** Every report's reason id, newest first. */
  reasons: string[];
  phone: string | null;
  createdAt: Date;
}

/** The operator's SQL (cli/discussion.ts): what was reported, and the decisions: hide, restore, pin. */
export function createModerationStore(db: Database) {
  return {
    /** Posts with reports since the last decision, or hidden: hidden first, then the most reported. */
    async reported(): Promise<ReportedPost[]> {
      const rows = await db
        .select({
          id: p.id,
          appId: p.appId,
          targetKind: p.targetKind,
          targetId: p.targetId,
          parentId: p.parentId,
          body: p.body,
          status: p.status,
          pinned: p.pinned,
          reportCount: p.reportCount,
          reasons: sql<
            string[]
          >`coalesce((select array_agg(${discussionReports.reason} order by ${discussionReports.createdAt} desc) from ${discussionReports} where ${discussionReports.postId} = ${p.id}), '{}')`,
          userId: p.userId,
          createdAt: p.createdAt,
        })
        .from(p)
        .where(and(ne(p.status, 'deleted'), or(gt(p.reportCount, 0), eq(p.status, 'hidden'))))
        .orderBy(desc(sql`${p.status} = 'hidden'`), desc(p.reportCount), p.id);
      return (await withAccounts(db, rows, (r) => r.userId)).map(({ account, userId: _, ...r }) => ({ ...r, phone: account.phone }));
    },

    /** Hides a visible post (false: no such visible post). */
    /** Hides a visible post: the post (for its author's notice), or null when it is not visible. */
    hide(id: number): Promise<ModeratedPost | null> {
      return db.transaction((tx) => transition(tx, id, 'visible', 'hidden'));
    },

    /**
     * Shows a hidden post again (`shown` is the post), or keeps a reported one (`shown` null): either way its reports
     * are settled (the count starts over; those learners cannot report it again). Null when there is no such post (or
     * it was deleted).
     */
    restore(id: number): Promise<{ shown: ModeratedPost | null } | null> {
      return db.transaction(async (tx) => {
        const shown = await transition(tx, id, 'hidden', 'visible', { reportCount: 0 });
        if (shown) return { shown };
        const kept = await tx
          .update(p)
          .set({ reportCount: 0 })
          .where(and(eq(p.id, id), eq(p.status, 'visible')))
          .returning({ id: p.id });
        return kept.length > 0 ? { shown: null } : null;
      });
    },

    /** Pins (or unpins) a comment: pinned comments come first in both orders. False for a reply or a deleted post. */
    async pin(id: number, pinned: boolean): Promise<boolean> {
      const rows = await db
        .update(p)
        .set({ pinned })
        .where(and(eq(p.id, id), isNull(p.parentId), ne(p.status, 'deleted')))
        .returning({ id: p.id });
      return rows.length > 0;
    },
  };
}
