import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { LIVE_CARD_KEYS } from '@kaoshi/contract';
import type { Database } from '../db/index.ts';
import { liveOperations, makeDemoReplay } from '../modules/live/index.ts';
import type { MediaStore } from '../modules/video/index.ts';
import { liveAnswers, liveCards, liveCourses, liveMessages, liveSessions, subjects, teachers, users } from '../db/schema/index.ts';
import { chinaAt, chinaDay } from '../platform/china-time.ts';

const plain = z.string().refine((s) => !/<[a-z!/?]/i.test(s), 'must be plain text, not HTML');
const key = z.string().regex(/^[a-z0-9-]+$/);
const sessionSpec = z.object({
  key,
  course: key,
  title: plain.pipe(z.string().min(1).max(100)),
  chapterName: plain.default(''),
  teacher: key.optional(),
  /**
   * China days from today, and the China time of day ('later': a few hours from now, so the demo has one today;
   * 'now': the current quarter hour, for the `always` class).
   */
  day: z.number().int().min(-60).max(60),
  time: z.union([z.literal('later'), z.literal('now'), z.string().regex(/^\d\d:\d\d$/)]),
  minutes: z.number().int().min(10).max(240),
  free: z.boolean().default(false),
  provider: z.enum(['self', 'cc']).default('self'),
  providerUrl: z.url({ protocol: /^https$/ }).optional(),
  /** Already streamed: ended, with its chat and cards as they happened. */
  past: z.boolean().default(false),
  /** Its replay is rendered in the background after the first start (seedDemoLiveReplays). */
  replay: z.boolean().default(false),
  /**
   * Live whenever the server runs: a looping demo stream is pushed into it (modules/live/demo-stream.ts). Scheduled
   * anew at every start from the current quarter hour; the stream keeps its end ahead while it runs.
   */
  always: z.boolean().default(false),
  chat: z.array(z.object({ second: z.number().int().min(0), name: plain, text: plain.pipe(z.string().min(1).max(100)), host: z.boolean().default(false) })).default([]),
  cards: z
    .array(
      z.object({
        stem: plain.pipe(z.string().min(1)),
        options: z.array(plain).min(2).max(LIVE_CARD_KEYS.length),
        answer: z.enum(LIVE_CARD_KEYS),
        explanation: plain.default(''),
        second: z.number().int().min(0).optional(),
        closeAfter: z.number().int().min(5).optional(),
      }),
    )
    .default([]),
});
const liveFile = z.object({
  appId: z.number().int().positive(),
  teachers: z.array(z.object({ key, name: plain, title: plain.default('') })),
  courses: z.array(z.object({ key, title: plain, teacher: key.optional(), summary: plain.default(''), introduction: plain.default('') })),
  sessions: z.array(sessionSpec),
});
export type DemoLiveSession = z.infer<typeof sessionSpec>;

const DAY = 86_400_000;
/** The start of a demo session: `day` China days from today at `time`; 'later' is two hours from now, on the quarter hour. */
export function demoStart(day: number, time: string, now: number): Date {
  if (time === 'later') return new Date(Math.ceil((now + 2 * 3600_000) / 900_000) * 900_000 + day * DAY);
  if (time === 'now') return new Date(Math.floor(now / 900_000) * 900_000 + day * DAY);
  return new Date(chinaAt(chinaDay(now), time) + day * DAY);
}
const secret = () => randomBytes(18).toString('base64url');

/**
 * The demo live classes (docs/live.md, "Demo content"): content/demo/live/<appID>.json. Courses and sessions are
 * added by key; a past session gets its chat, its closed quiz cards and the demo learners' answers once. Coming
 * sessions that never streamed are moved to their place relative to today at every start, so the demo always
 * has a class later today and some in the coming days. Answers come from the demo learners (their choices are
 * fixed by their order). Returns one line per subject.
 */
