import { testMode } from '@kaoshi/contract';
import type { Blueprint } from './api';

/** How the exam centre's screens write a session's time, title and seat, a drawn set's marks and the best scores. */

/** Remaining time: 3725 → '62:05'; null → '不限时'. */
export function formatRemaining(seconds: number | null): string {
  if (seconds === null) return '不限时';
  const s = Math.max(0, Math.round(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** The title shown for a session's mode ('考试' when it has none). */
export const modeTitle = (id: string | null): string => (id ? (testMode(id)?.title ?? '考试') : '考试');

/** The seat number of the exam room: the last 4 digits of the session id (zero-padded). */
export const seatNo = (examHistoryID: number): string => String(examHistoryID % 10_000).padStart(4, '0');

/** Marks of a drawn set from the blueprint: one per question, pass 60 % (docs/test-modes.md §1.6). */
export function drawnFigures(bp: Pick<Blueprint, 'sections' | 'limitSeconds'>) {
  const count = bp.sections.reduce((n, s) => n + s.count, 0);
  return { count, total: count, pass: Math.ceil(count * 0.6), minutes: Math.ceil(bp.limitSeconds / 60) };
}

/** The best score per name among handed-in attempts (abandoned ones do not count). */
export function bestByName(list: readonly { name: string; score: number; total: number; handedBy: string }[]): Map<string, { score: number; total: number; attempts: number }> {
  const out = new Map<string, { score: number; total: number; attempts: number }>();
  for (const h of list) {
    if (h.handedBy === 'abandoned') continue;
    const cur = out.get(h.name);
    if (!cur) out.set(h.name, { score: h.score, total: h.total, attempts: 1 });
    else out.set(h.name, { score: Math.max(cur.score, h.score), total: cur.score >= h.score ? cur.total : h.total, attempts: cur.attempts + 1 });
  }
  return out;
}
