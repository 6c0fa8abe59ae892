import type { weekRankRow } from '@kaoshi/contract';
import type { z } from 'zod';

/** The weekly ranking's places and masked names (docs/plan.md "The weekly ranking"). Pure. */

export type WeekRankRow = z.infer<typeof weekRankRow>;

export interface RankInput {
  userId: number;
  /** Questions answered right this week and never before. */
  gained: number;
  /** When the learner reached `gained` (ms): within a tie, the earlier first. */
  reachedAt: number;
  /** The masked name (maskName). */
  name: string;
}

/**
 * A learner's name as others see it: the nickname's first character + '**'; else the phone's first 3 and last
 * 4 digits around '****' (13912345678 → 139****5678); else '学员' + the last 2 digits of the user id. The
 * nickname registration gives ('学员' + the phone's last 4 digits) counts as none: '学**' would name nobody.
 */
export const DEFAULT_NICKNAME = /^学员\d{4}$/;

export const maskName = (nickName: string | null, phone: string | null, userId: number): string => {
  const nick = nickName?.trim() ?? '';
  if (nick && !DEFAULT_NICKNAME.test(nick)) return `${Array.from(nick)[0]}**`;
  const digits = phone?.replace(/\D/g, '') ?? '';
  if (digits.length >= 7) return `${digits.slice(0, 3)}****${digits.slice(-4)}`;
  return `学员${String(Math.abs(userId) % 100).padStart(2, '0')}`;
};

/**
 * Ranks the rows with something gained: more gained first; ties share a place (1, 1, 3) and list the earlier to
 * reach it first (then the smaller user id). `list` is the top `size`; `me` is my row wherever it stands (null
 * when I gained nothing this week).
 */
export const rankRows = (rows: readonly RankInput[], me: number, size: number): { list: WeekRankRow[]; me: WeekRankRow | null } => {
  const ranked = rows.filter((r) => r.gained > 0).sort((a, b) => b.gained - a.gained || a.reachedAt - b.reachedAt || a.userId - b.userId);
  const all: WeekRankRow[] = [];
  ranked.forEach((r, i) => {
    const previous = all[i - 1];
    const rank = previous && ranked[i - 1]!.gained === r.gained ? previous.rank : i + 1;
    all.push({ rank, name: r.name, gained: r.gained, me: r.userId === me });
  });
  return { list: all.slice(0, Math.max(0, size)), me: all.find((row) => row.me) ?? null };
};
