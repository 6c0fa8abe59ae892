import type { Database, Tx } from '../../db/index.ts';
import { changeLog } from '../../db/schema/index.ts';

/** One change of a learner's data that their other devices hear of (getChangeInfo): a purchase, a refund... */
export interface Change {
  userId: number;
  kind: string;
  detail: string;
  createdAt: Date;
}

/**
 * Writes the change, in the caller's transaction when given one (a purchase granted with its order). The
 * change log's one write for other modules: `change_log` is written only by this module (docs/tables.md).
 */
export async function logChange(conn: Database | Tx, change: Change): Promise<void> {
  await conn.insert(changeLog).values(change);
}
