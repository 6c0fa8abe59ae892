import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { claimedUserId, events } from '../../db/schema/index.ts';

/** Events changed per statement when an erased learner's tracking rows are anonymised. */
export const EVENTS_ERASE_BATCH = 2000;

/** Payload fields that name a learner: the tracking calls' (contract calls/tracking.ts) and the login event's. */
const PERSONAL_KEYS = ['userID', 'UserID', 'userId', 'userName', 'username', 'phone', 'mobile', 'nickName', 'guid'] as const;
const PERSONAL = sql.raw(`'{${PERSONAL_KEYS.join(',')}}'::text[]`);
/** The web app sends a free-trial learner's name with this prefix (apps/web/src/lib/tracking.ts). */
const TOURIST_PREFIX = '游客_';

/**
 * Anonymises every `events` row of an erased learner (docs/account-deletion.md, "Tracking events"): the rows proven
 * by a session (`user_id`), and those a client wrote without one that carry the learner only in what it sent — the
 * user id it claimed (`userID`/`UserID` in the payload) or the phone or user name (`user_name`, with the tourist
 * prefix too). Each lookup is an index scan (`events_user_created_idx`, `events_claimed_user_idx`,
 * `events_user_name_idx`) and each statement changes at most EVENTS_ERASE_BATCH rows; a changed row no longer
 * matches, so the loops end. Kept: kind, path, agent, subject, client, page, time and the other payload fields.
 */
export async function anonymiseEvents(tx: Tx, who: { userId: number; names: (string | null)[] }): Promise<number> {
  const names = [...new Set(who.names.filter((n): n is string => !!n).flatMap((n) => [n, `${TOURIST_PREFIX}${n}`]))];
  const lookups: SQL[] = [eq(events.userId, who.userId), sql`${claimedUserId(events.payload)} = ${String(who.userId)}`];
  if (names.length > 0) lookups.push(inArray(events.userName, names));
  let changed = 0;
  for (const match of lookups) {
    for (;;) {
      const batch = tx.select({ id: events.id }).from(events).where(match).limit(EVENTS_ERASE_BATCH);
      const rows = await tx
        .update(events)
        .set({ userId: null, userName: null, ip: null, payload: sql`${events.payload} - ${PERSONAL}` })
        .where(inArray(events.id, batch))
        .returning({ id: events.id });
      changed += rows.length;
      if (rows.length < EVENTS_ERASE_BATCH) break;
    }
  }
  return changed;
}
