import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { liveCourses, liveSessions } from '../../db/schema/index.ts';

/** A live session as the search's catalogue holds it (docs/search.md). */
export interface SearchableSession {
  id: number;
  title: string;
  chapterName: string;
  course: string;
  free: boolean;
  startsAt: number;
}

/** Every session of a subject by start, for the search's catalogue (docs/tables.md: the live tables are this module's). */
export async function searchableSessions(db: Database, appId: number): Promise<SearchableSession[]> {
  const rows = await db
    .select({
      id: liveSessions.id,
      title: liveSessions.title,
      chapterName: liveSessions.chapterName,
      course: liveCourses.title,
      free: liveSessions.free,
      startsAt: liveSessions.startsAt,
    })
    .from(liveSessions)
    .innerJoin(liveCourses, eq(liveCourses.id, liveSessions.courseId))
    .where(eq(liveSessions.appId, appId))
    .orderBy(asc(liveSessions.startsAt), asc(liveSessions.id));
  return rows.map((r) => ({ ...r, startsAt: r.startsAt.getTime() }));
}
