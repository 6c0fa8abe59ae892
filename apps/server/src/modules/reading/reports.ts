import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { dailyNotes, readingItems, readingReports, shorthandCards } from '../../db/schema/index.ts';
import { pointNames, pointOf } from '../questions/index.ts';
import { withAccounts } from '../user/index.ts';

/** What each report target is called in the operators' list. */
export const TARGET_NAMES: Record<string, string> = { handout: '讲义', theory: '理论知识', pocket: '口袋书', point: '知识点', card: '速记卡', daily: '每日一记' };

/** Reading reports (/knowledgeFeedback) for the operators' command (`npm run reports -- --reading`), oldest first, with what they are about. */
export async function listReadingReports(db: Database, filter: { status?: 'open' | 'resolved'; appId?: number }) {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(readingReports.status, filter.status));
  if (filter.appId !== undefined) where.push(eq(readingReports.appId, filter.appId));
  const reports = await db
    .select()
    .from(readingReports)
    .where(and(...where))
    .orderBy(asc(readingReports.createdAt), asc(readingReports.id));
  const rows = (await withAccounts(db, reports, (r) => r.userId)).map(({ account, ...report }) => ({ report, phone: account.phone }));
  const ids = (kinds: string[]) => [...new Set(rows.filter((r) => kinds.includes(r.report.target)).map((r) => r.report.targetId))];
  const titles = new Map<string, string>();
  const put = (kind: string | string[], list: { id: number; title: string }[]) => {
    for (const kindName of [kind].flat()) for (const x of list) titles.set(`${kindName}:${x.id}`, x.title);
  };
  const pages = ids(['handout', 'theory', 'pocket']);
  if (pages.length)
    put(['handout', 'theory', 'pocket'], await db.select({ id: readingItems.id, title: readingItems.title }).from(readingItems).where(inArray(readingItems.id, pages)));
  const points = ids(['point']);
  if (points.length)
    put(
      'point',
      [...(await pointNames(db, points))].map(([id, title]) => ({ id, title })),
    );
  const cards = ids(['card']);
  if (cards.length) put('card', await db.select({ id: shorthandCards.id, title: shorthandCards.front }).from(shorthandCards).where(inArray(shorthandCards.id, cards)));
  const notes = ids(['daily']);
  if (notes.length) put('daily', await db.select({ id: dailyNotes.id, title: dailyNotes.title }).from(dailyNotes).where(inArray(dailyNotes.id, notes)));
  return rows.map(({ report, phone }) => ({ ...report, phone, title: titles.get(`${report.target}:${report.targetId}`) ?? '(已删除)' }));
}

/** Resolve a reading report with a reply; false when there is no such report. */
export async function resolveReadingReport(db: Database, id: number, reply: string, now: Date): Promise<boolean> {
  const rows = await db.update(readingReports).set({ status: 'resolved', reply, resolvedAt: now }).where(eq(readingReports.id, id)).returning({ id: readingReports.id });
  return rows.length > 0;
}

/** Whether a report's target is an item of the subject (any learner may report what they can see). */
export async function reportTargetExists(db: Database, appId: number, target: string, id: number): Promise<boolean> {
  const one = async (q: Promise<unknown[]>) => (await q).length > 0;
  if (target === 'point') return (await pointOf(db, appId, id)) !== undefined;
  if (target === 'card')
    return one(
      db
        .select({ id: shorthandCards.id })
        .from(shorthandCards)
        .where(and(eq(shorthandCards.id, id), eq(shorthandCards.appId, appId))),
    );
  if (target === 'daily')
    return one(
      db
        .select({ id: dailyNotes.id })
        .from(dailyNotes)
        .where(and(eq(dailyNotes.id, id), eq(dailyNotes.appId, appId))),
    );
  return one(
    db
      .select({ id: readingItems.id })
      .from(readingItems)
      .where(and(eq(readingItems.id, id), eq(readingItems.appId, appId), eq(readingItems.kind, target as 'handout'))),
  );
}
