import type { PlanTaskKind } from '@kaoshi/contract';
import { chinaDay } from '../../lib/china-time';

/** Days and labels of the plan's screens. Days are China days 'YYYY-MM-DD' (UTC+8, no DST), as the server's. */

const DAY_MS = 86_400_000;

/** Today in China. */
export const chinaToday = (now: number = Date.now()): string => chinaDay(now);

export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** to − from, in days. */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** '2026-11-26' → '11月26日'. */
export const shortDay = (day: string): string => `${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日`;

/** '2026-11-26' → '11/26' (narrow places: the stage map). */
export const slashDay = (day: string): string => `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}`;

/** A day as the wheel picker's Date (local midnight of that calendar day). */
export const dayAsDate = (day: string): Date => new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));

/** 'HH:mm' as the wheel picker's Date. */
export const timeAsDate = (hhmm: string): Date => new Date(2000, 0, 1, Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5)));

/** Each kind of task: its glyph, its label and the word of its go button. */
export const KIND: Record<PlanTaskKind, { glyph: string; label: string; go: string }> = {
  chapter: { glyph: '✎', label: '章节练习', go: '去练习' },
  lesson: { glyph: '▶', label: '视频课程', go: '去学习' },
  handout: { glyph: '▤', label: '讲义阅读', go: '去阅读' },
  review: { glyph: '↻', label: '错题复习', go: '去复习' },
  paper: { glyph: '✍', label: '模拟考试', go: '去考试' },
};
