import { WEEK_RANK_SIZE } from '@kaoshi/contract';
import type { Memo } from '../../platform/cache/memo.ts';
import type { Clock } from '../../platform/clock.ts';
import { addDays, chinaDay, chinaDayStart, isoWeekOf } from '../../platform/china-time.ts';
import { maskName, rankRows, type RankInput } from './rank.ts';
import type { PlanStore } from './store.ts';

/** The ranking's rows of a subject and week are held this long (the same for every process: read from the database). */
export const WEEK_RANK_CACHE_MS = 60_000;

/**
 * weekrank (docs/plan.md "The weekly ranking"): this ISO week of China time, one query per subject and week, held
 * WEEK_RANK_CACHE_MS with masked names only; my place is picked from the held rows per call.
 */
export function createWeekRank(d: { store: PlanStore; memo: Memo<string, RankInput[]>; clock: Clock }) {
  return async (userId: number, appId: number) => {
    const { week, from, to } = isoWeekOf(chinaDay(d.clock()));
    const rows = await d.memo.get(`${appId}:${week}`, async () =>
      (await d.store.weekRows(appId, new Date(chinaDayStart(from)), new Date(chinaDayStart(addDays(to, 1))))).map((r) => ({
        userId: r.userId,
        gained: r.gained,
        reachedAt: r.reachedAt,
        name: maskName(r.nickName, r.phone, r.userId),
      })),
    );
    const ranked = rankRows(rows, userId, WEEK_RANK_SIZE);
    return { week, from, to, list: ranked.list, me: ranked.me };
  };
}
