import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { papers, type PaperRow } from '../../db/schema/index.ts';

/** A paper of a subject in use (not retired), or undefined (docs/tables.md: `papers` is this module's). */
export async function paperInUse(db: Database, appId: number, paperId: number): Promise<PaperRow | undefined> {
  const [row] = await db
    .select()
    .from(papers)
    .where(and(eq(papers.appId, appId), eq(papers.id, paperId), eq(papers.retired, false)));
  return row;
}

/**
 * A subject's papers, one query: of these kinds (all kinds when undefined), in use only unless `retired` is asked,
 * by kind then code (`order: 'kind'`) or by id.
 */
export function subjectPapers(db: Database, appId: number, o: { kinds?: readonly string[]; retired?: boolean; order: 'kind' | 'id' }): Promise<PaperRow[]> {
  if (o.kinds?.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(papers)
    .where(and(eq(papers.appId, appId), o.retired ? undefined : eq(papers.retired, false), o.kinds ? inArray(papers.kind, [...o.kinds]) : undefined))
    .orderBy(...(o.order === 'kind' ? [asc(papers.kind), asc(papers.code)] : [asc(papers.id)]));
}
