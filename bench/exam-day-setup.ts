// The exam-day bench's setup (bench/exam-day.ts): the paper file, the learners, their sessions and purchases.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { type DatabaseHandle } from '../apps/server/src/db/index.ts';
import { purchases, sessions, users } from '../apps/server/src/db/schema/index.ts';
import { CONTENT_DIR, seed } from '../apps/server/src/seed/seed.ts';

export const APP_ID = 1001;
export const PAPER_CODE = 'bench-100';
export const PAPER_NAME = '考试日压测卷（100题）';
export const TWICE_EVERY = 10; // learner i with i % 10 === 0 hands in from two devices at once

// ------------------------------------------------------------------------------------------------ setup

/** The 100-question paper: the first questions of the demo mock-1 by section (groups whole), 2 hours, pass 60. */
export function writePaper(dir: string): number {
  const mock = JSON.parse(readFileSync(join(CONTENT_DIR, 'papers', '1001', 'mock-1.json'), 'utf8')) as {
    sections: { type: string; score: number; questions: string[] }[];
  };
  const want: Record<string, number> = { A1: 58, A2: 30, A3: 6, X: 6 };
  const sections = mock.sections.filter((s) => want[s.type]).map((s) => ({ type: s.type, score: 1, questions: s.questions.slice(0, want[s.type]) }));
  const count = sections.reduce((n, s) => n + s.questions.length, 0);
  if (count !== 100) throw new Error(`the bench paper has ${count} questions, not 100 (did mock-1.json change?)`);
  mkdirSync(join(dir, String(APP_ID)), { recursive: true });
  const paper = { appID: APP_ID, code: PAPER_CODE, kind: 'mock', name: PAPER_NAME, timeLimitMinutes: 120, passScore: 60, sections };
  writeFileSync(join(dir, String(APP_ID), `${PAPER_CODE}.json`), JSON.stringify(paper, null, 2));
  return count;
}

export interface Learner {
  i: number;
  userId: number;
  guid: string;
  /** The second device of every tenth learner. */
  guid2?: string;
  examHistoryID?: number;
  /** Questions answered (distinct), in the order sent. */
  answered: number[];
  sectionIndex: number;
  startedAt?: number;
  handIns: string[];
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export async function setup(database: DatabaseHandle, extraPapersDir: string, N: number): Promise<Learner[]> {
  const { db } = database;
  await database.migrate();
  const seeded = await seed(db, Date.now(), { extraPapersDir });
  console.log(`seed: ${seeded.papers.join('; ')}`);
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.phone, '13900000000'));
  if (!member) throw new Error('the demo member 13900000000 is missing');
  const held = await db.select().from(purchases).where(eq(purchases.userId, member.id));
  if (held.length === 0) throw new Error('the demo member holds no purchase');
  const tag = Date.now().toString(36);
  const now = new Date();
  const learners: Learner[] = [];
  for (let from = 0; from < N; from += 500) {
    const rows = Array.from({ length: Math.min(500, N - from) }, (_, k) => {
      const i = from + k;
      return { userName: `bench-${tag}-${i}`, nickName: `考生${i}`, agentCode: '888', passwordHash: null, createdAt: now };
    });
    const ids = await db.insert(users).values(rows).returning({ id: users.id });
    const made = ids.map(({ id }, k) => {
      const i = from + k;
      return {
        i,
        userId: id,
        guid: randomBytes(32).toString('hex'),
        guid2: i % TWICE_EVERY === 0 ? randomBytes(32).toString('hex') : undefined,
        answered: [],
        sectionIndex: 0,
        handIns: [],
      } satisfies Learner;
    });
    const day = 24 * 3600 * 1000;
    const session = (userId: number, guid: string) => ({
      tokenHash: sha256(guid),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + 7 * day),
      absoluteExpiresAt: new Date(now.getTime() + 30 * day),
    });
    await db.insert(sessions).values(made.flatMap((l) => [session(l.userId, l.guid), ...(l.guid2 ? [session(l.userId, l.guid2)] : [])]));
    await db
      .insert(purchases)
      .values(made.flatMap((l) => held.map((p) => ({ userId: l.userId, appId: p.appId, vn: p.vn, vnOrder: p.vnOrder, endTime: p.endTime, source: 'seed', createdAt: now }))));
    learners.push(...made);
  }
  return learners;
}
