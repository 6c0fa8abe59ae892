import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import {
  cardStates,
  dailyNotes,
  hotspots,
  pointDetails,
  readingFiles,
  readingItems,
  readingMarks,
  readingPositions,
  readingReports,
  shorthandCards,
  type CardStateRow,
  type ReadingItemRow,
} from '../../db/schema/index.ts';
import { chapterList, livePointCounts, pointList, pointQuestionStems } from '../questions/index.ts';
import { lastRightOf } from '../practice/index.ts';
import type { SrsCard } from '../../platform/srs.ts';

/** A subject's reading content, held in memory by index.ts (an import drops it: migration 0029 notifies 'bank'). */
export interface ReadingShelf {
  chapters: { id: number; parentId: number | null; name: string; order: number }[];
  /** Visible items without their bodies, in chapter order then ordinal. */
  items: Omit<ReadingItemRow, 'body'>[];
  points: {
    id: number;
    code: string;
    name: string;
    summary: string;
    weight: number;
    hot: boolean;
    chapterId: number | null;
    handoutId: number | null;
    anchor: string;
    questions: number;
  }[];
  cards: { id: number; pointId: number; front: string; back: string; mnemonic: string }[];
  hotspots: { year: number; rank: number; pointId: number; reason: string }[];
}

export function createReadingStore(db: Database) {
  /** The subject's knowledge points (the bank's) by id, with their reading details (defaults where none were imported). */
  async function detailedPoints(appId: number) {
    const [points, details] = await Promise.all([pointList(db, appId), db.select().from(pointDetails).where(eq(pointDetails.appId, appId))]);
    const detailOf = new Map(details.map((d) => [d.pointId, d]));
    return points.map(({ id, code, name }) => {
      const d = detailOf.get(id);
      return {
        id,
        code,
        name,
        summary: d?.summary ?? '',
        weight: d?.weight ?? 3,
        hot: d?.hot ?? false,
        chapterId: d?.chapterId ?? null,
        handoutId: d?.handoutId ?? null,
        anchor: d?.handoutAnchor ?? '',
      };
    });
  }

  return {
    async shelf(appId: number): Promise<ReadingShelf> {
      const [cpts, items, points, qn, cards, hots] = await Promise.all([
        chapterList(db, appId),
        db
          .select({
            id: readingItems.id,
            appId: readingItems.appId,
            kind: readingItems.kind,
            key: readingItems.key,
            chapterId: readingItems.chapterId,
            title: readingItems.title,
            format: readingItems.format,
            sections: readingItems.sections,
            pdf: readingItems.pdf,
            ordinal: readingItems.ordinal,
            version: readingItems.version,
            hidden: readingItems.hidden,
            updatedAt: readingItems.updatedAt,
          })
          .from(readingItems)
          .where(and(eq(readingItems.appId, appId), eq(readingItems.hidden, false))),
        detailedPoints(appId),
        livePointCounts(db, appId),
        db
          .select({ id: shorthandCards.id, pointId: shorthandCards.pointId, front: shorthandCards.front, back: shorthandCards.back, mnemonic: shorthandCards.mnemonic })
          .from(shorthandCards)
          .where(and(eq(shorthandCards.appId, appId), eq(shorthandCards.hidden, false)))
          .orderBy(asc(shorthandCards.ordinal)),
        db
          .select({ year: hotspots.year, rank: hotspots.rank, pointId: hotspots.pointId, reason: hotspots.reason })
          .from(hotspots)
          .where(eq(hotspots.appId, appId))
          .orderBy(desc(hotspots.year), asc(hotspots.rank)),
      ]);
      const order = new Map(cpts.map((c, i) => [c.id, i]));
      items.sort((a, b) => (order.get(a.chapterId) ?? 0) - (order.get(b.chapterId) ?? 0) || a.ordinal - b.ordinal || a.id - b.id);
      return { chapters: cpts, items, points: points.map((p) => ({ ...p, questions: qn.get(p.id) ?? 0 })), cards, hotspots: hots };
    },

    async body(itemId: number): Promise<string | undefined> {
      const [row] = await db.select({ body: readingItems.body }).from(readingItems).where(eq(readingItems.id, itemId));
      return row?.body;
    },
    async appOfItem(itemId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ appId: readingItems.appId })
        .from(readingItems)
        .where(and(eq(readingItems.id, itemId), eq(readingItems.hidden, false)));
      return row?.appId;
    },
    async file(appId: number, name: string) {
      const [row] = await db
        .select()
        .from(readingFiles)
        .where(and(eq(readingFiles.appId, appId), eq(readingFiles.name, name)));
      return row;
    },

    /** Newest save first, by the client's time of it: the outbox may send the saves of several pages in another order. */
    positionsOf: (userId: number, appId: number) =>
      db
        .select()
        .from(readingPositions)
        .where(and(eq(readingPositions.userId, userId), eq(readingPositions.appId, appId)))
        .orderBy(desc(readingPositions.savedAt), desc(readingPositions.updatedAt)),
    async positionOf(userId: number, itemId: number) {
      const [row] = await db
        .select()
        .from(readingPositions)
        .where(and(eq(readingPositions.userId, userId), eq(readingPositions.itemId, itemId)));
      return row;
    },
    /** The newest save wins (an outbox replay of an older one changes nothing). */
    async savePosition(v: { userId: number; itemId: number; appId: number; anchor: string; percent: number; savedAt: number; now: Date }) {
      const [row] = await db
        .insert(readingPositions)
        .values({ userId: v.userId, itemId: v.itemId, appId: v.appId, anchor: v.anchor, percent: v.percent, savedAt: v.savedAt, updatedAt: v.now })
        .onConflictDoUpdate({
          target: [readingPositions.userId, readingPositions.itemId],
          set: { anchor: sql`excluded.anchor`, percent: sql`excluded.percent`, savedAt: sql`excluded.saved_at`, updatedAt: sql`excluded.updated_at` },
          setWhere: sql`${readingPositions.savedAt} < excluded.saved_at`,
        })
        .returning();
      return row ?? (await this.positionOf(v.userId, v.itemId))!;
    },

    marksOf: (userId: number, itemId: number) =>
      db
        .select()
        .from(readingMarks)
        .where(and(eq(readingMarks.userId, userId), eq(readingMarks.itemId, itemId), sql`${readingMarks.deletedAt} is null`))
        .orderBy(asc(readingMarks.createdAt), asc(readingMarks.id)),
    /** Insert or update by (learner, clientId); a newer save of a deleted mark does not bring it back. */
    async saveMark(v: typeof readingMarks.$inferInsert) {
      const { userId, clientId, ...rest } = v;
      const [row] = await db
        .insert(readingMarks)
        .values(v)
        .onConflictDoUpdate({
          target: [readingMarks.userId, readingMarks.clientId],
          set: { anchor: rest.anchor, quote: rest.quote, prefix: rest.prefix, suffix: rest.suffix, note: rest.note, color: rest.color, savedAt: rest.savedAt },
          setWhere: sql`${readingMarks.savedAt} <= excluded.saved_at and ${readingMarks.itemId} = excluded.item_id`,
        })
        .returning();
      if (row) return row;
      const [current] = await db
        .select()
        .from(readingMarks)
        .where(and(eq(readingMarks.userId, userId), eq(readingMarks.clientId, clientId)));
      return current!;
    },
    async deleteMark(userId: number, clientId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(readingMarks)
        .set({ deletedAt: now })
        .where(and(eq(readingMarks.userId, userId), eq(readingMarks.clientId, clientId), sql`${readingMarks.deletedAt} is null`))
        .returning({ id: readingMarks.id });
      return rows.length > 0;
    },

    cardStatesOf: (userId: number, appId: number) =>
      db
        .select()
        .from(cardStates)
        .where(and(eq(cardStates.userId, userId), eq(cardStates.appId, appId))),
    cardStatesFor: (userId: number, cardIds: number[]) =>
      cardIds.length
        ? db
            .select()
            .from(cardStates)
            .where(and(eq(cardStates.userId, userId), inArray(cardStates.cardId, cardIds)))
        : Promise.resolve([]),

    notes: (appId: number) =>
      db
        .select({ id: dailyNotes.id, day: dailyNotes.day, title: dailyNotes.title, body: dailyNotes.body })
        .from(dailyNotes)
        .where(and(eq(dailyNotes.appId, appId), eq(dailyNotes.hidden, false)))
        .orderBy(desc(dailyNotes.day)),

    /** The first questions of a point with my latest result of each (null: never answered). */
    async pointQuestions(userId: number, pointId: number, limit: number) {
      const qs = await pointQuestionStems(db, pointId, limit);
      const ids = qs.map((q) => q.id);
      const last = await lastRightOf(db, userId, ids);
      return qs.map((q) => ({ ...q, right: last.has(q.id) ? last.get(q.id)! : null }));
    },

    /**
     * One grade of a learner's card, in a transaction on the learner's (locked) row, made new (`fresh`) by the first
     * grade; the same reviewId again returns the row unchanged (an outbox replay).
     */
    async gradeCard(
      k: { userId: number; cardId: number; appId: number; reviewId: string; now: Date },
      next: (cur: CardStateRow) => SrsCard,
      fresh: SrsCard,
    ): Promise<CardStateRow> {
      const mine = and(eq(cardStates.userId, k.userId), eq(cardStates.cardId, k.cardId));
      return db.transaction(async (tx) => {
        await tx
          .insert(cardStates)
          .values({ userId: k.userId, cardId: k.cardId, appId: k.appId, ...fresh, firstReviewAt: k.now, lastReviewId: '' })
          .onConflictDoNothing();
        const [cur] = await tx.select().from(cardStates).where(mine).for('update');
        if (cur!.lastReviewId === k.reviewId) return cur!;
        const [updated] = await tx
          .update(cardStates)
          .set({ ...next(cur!), lastReviewId: k.reviewId })
          .where(mine)
          .returning();
        return updated!;
      });
    },

    async reportsSince(userId: number, since: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(readingReports)
        .where(and(eq(readingReports.userId, userId), sql`${readingReports.createdAt} > ${since}`));
      return row?.n ?? 0;
    },
    async addReport(v: typeof readingReports.$inferInsert) {
      const [row] = await db.insert(readingReports).values(v).returning({ id: readingReports.id });
      return row!.id;
    },
  };
}
export type ReadingStore = ReturnType<typeof createReadingStore>;
