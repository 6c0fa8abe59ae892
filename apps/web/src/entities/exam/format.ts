import { QUESTION_TYPE_NAMES, type QuestionType } from '@kaoshi/contract';

/** How the exam screens write marks, durations, dates and question types. */

/** Marks for display: 59 → '59', 59.5 → '59.5', 7.333 → '7.33' (case-analysis deductions give thirds). */
export const marks = (n: number): string => String(Math.round(n * 100) / 100);

/** Seconds as '1小时05分20秒', '12分30秒', '45秒'. */
export function formatUsed(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${h}小时${two(m)}分${two(sec)}秒`;
  if (m > 0) return `${m}分${two(sec)}秒`;
  return `${sec}秒`;
}

/** A time limit: 5400 → '90分钟'. */
export const formatLimit = (seconds: number): string => `${Math.round(seconds / 60)}分钟`;

/** Local date and time: '2026-11-21 14:05'. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** Short date for the chart axis: '11-21'. */
export function shortDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getMonth() + 1}-${d.getDate()}`;
}

export const typeName = (t: QuestionType): string => QUESTION_TYPE_NAMES[t] ?? t;
