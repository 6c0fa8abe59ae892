import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { videoChapters, videoCourses, videoLessons, videoReports } from '../../db/schema/index.ts';
import { withAccounts } from '../user/index.ts';

/** Video reports (/videoFeedback) for the operators' command (`npm run reports -- --video`), oldest first. */
export async function listVideoReports(db: Database, filter: { status?: 'open' | 'resolved'; appId?: number }) {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(videoReports.status, filter.status));
  if (filter.appId !== undefined) where.push(eq(videoCourses.appId, filter.appId));
  const rows = await db
    .select({
      id: videoReports.id,
      userId: videoReports.userId,
      createdAt: videoReports.createdAt,
      appId: videoCourses.appId,
      lesson: videoLessons.title,
      course: videoCourses.title,
      kind: videoReports.kind,
      text: videoReports.text,
      second: videoReports.second,
      status: videoReports.status,
      reply: videoReports.reply,
    })
    .from(videoReports)
    .innerJoin(videoLessons, eq(videoLessons.id, videoReports.lessonId))
    .innerJoin(videoChapters, eq(videoChapters.id, videoLessons.chapterId))
    .innerJoin(videoCourses, eq(videoCourses.id, videoChapters.courseId))
    .where(and(...where))
    .orderBy(asc(videoReports.createdAt), asc(videoReports.id));
  return (await withAccounts(db, rows, (r) => r.userId)).map(({ account, userId: _, ...r }) => ({ ...r, phone: account.phone }));
}

/** Resolve a video report with a reply; false when there is no such report. */
export async function resolveVideoReport(db: Database, id: number, reply: string, now: Date): Promise<boolean> {
  const rows = await db.update(videoReports).set({ status: 'resolved', reply, resolvedAt: now }).where(eq(videoReports.id, id)).returning({ id: videoReports.id });
  return rows.length > 0;
}
