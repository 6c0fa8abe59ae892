import { STUDY_KINDS, type StudyKind } from '@kaoshi/contract';

/** The study screens' URL parameters: the list kind, ids, query strings, and each kind's name. */

export const isStudyKind = (v: string | null): v is StudyKind => v !== null && (STUDY_KINDS as readonly string[]).includes(v);

/** A positive integer id from the URL, or null. */
export function idParam(v: string | null): number | null {
  if (v === null || !/^\d{1,10}$/.test(v)) return null;
  const n = Number(v);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** A query string from pairs, leaving out empty values. */
export function qs(pairs: Record<string, string | number | undefined | null>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(pairs)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

export const KIND_NAMES: Record<StudyKind, string> = { error: '错题本', fav: '收藏', note: '笔记' };
