import type { Database } from '../../db/index.ts';
import { createPaperStore } from './store.ts';

/**
 * What the paper seed does with stored papers (seed/seed-papers.ts, docs/papers.md): read the subject's bank, pool
 * and papers, write a paper, retire the others. `papers` stays this module's (docs/tables.md).
 */
export function paperOperations(db: Database) {
  const s = createPaperStore(db);
  return {
    subjectExists: s.subjectExists,
    bankOrigin: s.bankOrigin,
    bank: s.bank,
    groupExtIds: s.groupExtIds,
    setPool: s.setPool,
    list: s.list,
    upsert: s.upsert,
    retireOthers: s.retireOthers,
  };
}
