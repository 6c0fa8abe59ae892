import { CATALOG_MSG, CLEARANCE_MSG, EXAM_GRACE_SECONDS, GRAB_POINT_MODULE, GRAB_ROUND_SECONDS, GRAB_ROUND_SIZE, paperTotal, testMode, type QuestionType } from '@kaoshi/contract';
import { randomUUID } from 'node:crypto';
import type { ExamResultJson } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import { RANKED } from '../clearance/index.ts';
import type { EntitlementService } from '../entitlement/index.ts';
import { drawSections } from '../papers/index.ts';
import { hotCount, pointHeat } from '../questions/index.ts';
import { DRAWN_PASS_SHARE, type ExamService } from '../exam/index.ts';
import type { GrabPointStore } from './store.ts';

/** The TEST_MODES row of a round, and the source key of its sessions: one open round per learner and subject. */
export const GRAB_MODE = 'grabPoint';
export const GRAB_SOURCE = 'round:grabPoint';

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

export interface PointStat {
  id: number;
  code: string;
  name: string;
  total: number;
  years: number;
  right: number;
}

/**
 * Hot points (test-modes.md §1.7): heat = questions with a past-exam year + 100 × the point's share of the bank;
 * the top 20 % by heat (then code), at least 5 (all when the subject has fewer).
 */
export function hotPoints(stats: readonly PointStat[], bankSize: number): PointStat[] {
  const heat = (p: PointStat) => pointHeat(p.years, p.total / Math.max(1, bankSize));
  const n = hotCount(stats.length);
  return [...stats].sort((a, b) => heat(b) - heat(a) || a.code.localeCompare(b.code)).slice(0, n);
}

/** Hot points with questions still to grab, weakest mastery first (then the more examined, then code). */
export function missingPoints(hot: readonly PointStat[]) {
  return hot
    .filter((p) => p.total > p.right)
    .sort((a, b) => a.right / a.total - b.right / b.total || b.total - a.total || a.code.localeCompare(b.code))
    .map((p) => ({ point: p.id, name: p.name, missing: p.total - p.right, total: p.total, mastery: round4(p.right / p.total) }));
}

/** '本轮抢回 x 分': the marks of the questions answered right in a handed-in round. */
export function gainOf(result: Pick<ExamResultJson, 'items'>): number {
  return Math.round(result.items.reduce((n, it) => n + (it.right ? it.full : 0), 0) * 100) / 100;
}

/** 考前抢分 (docs/clearance-grabpoint.md): 5-minute practice rounds on the hot points the learner still misses. */
export function createGrabPointService(deps: { store: GrabPointStore; entitlements: EntitlementService; exams: Pick<ExamService, 'startSet'>; clock: Clock }) {
  const { store, exams, entitlements, clock } = deps;

  async function weakHotPoints(userId: number, appId: number) {
    const [stats, bank] = await Promise.all([store.pointStats(userId, appId), store.bankSize(appId)]);
    return missingPoints(hotPoints(stats, bank));
  }

  return {
    /** The product page and the round list: answered to holders and non-holders alike (allowed, unlocking). */
    async info(userId: number, appId: number) {
      const d = await entitlements.decide(userId, appId, { moduleId: GRAB_POINT_MODULE });
      if (d.reason === 'unknown-subject') throw notFound(CATALOG_MSG.unknownSubject);
      const [points, rounds] = await Promise.all([weakHotPoints(userId, appId), store.rounds(userId, appId, GRAB_MODE)]);
      const handed = rounds.filter((r) => r.status === 'handed' && r.handedBy !== 'abandoned' && r.result && r.handedAt);
      const last = handed[0];
      // An open round past its deadline is handed in by the next call that touches it (or the sweep): not "open" any more.
      const cutoff = clock() - (GRAB_ROUND_SECONDS + EXAM_GRACE_SECONDS) * 1000;
      const open = rounds.find((r) => r.status === 'open' && r.startedAt.getTime() > cutoff);
      return {
        points,
        missingTotal: points.reduce((n, p) => n + p.missing, 0),
        rounds: handed.length,
        open: open?.id ?? null,
        last: last
          ? {
              examHistoryID: last.id,
              gained: gainOf(last.result!),
              right: last.result!.right,
              total: last.result!.items.length,
              handedAt: last.handedAt!.toISOString(),
            }
          : null,
        allowed: d.allowed,
        unlocking: d.allowed ? [] : d.unlockingVersions,
      };
    },

    /** Starts a round (or answers the open one): 10 questions of the weakest hot points, practice display, 300 s. */
    async start(userId: number, appId: number) {
      const row = testMode(GRAB_MODE)!;
      return exams.startSet(
        userId,
        appId,
        {
          testMode: row.id,
          sourceKey: GRAB_SOURCE,
          period: null,
          display: 'practice',
          timed: true,
          build: async () => {
            const [points, rounds, template] = await Promise.all([weakHotPoints(userId, appId), store.rounds(userId, appId, GRAB_MODE), store.templatePaper(appId)]);
            const order = new Map(points.map((p, i) => [p.point, i]));
            const rankOf = new Map<number, number>();
            const pool = [];
            for (const q of await store.missing(userId, appId, [...order.keys()])) {
              const r = order.get(q.pointId)!;
              if (!rankOf.has(q.id)) pool.push(q);
              rankOf.set(q.id, Math.min(r, rankOf.get(q.id) ?? r));
            }
            if (pool.length === 0) throw notFound(CLEARANCE_MSG.nothingToGrab);
            const scoreOf = new Map<QuestionType, number>();
            for (const sec of template?.sections ?? []) if (!scoreOf.has(sec.type)) scoreOf.set(sec.type, sec.score);
            const sections = drawSections(pool, { count: GRAB_ROUND_SIZE, seed: randomUUID(), blueprint: RANKED, rank: (id) => rankOf.get(id) ?? 0 }).map((sec) => ({
              ...sec,
              score: scoreOf.get(sec.type) ?? 1,
            }));
            const played = rounds.filter((r) => r.status === 'handed' && r.handedBy !== 'abandoned').length;
            return {
              paperId: null,
              kind: 'round',
              name: `${row.title}·第${played + 1}轮`,
              sections,
              timeLimitSeconds: GRAB_ROUND_SECONDS,
              passScore: Math.ceil(paperTotal({ sections }) * DRAWN_PASS_SHARE),
            };
          },
        },
        false,
      );
    },
  };
}

export type GrabPointService = ReturnType<typeof createGrabPointService>;
