import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { liveCourses, liveSessions, subjects } from '../../db/schema/index.ts';

export type IngestSession = typeof liveSessions.$inferSelect;
/** What delivery needs of a session: where its live HLS and its replay are. */
export type SessionMedia = Pick<IngestSession, 'id' | 'streamKey' | 'state' | 'replayKey' | 'replayState'>;

export interface NewSession {
  appId: number;
  courseId: number;
  key: string;
  title: string;
  chapterName?: string;
  teacherId?: number | null;
  startsAt: Date;
  endsAt: Date;
  free?: boolean;
  /** A third party's session (CC直播): its player's address; no stream comes to the ingest. */
  provider?: 'self' | 'cc';
  providerUrl?: string;
  streamKey: string;
  hostKey: string;
  createdAt: Date;
}

/**
 * The ingest's SQL (docs/live.md, "Ingest"): sessions by stream key, the stream's state changes, the replay's
 * state, and the operator command's scheduling and listing.
 */
export function createIngestStore(db: Database) {
  const byId = async (id: number) => (await db.select().from(liveSessions).where(eq(liveSessions.id, id)))[0];
  return {
    byId,
    byStreamKey: async (streamKey: string) => (await db.select().from(liveSessions).where(eq(liveSessions.streamKey, streamKey)))[0],
    media: async (id: number): Promise<SessionMedia | undefined> =>
      (
        await db
          .select({ id: liveSessions.id, streamKey: liveSessions.streamKey, state: liveSessions.state, replayKey: liveSessions.replayKey, replayState: liveSessions.replayState })
          .from(liveSessions)
          .where(eq(liveSessions.id, id))
      )[0],
    /** Self-hosted sessions whose stream is on. */
    liveNow: () =>
      db
        .select()
        .from(liveSessions)
        .where(and(eq(liveSessions.state, 'live'), eq(liveSessions.provider, 'self'))),
    /** The stream is on: the first start is kept (a reconnect re-opens, it does not restart the stream's clock). */
    markLive: async (id: number, now: Date) =>
      (
        await db
          .update(liveSessions)
          .set({ state: 'live', liveStartedAt: sql`coalesce(${liveSessions.liveStartedAt}, ${now.toISOString()}::timestamptz)`, liveEndedAt: null })
          .where(eq(liveSessions.id, id))
          .returning()
      )[0],
    /** The stream stopped (only a live session ends this way); undefined when it was not live. */
    markStopped: async (id: number, now: Date) =>
      (
        await db
          .update(liveSessions)
          .set({ state: 'ended', liveEndedAt: now })
          .where(and(eq(liveSessions.id, id), eq(liveSessions.state, 'live')))
          .returning()
      )[0],
    /**
     * The operator ends a session: ended at once (kept when it already stopped), and its planned end moves to
     * that moment when later, so the encoder cannot re-open it (ingest.ts, "Reconnects").
     */
    endByOperator: async (id: number, now: Date) =>
      (
        await db
          .update(liveSessions)
          .set({
            state: 'ended',
            liveEndedAt: sql`case when ${liveSessions.liveStartedAt} is null then null else coalesce(${liveSessions.liveEndedAt}, ${now.toISOString()}::timestamptz) end`,
            endsAt: sql`least(${liveSessions.endsAt}, coalesce(${liveSessions.liveEndedAt}, ${now.toISOString()}::timestamptz))`,
          })
          .where(eq(liveSessions.id, id))
          .returning()
      )[0],
    replayPending: (id: number) => db.update(liveSessions).set({ replayState: 'pending' }).where(eq(liveSessions.id, id)),
    replayReady: (id: number, replayKey: string, durationS: number) =>
      db.update(liveSessions).set({ replayState: 'ready', replayKey, replayDurationS: durationS }).where(eq(liveSessions.id, id)),
    /** A failed remake keeps the replay made before it, if any. */
    replayFailed: (id: number) =>
      db
        .update(liveSessions)
        .set({ replayState: sql`case when ${liveSessions.replayKey} = '' then 'failed' else 'ready' end` })
        .where(eq(liveSessions.id, id)),
    subjectExists: async (appId: number) => (await db.select({ appId: subjects.appId }).from(subjects).where(eq(subjects.appId, appId))).length > 0,
    /** The course of that key, made with `title` when missing; its id. */
    async ensureCourse(appId: number, key: string, title: string): Promise<number> {
      await db.insert(liveCourses).values({ appId, key, title }).onConflictDoNothing();
      const [c] = await db.select({ id: liveCourses.id, appId: liveCourses.appId }).from(liveCourses).where(eq(liveCourses.key, key));
      if (!c || c.appId !== appId) throw new Error(`course ${key} belongs to subject ${c?.appId}, not ${appId}`);
      return c.id;
    },
    createSession: async (s: NewSession) =>
      (
        await db
          .insert(liveSessions)
          .values({ ...s, provider: s.provider ?? 'self' })
          .returning()
      )[0]!,
    /** Sessions, the latest start first. */
    list: (filter: { appId?: number; limit: number }) =>
      db
        .select()
        .from(liveSessions)
        .where(filter.appId === undefined ? undefined : eq(liveSessions.appId, filter.appId))
        .orderBy(desc(liveSessions.startsAt), desc(liveSessions.id))
        .limit(filter.limit),
  };
}
export type IngestStore = ReturnType<typeof createIngestStore>;
