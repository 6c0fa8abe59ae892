import { QUESTION_TYPE_NAMES, TF_OPTIONS, parseMarkup, shownAnswer, type StudyQuestion } from '@kaoshi/contract';
import type { StudyGroup } from './api';

/** How the study screens show a question: its type, plain text, highlighted keywords, options and answer; times and durations. */

export const typeName = (q: Pick<StudyQuestion, 'childTableName'>): string => QUESTION_TYPE_NAMES[q.childTableName];

/** Question text as plain text: key points as their words, images as '[图]'. */
export const plainText = (text: string): string =>
  parseMarkup(text)
    .map((p) => (p.kind === 'image' ? '[图]' : p.text))
    .join('');

export interface HighlightPart {
  text: string;
  hit: boolean;
}

/**
 * Splits plain text around every (case-insensitive) occurrence of the keyword, or of any of several words (全局搜索's
 * searchTerms), for <mark>: from left to right, the earliest match first, the longest of those starting together.
 */
export function highlight(text: string, keyword: string | readonly string[]): HighlightPart[] {
  const words = (typeof keyword === 'string' ? [keyword] : keyword).map((w) => w.trim().toLowerCase()).filter(Boolean);
  if (words.length === 0) return [{ text, hit: false }];
  const parts: HighlightPart[] = [];
  const lower = text.toLowerCase();
  let at = 0;
  for (;;) {
    let start = -1;
    let length = 0;
    for (const w of words) {
      const i = lower.indexOf(w, at);
      if (i >= 0 && (start < 0 || i < start || (i === start && w.length > length))) [start, length] = [i, w.length];
    }
    if (start < 0) break;
    if (start > at) parts.push({ text: text.slice(at, start), hit: false });
    parts.push({ text: text.slice(start, start + length), hit: true });
    at = start + length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), hit: false });
  return parts;
}

/**
 * The part of a question to show for a search: the stem when it holds the words, else the first option,
 * explanation or knowledge point that does (cut around the match), else the stem.
 */
export function matchExcerpt(q: StudyQuestion, keyword: string, width = 60): { where: string; text: string } {
  const k = keyword.trim().toLowerCase();
  const stem = plainText(q.stem);
  if (!k || stem.toLowerCase().includes(k)) return { where: '', text: stem };
  const candidates: [string, string][] = [
    ...q.options.map((o): [string, string] => [`选项${o.key}`, plainText(o.text)]),
    ['解析', plainText(q.explanation)],
    ...q.points.map((p): [string, string] => ['考点', p]),
  ];
  for (const [where, text] of candidates) {
    const i = text.toLowerCase().indexOf(k);
    if (i < 0) continue;
    const start = Math.max(0, i - Math.floor(width / 3));
    const cut = text.slice(start, start + width);
    return { where, text: `${start > 0 ? '…' : ''}${cut}${start + width < text.length ? '…' : ''}` };
  }
  return { where: '', text: stem };
}

/** The options a question is answered with: its own, the group's (B1) or the true/false pair. */
export function optionsFor(q: StudyQuestion, group: StudyGroup | null | undefined): { key: string; text: string }[] {
  if (q.childTableName === 'TF') return q.options.length > 0 ? q.options : [...TF_OPTIONS];
  if (q.childTableName === 'B1') return group?.options ?? q.options;
  return q.options;
}

/** The correct answer as shown: keys ('ACD') or the canonical text of a FILL question. */
export const answerOf = (q: Pick<StudyQuestion, 'childTableName' | 'answer'>): string => shownAnswer(q);

const two = (n: number) => String(n).padStart(2, '0');
const dayStart = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/** A time for display: '今天 14:30', '明天 08:00', '昨天 …', '3月5日 09:00' (another year: '2025年3月5日'). */
export function formatTime(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const hm = `${two(d.getHours())}:${two(d.getMinutes())}`;
  const days = Math.round((dayStart(d) - dayStart(now)) / 86_400_000);
  if (days === 0) return `今天 ${hm}`;
  if (days === 1) return `明天 ${hm}`;
  if (days === -1) return `昨天 ${hm}`;
  const md = `${d.getMonth() + 1}月${d.getDate()}日`;
  return d.getFullYear() === now.getFullYear() ? `${md} ${hm}` : `${d.getFullYear()}年${md}`;
}

/** When a wrong-answer book item comes back, in plain words: '该复习了' or when to review it. */
export const dueText = (iso: string, now: Date = new Date()): string => (new Date(iso).getTime() <= now.getTime() ? '该复习了' : `${formatTime(iso, now)} 复习`);

/** Seconds as '2小时5分', '12分钟', '不到1分钟'. */
export function formatDuration(seconds: number): string {
  const min = Math.floor(seconds / 60);
  if (min < 1) return seconds > 0 ? '不到1分钟' : '0分钟';
  if (min < 60) return `${min}分钟`;
  const h = Math.floor(min / 60);
  return min % 60 ? `${h}小时${min % 60}分` : `${h}小时`;
}
