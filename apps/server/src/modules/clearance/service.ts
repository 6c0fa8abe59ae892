import { CLEARANCE_MODE_OF, CLEARANCE_MSG, LEVEL_PASS_RATE, testMode, type ClearanceKind } from '@kaoshi/contract';
import { randomUUID } from 'node:crypto';
import type { ExamSessionRow } from '../../db/schema/index.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import { drawSections, type Blueprint } from '../papers/index.ts';
import type { ExamService } from '../exam/index.ts';
import { chapterLadder, inBand, levelKey, randomLadder, withStates, type LevelAttempt, type LevelDef } from './levels.ts';
import type { ClearanceStore } from './store.ts';

/** A ranked draw: no per-type quotas, units taken in rank order (after the seeded shuffle); sections by type. */
export const RANKED: Blueprint = { types: [], secondsPerQuestion: 60, count: 0 };

/** Share right of a handed-in session: right answers over its questions. */
export function shareRight(s: Pick<ExamSessionRow, 'sections' | 'result'>): number {
  const n = s.sections.reduce((k, sec) => k + sec.questions.length, 0);
  return n > 0 && s.result ? s.result.right / n : 0;
}

/** 闯关提分 (docs/clearance-grabpoint.md): ladders of levels, each attempt a practice session of the exam engine. */
export function createClearanceService(deps: { store: ClearanceStore; exams: Pick<ExamService, 'startSet'> }) {
  const { store, exams } = deps;

  async function ladder(appId: number, kind: ClearanceKind): Promise<LevelDef[]> {
    return kind === 'chapter' ? chapterLadder(await store.chapters(appId)) : randomLadder(await store.bankSize(appId));
  }

  /** The ladder with the learner's states, read from the sessions of its TEST_MODES row (abandoned ones left out). */
  async function levels(userId: number, appId: number, kind: ClearanceKind) {
    const [defs, rows] = await Promise.all([ladder(appId, kind), store.attempts(userId, appId, CLEARANCE_MODE_OF[kind])]);
    const prefix = levelKey(kind, 0).slice(0, -1);
    const attempts: LevelAttempt[] = rows.flatMap((r) => {
      const levelID = r.sourceKey.startsWith(prefix) ? Number(r.sourceKey.slice(prefix.length)) : NaN;
      if (!Number.isInteger(levelID) || r.handedBy === 'abandoned') return [];
      return [{ levelID, id: r.id, open: r.status === 'open', share: r.status === 'open' ? null : shareRight(r) }];
    });
    return withStates(defs, attempts);
  }

  return {
    async levels(userId: number, appId: number, kind: ClearanceKind) {
      return { kind, list: await levels(userId, appId, kind) };
    },

    /** Starts a level (or answers its open attempt): 10 drawn questions, practice display, untimed. */
    async start(userId: number, appId: number, kind: ClearanceKind, levelID: number, restart: boolean) {
      const level = (await levels(userId, appId, kind)).find((l) => l.levelID === levelID);
      if (!level) throw notFound(CLEARANCE_MSG.unknownLevel);
      if (level.state === 'locked') throw badInput(CLEARANCE_MSG.locked);
      const row = testMode(CLEARANCE_MODE_OF[kind])!;
      return exams.startSet(
        userId,
        appId,
        {
          testMode: row.id,
          sourceKey: levelKey(kind, levelID),
          period: null,
          display: 'practice',
          build: async () => {
            const bank = await store.pool(appId, level.cptID ?? undefined);
            // Random levels: the questions of the level's band (the whole bank, band first, when the band is short).
            const band = kind === 'random' ? bank.filter((q) => inBand(level.band!, q.difficulty)) : bank;
            const pool = band.length >= level.count ? band : bank;
            const inside = new Set(band.map((q) => q.id));
            // Chapter levels: questions the learner does not answer right yet come first.
            const right =
              kind === 'chapter'
                ? await store.rightIds(
                    userId,
                    pool.map((q) => q.id),
                  )
                : new Set<number>();
            const rank = (id: number) => (right.has(id) || !inside.has(id) ? 1 : 0);
            const sections = drawSections(pool, { count: level.count, seed: randomUUID(), blueprint: RANKED, rank, score: 1 });
            const n = sections.reduce((k, sec) => k + sec.questions.length, 0);
            const name = kind === 'chapter' ? `${row.title}·第${levelID}关 ${level.title}` : `${row.title}·第${levelID}关（${level.band}）`;
            return { paperId: null, kind: 'level', name, sections, timeLimitSeconds: n * 60, passScore: Math.round(n * LEVEL_PASS_RATE * 100) / 100 };
          },
        },
        restart,
      );
    },
  };
}

export type ClearanceService = ReturnType<typeof createClearanceService>;
