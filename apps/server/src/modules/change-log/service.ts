import type { Clock } from '../../platform/clock.ts';
import type { ChangeLogStore } from './store.ts';

export interface Change {
  id: number;
  kind: string;
  detail: string;
  createdAt: string;
}

/**
 * The change log: a purchase, refund or other change of what a learner holds writes a row; the client's
 * 30-second check reports unseen rows (it then clears its caches) and marks them seen.
 */
export function createChangeLogService(store: ChangeLogStore, clock: Clock) {
  return {
    /** Record a change the learner's client must notice (used by the purchase flow). */
    record: (userId: number, kind: string, detail = '') => store.add({ userId, kind, detail, createdAt: new Date(clock()) }),

    async unseen(userId: number): Promise<Change[]> {
      const rows = await store.unseen(userId);
      return rows.map((r) => ({ id: r.id, kind: r.kind, detail: r.detail, createdAt: r.createdAt.toISOString() }));
    },

    markSeen: (userId: number) => store.markSeen(userId, new Date(clock())),
  };
}

export type ChangeLogService = ReturnType<typeof createChangeLogService>;