export async function seedLive(db: Database, dir: string, now: number): Promise<string[]> {
  const root = join(dir, 'live');
  if (!existsSync(root)) return [];
  const out: string[] = [];
  for (const file of readdirSync(root)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const spec = liveFile.parse(JSON.parse(readFileSync(join(root, file), 'utf8')));
    const [subject] = await db.select({ appId: subjects.appId }).from(subjects).where(eq(subjects.appId, spec.appId));
    if (!subject) continue;
    await db
      .insert(teachers)
      // Without subjects: the teacher lists are the video lessons' (the video import adds the subjects of its courses).
      .values(spec.teachers.map((t) => ({ key: t.key, name: t.name, title: t.title, appIds: [] })))
      .onConflictDoNothing();
    const teacherIds = new Map(
      (
        await db
          .select({ id: teachers.id, key: teachers.key })
          .from(teachers)
          .where(
            inArray(
              teachers.key,
              spec.teachers.map((t) => t.key),
            ),
          )
      ).map((t) => [t.key, t.id]),
    );
    for (const [i, c] of spec.courses.entries()) {
      const row = {
        appId: spec.appId,
        title: c.title,
        summary: c.summary,
        introduction: c.introduction,
        teacherId: c.teacher ? (teacherIds.get(c.teacher) ?? null) : null,
        sort: i,
      };
      await db
        .insert(liveCourses)
        .values({ key: c.key, ...row })
        .onConflictDoUpdate({ target: liveCourses.key, set: row });
    }
    const courseIds = new Map((await db.select({ id: liveCourses.id, key: liveCourses.key }).from(liveCourses).where(eq(liveCourses.appId, spec.appId))).map((c) => [c.key, c.id]));
    let added = 0;
    for (const s of spec.sessions) {
      const startsAt = demoStart(s.day, s.time, now);
      const endsAt = new Date(startsAt.getTime() + s.minutes * 60_000);
      const [existing] = await db.select().from(liveSessions).where(eq(liveSessions.key, s.key));
      if (existing && s.always) {
        // A new window from now, waiting for the demo stream (a stream of an earlier run is gone with its server).
        await db.update(liveSessions).set({ startsAt, endsAt, state: 'scheduled', liveStartedAt: null, liveEndedAt: null }).where(eq(liveSessions.id, existing.id));
        continue;
      }
      if (existing) {
        const moved = existing.startsAt.getTime() !== startsAt.getTime() || existing.endsAt.getTime() !== endsAt.getTime();
        if (!s.past && moved && existing.state === 'scheduled' && existing.liveStartedAt === null)
          await db.update(liveSessions).set({ startsAt, endsAt }).where(eq(liveSessions.id, existing.id));
        continue;
      }
      const [row] = await db
        .insert(liveSessions)
        .values({
          key: s.key,
          courseId: courseIds.get(s.course)!,
          appId: spec.appId,
          title: s.title,
          chapterName: s.chapterName,
          teacherId: s.teacher ? (teacherIds.get(s.teacher) ?? null) : null,
          startsAt,
          endsAt,
          free: s.free,
          provider: s.provider,
          providerUrl: s.providerUrl ?? '',
          streamKey: secret(),
          hostKey: secret(),
          state: s.past ? 'ended' : 'scheduled',
          liveStartedAt: s.past ? startsAt : null,
          liveEndedAt: s.past ? endsAt : null,
          replayState: s.past && s.replay ? 'pending' : 'none',
          createdAt: new Date(now),
        })
        .returning();
      added++;
      await seedRoom(db, row!.id, s, startsAt);
    }
    out.push(`${spec.appId}: ${spec.courses.length} live courses, ${spec.sessions.length} sessions (${added} added)`);
  }
  return out;
}

/** A new session's chat and quiz cards; a past one's cards are closed with the demo learners' answers. */
async function seedRoom(db: Database, sessionId: number, s: DemoLiveSession, startsAt: Date) {
  const at = (second: number) => new Date(startsAt.getTime() + second * 1000);
  if (s.chat.length > 0)
    await db.insert(liveMessages).values(s.chat.map((m) => ({ sessionId, userId: null, name: m.name, text: m.text, host: m.host, second: m.second, createdAt: at(m.second) })));
  const learners = s.past
    ? await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.agentCode, '888')))
        .limit(20)
    : [];
  for (const [i, c] of s.cards.entries()) {
    const closed = s.past && c.second !== undefined;
    const [card] = await db
      .insert(liveCards)
      .values({
        sessionId,
        stem: c.stem,
        options: c.options.map((text, k) => ({ key: LIVE_CARD_KEYS[k]!, text })),
        answer: c.answer,
        explanation: c.explanation,
        sort: i,
        state: closed ? 'closed' : 'ready',
        second: closed ? c.second! : null,
        pushedAt: closed ? at(c.second!) : null,
        closedAt: closed ? at(c.second! + (c.closeAfter ?? 30)) : null,
      })
      .returning();
    if (!closed || learners.length === 0) continue;
    // The demo learners' answers: most right, some on the nearest distractor.
    const right = LIVE_CARD_KEYS.indexOf(c.answer);
    await db.insert(liveAnswers).values(
      learners.map((u, k) => {
        const choice = k % 3 === 2 ? LIVE_CARD_KEYS[(right + 1) % c.options.length]! : c.answer;
        return { cardId: card!.id, userId: u.id, choice, correct: choice === c.answer, answeredAt: at(c.second! + 5 + k) };
      }),
    );
  }
}

/**
 * The demo's replays: each `replay: true` session still pending gets a recording rendered with ffmpeg (an original
 * test stream with its clock burned in) and remuxed by the ingest's own replay step. In the background after start,
 * like the demo lessons; a missing ffmpeg leaves the session 已结束 and says so once.
 */
export async function renderDemoLiveReplays(db: Database, store: MediaStore, dir: string, log: (line: string) => void): Promise<number> {
  const root = join(dir, 'live');
  if (!existsSync(root)) return 0;
  const keys = readdirSync(root)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) =>
      liveFile
        .parse(JSON.parse(readFileSync(join(root, f), 'utf8')))
        .sessions.filter((s) => s.replay)
        .map((s) => s.key),
    );
  if (keys.length === 0) return 0;
  const pending = await db
    .select({ id: liveSessions.id, key: liveSessions.key })
    .from(liveSessions)
    .where(and(inArray(liveSessions.key, keys), eq(liveSessions.replayState, 'pending')));
  let made = 0;
  for (const s of pending) {
    try {
      const { replayKey, durationS } = await makeDemoReplay(store, s.id);
      await liveOperations(db).replayReady(s.id, replayKey, durationS);
      made++;
    } catch (err) {
      log(`demo live replay of ${s.key} is off: ${err instanceof Error ? err.message.split('\n')[0] : String(err)} (is ffmpeg installed?)`);
    }
  }
  return made;
}
