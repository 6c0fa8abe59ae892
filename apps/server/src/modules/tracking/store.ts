import { asc, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { events, type NewEventRow } from '../../db/schema/index.ts';

export function createTrackingStore(db: Database) {
  return {
    async insert(row: NewEventRow): Promise<void> {
      await db.insert(events).values(row);
    },

    /**
     * Delete up to `limit` events created before `before`, oldest ids first. Ids grow with time, so the oldest
     * rows sit at the start of the primary key: when the oldest is recent enough nothing is scanned.
     */
    async deleteOlder(before: Date, limit: number): Promise<number> {
      const [oldest] = await db.select({ createdAt: events.createdAt }).from(events).orderBy(asc(events.id)).limit(1);
      if (!oldest || oldest.createdAt >= before) return 0;
      const doomed = db.select({ id: events.id }).from(events).where(lt(events.createdAt, before)).orderBy(asc(events.id)).limit(limit);
      const gone = await db.delete(events).where(inArray(events.id, doomed)).returning({ id: events.id });
      return gone.length;
    },
  };
}

export type TrackingStore = ReturnType<typeof createTrackingStore>;
