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
 * 30-second check reports the rows its session has not handled (it then clears its caches) and marks them
 * handled for that session only — every other logged-in device still gets them.
 */
export function createChangeLogService(store: ChangeLogStore, clock: Clock) {
  return {
    /** Record a change the learner's client must notice (used by the purchase flow). */
    record: (userId: number, kind: string, detail = '') => store.add({ userId, kind, detail, createdAt: new Date(clock()) }),

    async unseen(userId: number, tokenHash: string): Promise<Change[]> {
      const rows = await store.unseen(userId, tokenHash);
      return rows.map((r) => ({ id: r.id, kind: r.kind, detail: r.detail, createdAt: r.createdAt.toISOString() }));
    },

    markSeen: (userId: number, tokenHash: string) => store.markSeen(userId, tokenHash),
  };
}

export type ChangeLogService = ReturnType<typeof createChangeLogService>;
