import type { Paper, PaperKind, PaperSection, PaperTag } from '@kaoshi/contract';
import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { papers, subjects, type PaperRow } from '../../db/schema/index.ts';
import { bankOrigin, bankQuestions, groupExtIds, livePointLinks, livePool } from '../questions/index.ts';
import type { PaperWrite, SetPoolRow } from './types.ts';

export type { PaperWrite };

/** One answerable question of a bank as paper validation and the daily test see it. */
export interface PaperBankRow {
  id: number;
  extId: string;
  type: string;
  chapterId: number;
  groupId: number | null;
  /** The group's ext id (null for single items). */
  groupExtId: string | null;
  groupOrder: number;
  retired: boolean;
}

/** A validated paper ready to write (ids resolved). */
export type PaperWriteResult = 'added' | 'updated' | 'unchanged';

/** A stored paper in the contract's shape (with its total). */
export const paperOf = (r: PaperRow): Paper & { id: number; totalScore: number } => ({
  id: r.id,
  appID: r.appId,
  code: r.code,
  kind: r.kind as PaperKind,
  name: r.name,
  year: r.year,
  tag: r.tag as PaperTag | null,
  timeLimitSeconds: r.timeLimitSeconds,
  passScore: r.passScore,
  totalScore: r.totalScore,
  sections: r.sections,
});

const same = (a: PaperRow, b: PaperWrite) =>
  a.kind === b.kind &&
  a.name === b.name &&
  a.year === b.year &&
  a.tag === b.tag &&
  a.timeLimitSeconds === b.timeLimitSeconds &&
  a.passScore === b.passScore &&
  a.totalScore === b.totalScore &&
  !a.retired &&
  canonical(a.sections) === canonical(b.sections);

/** Sections as text in a fixed key order (jsonb does not keep the order keys were written in). */
const canonical = (sections: PaperSection[]) => JSON.stringify(sections.map((s) => [s.type, s.title, s.score, s.questions]));

/** The papers' SQL (docs/papers.md). */
export function createPaperStore(db: Database) {
  return {
    /** Whether the subject exists (papers reference it). */
    async subjectExists(appId: number): Promise<boolean> {
      return (await db.select({ appId: subjects.appId }).from(subjects).where(eq(subjects.appId, appId)).limit(1)).length > 0;
    },

    /** Where the subject's bank came from ('demo' seed or 'import'); undefined when it has none. */
    bankOrigin: (appId: number): Promise<'demo' | 'import' | undefined> => bankOrigin(db, appId),

    /** Every answerable question of a subject's bank, retired ones too, with its group's ext id, by id. */
    bank: (appId: number): Promise<PaperBankRow[]> => bankQuestions(db, appId),

    /**
     * The subject's questions in use with difficulty, year and points: the pool of paper sets (sets.ts), in id order
     * (the draw is seeded: the same pool in the same order makes the same paper, so a re-seed leaves a set as it is).
     */
    async setPool(appId: number): Promise<SetPoolRow[]> {
      const [rows, points] = await Promise.all([livePool(db, appId), livePointLinks(db, appId)]);
      const of = new Map<number, number[]>();
      for (const p of points) of.set(p.questionId, [...(of.get(p.questionId) ?? []), p.pointId]);
      return rows.map(({ id, type, groupId, groupOrder, difficulty, year }) => ({ id, type, groupId, groupOrder, difficulty, year, points: of.get(id) ?? [] }));
    },

    /** The ext ids of the subject's groups (so a paper naming a group instead of its sub-questions gets a clear message). */
    groupExtIds: (appId: number): Promise<Set<string>> => groupExtIds(db, appId),

    /** Inserts or updates a paper by (app, code); an identical paper is left alone (updated_at stays). */
    async upsert(p: PaperWrite, now: Date): Promise<PaperWriteResult> {
      const [old] = await db
        .select()
        .from(papers)
        .where(and(eq(papers.appId, p.appId), eq(papers.code, p.code)))
        .limit(1);
      if (old && same(old, p)) return 'unchanged';
      if (old) {
        await db
          .update(papers)
          .set({ ...p, retired: false, updatedAt: now })
          .where(eq(papers.id, old.id));
        return 'updated';
      }
      await db.insert(papers).values({ ...p, createdAt: now, updatedAt: now });
      return 'added';
    },

    /** Marks retired the subject's papers whose code is not in `codes` (their file is gone); returns how many. */
    async retireOthers(appId: number, codes: string[], now: Date): Promise<number> {
      const where = codes.length
        ? and(eq(papers.appId, appId), eq(papers.retired, false), notInArray(papers.code, codes))
        : and(eq(papers.appId, appId), eq(papers.retired, false));
      const rows = await db.update(papers).set({ retired: true, updatedAt: now }).where(where).returning({ id: papers.id });
      return rows.length;
    },

    /** The subject's papers in use (not retired), optionally of one kind, by code. */
    async list(appId: number, kind?: PaperKind): Promise<ReturnType<typeof paperOf>[]> {
      const rows = await db
        .select()
        .from(papers)
        .where(and(eq(papers.appId, appId), eq(papers.retired, false), kind ? eq(papers.kind, kind) : undefined))
        .orderBy(asc(papers.code));
      return rows.map(paperOf);
    },

    /** One paper of a subject by id or code (retired ones too: a learner's past exam may point at one); undefined if none. */
    async get(appId: number, which: { id: number } | { code: string }): Promise<ReturnType<typeof paperOf> | undefined> {
      const [row] = await db
        .select()
        .from(papers)
        .where(and(eq(papers.appId, appId), 'id' in which ? eq(papers.id, which.id) : eq(papers.code, which.code)))
        .limit(1);
      return row ? paperOf(row) : undefined;
    },
  };
}
