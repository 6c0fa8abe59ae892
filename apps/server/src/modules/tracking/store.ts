import type { Database } from '../../db/index.ts';
import { events, type NewEventRow } from '../../db/schema/index.ts';

export function createTrackingStore(db: Database) {
  return {
    async insert(row: NewEventRow): Promise<void> {
      await db.insert(events).values(row);
    },
  };
}

export type TrackingStore = ReturnType<typeof createTrackingStore>;
