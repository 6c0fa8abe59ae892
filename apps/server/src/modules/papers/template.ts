import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { papers } from '../../db/schema/index.ts';

/** The template paper of drawn sets and the blueprint: the subject's untagged, unretired mock paper with the lowest id. */
export async function templatePaper(db: Database, appId: number) {
  const [row] = await db
    .select()
    .from(papers)
    .where(and(eq(papers.appId, appId), eq(papers.kind, 'mock'), sql`${papers.tag} IS NULL`, eq(papers.retired, false)))
    .orderBy(asc(papers.id))
    .limit(1);
  return row;
}
