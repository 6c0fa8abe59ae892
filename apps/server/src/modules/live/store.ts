import { and, asc, eq, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/index.ts';
import { liveCards, LIVE_CARD_EXT_PREFIX, liveCollections, liveCourses, liveReservations, liveSessions, liveViews, subjects } from '../../db/schema/index.ts';
import { purchasesOf } from '../entitlement/index.ts';
import { addQuestionOnce, chapterNamed, type MadeQuestion } from '../questions/index.ts';
import { withAccounts } from '../user/index.ts';
import { teachersByIds } from '../video/index.ts';

export type LiveSessionRow = typeof liveSessions.$inferSelect;
/** A session with what every list shows of it: its course's title and its teacher. */
export interface ScheduledSession extends LiveSessionRow {
  courseTitle: string;
  teacherName: string | null;
  teacherTitle: string | null;
}
export type LiveCourseRow = typeof liveCourses.$inferSelect & { teacherName: string | null; teacherTitle: string | null; teacherIntro: string | null };

/** The schedule's SQL (docs/live.md): sessions with course and teacher, bookings, collections, viewers, reminders. */
export function createLiveStore(db: Database) {
  const scheduled = () => db.select({ s: liveSessions, courseTitle: liveCourses.title }).from(liveSessions).innerJoin(liveCourses, eq(liveCourses.id, liveSessions.courseId));
  // The teachers are the video module's: read for all the rows at once.
  const flat = async (rows: { s: LiveSessionRow; courseTitle: string }[]): Promise<ScheduledSession[]> => {
    const teacherOf = await teachersByIds(
      db,
      rows.map((r) => r.s.teacherId),
    );
    return rows.map((r) => {
      const t = r.s.teacherId === null ? undefined : teacherOf.get(r.s.teacherId);
      return { ...r.s, courseTitle: r.courseTitle, teacherName: t?.name ?? null, teacherTitle: t?.title ?? null };
    });
  };
  const courseRows = async (rows: (typeof liveCourses.$inferSelect)[]): Promise<LiveCourseRow[]> => {
    const teacherOf = await teachersByIds(
      db,
      rows.map((c) => c.teacherId),
    );
    return rows.map((c) => {
      const t = c.teacherId === null ? undefined : teacherOf.get(c.teacherId);
      return { ...c, teacherName: t?.name ?? null, teacherTitle: t?.title ?? null, teacherIntro: t?.introduction ?? null };
    });
  };

  return {
    /** Every session of a subject, by start (cached by the service; the 'live' bus event drops it). */
    schedule: async (appId: number) => flat(await scheduled().where(eq(liveSessions.appId, appId)).orderBy(asc(liveSessions.startsAt), asc(liveSessions.id))),
    session: async (id: number) => (await flat(await scheduled().where(eq(liveSessions.id, id))))[0],
    sessions: async (ids: number[]) => (ids.length === 0 ? [] : flat(await scheduled().where(inArray(liveSessions.id, ids)))),
    /** Sessions of several subjects between two times (the broadcast). */
    between: async (appIds: number[], from: Date, to: Date) =>
      appIds.length === 0
        ? []
        : flat(
            await scheduled()
              .where(and(inArray(liveSessions.appId, appIds), lte(liveSessions.startsAt, to), gte(liveSessions.endsAt, from)))
              .orderBy(asc(liveSessions.startsAt)),
          ),
    courses: async (appId: number): Promise<LiveCourseRow[]> =>
      courseRows(await db.select().from(liveCourses).where(eq(liveCourses.appId, appId)).orderBy(asc(liveCourses.sort), asc(liveCourses.id))),
    course: async (id: number): Promise<LiveCourseRow | undefined> => (await courseRows(await db.select().from(liveCourses).where(eq(liveCourses.id, id))))[0],
    teacherIntro: async (id: number) => (await teachersByIds(db, [id])).get(id)?.introduction ?? '',

    /** What belongs to the learner, in one query: the sessions booked and those collected (with when). */
    async mine(userId: number): Promise<{ reserved: Set<number>; collected: Map<number, Date> }> {
      const rows = await unionAll(
        db
          .select({ kind: sql<string>`'r'`.as('kind'), id: liveReservations.sessionId, at: liveReservations.updatedAt })
          .from(liveReservations)
          .where(and(eq(liveReservations.userId, userId), eq(liveReservations.status, 1))),
        db
          .select({ kind: sql<string>`'c'`.as('kind'), id: liveCollections.sessionId, at: liveCollections.createdAt })
          .from(liveCollections)
          .where(eq(liveCollections.userId, userId)),
      );
      const reserved = new Set<number>();
      const collected = new Map<number, Date>();
      for (const r of rows) {
        if (r.kind === 'r') reserved.add(r.id);
        else collected.set(r.id, new Date(r.at));
      }
      return { reserved, collected };
    },
    /** Bookings per session of a subject. */
    async reservationCounts(appId: number): Promise<Map<number, number>> {
      const rows = await db
        .select({ id: liveReservations.sessionId, n: sql<number>`count(*)::int` })
        .from(liveReservations)
        .innerJoin(liveSessions, eq(liveSessions.id, liveReservations.sessionId))
        .where(and(eq(liveSessions.appId, appId), eq(liveReservations.status, 1)))
        .groupBy(liveReservations.sessionId);
      return new Map(rows.map((r) => [r.id, Number(r.n)]));
    },
    /** Viewers per session of a subject (live_views). */
    async viewers(appId: number): Promise<Map<number, number>> {
      const rows = await db
        .select({ id: liveViews.sessionId, n: sql<number>`count(*)::int` })
        .from(liveViews)
        .innerJoin(liveSessions, eq(liveSessions.id, liveViews.sessionId))
        .where(eq(liveSessions.appId, appId))
        .groupBy(liveViews.sessionId);
      return new Map(rows.map((r) => [r.id, Number(r.n)]));
    },
    async setReservation(userId: number, sessionId: number, status: number, now: Date) {
      const [row] = await db
        .insert(liveReservations)
        .values({ userId, sessionId, status, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [liveReservations.userId, liveReservations.sessionId],
          // A new booking of the same session is reminded again; a repeated status changes nothing.
          set: {
            status,
            updatedAt: sql`case when ${liveReservations.status} = ${status} then ${liveReservations.updatedAt} else ${now.toISOString()}::timestamptz end`,
            remindedAt: sql`case when ${liveReservations.status} = ${status} then ${liveReservations.remindedAt} else null end`,
          },
        })
        .returning();
      return row!;
    },
    async setCollection(userId: number, sessionId: number, on: boolean, now: Date) {
      if (on) await db.insert(liveCollections).values({ userId, sessionId, createdAt: now }).onConflictDoNothing();
      else await db.delete(liveCollections).where(and(eq(liveCollections.userId, userId), eq(liveCollections.sessionId, sessionId)));
    },
    async recordView(sessionId: number, userId: number, now: Date) {
      await db
        .insert(liveViews)
        .values({ sessionId, userId, firstAt: now, lastAt: now })
        .onConflictDoUpdate({ target: [liveViews.sessionId, liveViews.userId], set: { lastAt: now, opens: sql`${liveViews.opens} + 1` } });
    },
    /** The subjects whose sessions the broadcast shows: those I hold a valid version of, and those I booked in. */
    async subjectsOf(userId: number, now: Date): Promise<number[]> {
      const [held, booked] = await Promise.all([
        purchasesOf(db, userId),
        db
          .selectDistinct({ appId: liveSessions.appId })
          .from(liveReservations)
          .innerJoin(liveSessions, eq(liveSessions.id, liveReservations.sessionId))
          .where(and(eq(liveReservations.userId, userId), eq(liveReservations.status, 1))),
      ]);
      return [...new Set([...held.filter((p) => p.endTime.getTime() > now.getTime()).map((p) => p.appId), ...booked.map((r) => r.appId)])];
    },
    appNames: async (appIds: number[]) =>
      new Map(
        appIds.length === 0
          ? []
          : (await db.select({ appId: subjects.appId, name: subjects.appName }).from(subjects).where(inArray(subjects.appId, appIds))).map((r) => [r.appId, r.name]),
      ),

    /** Bookings to remind: booked, not reminded, of sessions starting in (now, until] that have not started. */
    async dueReminders(now: Date, until: Date) {
      const rows = await db
        .select({
          userId: liveReservations.userId,
          sessionId: liveSessions.id,
          appId: liveSessions.appId,
          title: liveSessions.title,
          startsAt: liveSessions.startsAt,
        })
        .from(liveReservations)
        .innerJoin(liveSessions, eq(liveSessions.id, liveReservations.sessionId))
        .where(
          and(
            eq(liveReservations.status, 1),
            isNull(liveReservations.remindedAt),
            eq(liveSessions.state, 'scheduled'),
            gt(liveSessions.startsAt, now),
            lte(liveSessions.startsAt, until),
          ),
        )
        .orderBy(asc(liveSessions.startsAt))
        .limit(5_000);
      return (await withAccounts(db, rows, (r) => r.userId)).map(({ account, ...r }) => ({ ...r, phone: account.phone, agentCode: account.agentCode }));
    },
    /** Marks one booking reminded; false when another process did it first (each reminder goes out once). */
    async markReminded(userId: number, sessionId: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(liveReservations)
        .set({ remindedAt: now })
        .where(and(eq(liveReservations.userId, userId), eq(liveReservations.sessionId, sessionId), isNull(liveReservations.remindedAt)))
        .returning({ userId: liveReservations.userId });
      return rows.length === 1;
    },
    /** Closed quiz cards not yet made into practice questions, with their session (docs/live.md). */
    cardsToPractise: () =>
      db
        .select({ card: liveCards, appId: liveSessions.appId, title: liveSessions.title, chapterName: liveSessions.chapterName })
        .from(liveCards)
        .innerJoin(liveSessions, eq(liveSessions.id, liveCards.sessionId))
        .where(and(eq(liveCards.state, 'closed'), isNull(liveCards.questionId)))
        .limit(200),
    /** The subject's chapter of that name (a session's chapter name names its bank chapter), if any. */
    chapterNamed: async (appId: number, name: string) => (name === '' ? undefined : chapterNamed(db, appId, name)),
    /**
     * Makes a closed card a practice question of its subject (ext id 'live-card-<id>', type A1), once: the card
     * keeps the question's id (0: no chapter to put it in; it stays in the replay only).
     */
    async practiseCard(c: Omit<MadeQuestion, 'extId' | 'chapterId'> & { cardId: number; chapterId: number | undefined }) {
      await db.transaction(async (tx) => {
        if (c.chapterId === undefined) {
          await tx
            .update(liveCards)
            .set({ questionId: 0 })
            .where(and(eq(liveCards.id, c.cardId), isNull(liveCards.questionId)));
          return;
        }
        const questionId = await addQuestionOnce(tx, { ...c, chapterId: c.chapterId, extId: `${LIVE_CARD_EXT_PREFIX}${c.cardId}` });
        await tx
          .update(liveCards)
          .set({ questionId })
          .where(and(eq(liveCards.id, c.cardId), isNull(liveCards.questionId)));
      });
    },
  };
}
export type LiveStore = ReturnType<typeof createLiveStore>;
