import type { Database } from '../../db/index.ts';
import { createIngestStore } from './ingest-store.ts';

/**
 * What the operator's tools do with live sessions (npm run live, docs/live.md; the demo seed): schedule one in a
 * course, list, look up, end, and mark a replay ready. The live module's tables stay its own (docs/tables.md).
 */
export function liveOperations(db: Database) {
  const s = createIngestStore(db);
  return {
    byId: s.byId,
    list: s.list,
    subjectExists: s.subjectExists,
    ensureCourse: s.ensureCourse,
    createSession: s.createSession,
    endByOperator: s.endByOperator,
    replayReady: s.replayReady,
  };
}
