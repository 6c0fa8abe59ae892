import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { pointDetails, readingItems, readingPositions } from '../../db/schema/index.ts';
import { chapterList, chapterNames, pointList } from '../questions/index.ts';

/** A handout as the search's catalogue holds it (docs/search.md). */
export interface SearchableHandout {
  id: number;
  title: string;
  chapterId: number;
  chapter: string;
  headings: string[];
}

/** A knowledge point as the search's catalogue holds it, with its reading summary and chapter. */
export interface SearchablePoint {
  id: number;
  name: string;
  summary: string;
  chapterId: number | null;
  chapter: string;
}

/** The subject's shown handouts in chapter order, for the search's catalogue (docs/tables.md: reading's tables). */
export async function searchableHandouts(db: Database, appId: number): Promise<SearchableHandout[]> {
  const [cpts, rows] = await Promise.all([
    chapterList(db, appId),
    db
      .select({ id: readingItems.id, title: readingItems.title, chapterId: readingItems.chapterId, ordinal: readingItems.ordinal, sections: readingItems.sections })
      .from(readingItems)
      .where(and(eq(readingItems.appId, appId), eq(readingItems.kind, 'handout'), eq(readingItems.hidden, false))),
  ]);
  const chapter = new Map(cpts.map((c, i) => [c.id, { name: c.name, at: i }]));
  return rows
    .filter((r) => chapter.has(r.chapterId))
    .sort((a, b) => chapter.get(a.chapterId)!.at - chapter.get(b.chapterId)!.at || a.ordinal - b.ordinal || a.id - b.id)
    .map(({ sections, ordinal: _, ...r }) => ({ ...r, chapter: chapter.get(r.chapterId)!.name, headings: sections.map((s) => s.heading) }));
}

/**
 * Handouts (shown, of the subject, in the `open` chapters: all when undefined) whose text matches any of the LIKE
 * `patterns`: id → the body (at most 200). A closed handout's body is never read.
 */
export async function handoutBodies(db: Database, appId: number, patterns: readonly string[], open: readonly number[] | undefined): Promise<Map<number, string>> {
  if (open !== undefined && open.length === 0) return new Map();
  const rows = await db
    .select({ id: readingItems.id, body: readingItems.body })
    .from(readingItems)
    .where(
      and(
        eq(readingItems.appId, appId),
        eq(readingItems.kind, 'handout'),
        eq(readingItems.hidden, false),
        open === undefined ? undefined : inArray(readingItems.chapterId, [...open]),
        or(...patterns.map((p) => ilike(readingItems.body, p))),
      ),
    )
    .limit(200);
  return new Map(rows.map((r) => [r.id, r.body]));
}

/** The subject's knowledge points with their reading summary and chapter, for the search's catalogue. */
export async function searchablePoints(db: Database, appId: number): Promise<SearchablePoint[]> {
  const [points, details] = await Promise.all([
    pointList(db, appId),
    db.select({ pointId: pointDetails.pointId, summary: pointDetails.summary, chapterId: pointDetails.chapterId }).from(pointDetails).where(eq(pointDetails.appId, appId)),
  ]);
  const detailOf = new Map(details.map((d) => [d.pointId, d]));
  const names = await chapterNames(
    db,
    details.flatMap((d) => (d.chapterId === null ? [] : [d.chapterId])),
  );
  return points.map(({ id, name }) => {
    const d = detailOf.get(id);
    const chapterId = d?.chapterId ?? null;
    return { id, name, summary: d?.summary ?? '', chapterId, chapter: chapterId === null ? '' : (names.get(chapterId) ?? '') };
  });
}

/** The subject's shown handouts in reading order with their length in characters (the plan's handouts), one query. */
export async function planHandouts(db: Database, appId: number) {
  const rows = await db
    .select({
      id: readingItems.id,
      title: readingItems.title,
      chapterId: readingItems.chapterId,
      order: readingItems.ordinal,
      chars: sql<number>`char_length(${readingItems.body})::int`,
    })
    .from(readingItems)
    .where(and(eq(readingItems.appId, appId), eq(readingItems.kind, 'handout'), eq(readingItems.hidden, false)))
    .orderBy(asc(readingItems.ordinal), asc(readingItems.id));
  return rows.map((h) => ({ ...h, chars: Number(h.chars) }));
}

/** A learner's reading positions in a subject (item, percent read, when), one query. */
export function readingPositionsOf(db: Database, userId: number, appId: number) {
  return db
    .select({ itemId: readingPositions.itemId, percent: readingPositions.percent, updatedAt: readingPositions.updatedAt })
    .from(readingPositions)
    .where(and(eq(readingPositions.userId, userId), eq(readingPositions.appId, appId)));
}
