import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { sourceKey } from '../../../entities/practice/source-url';
import type { QuestionSet, Source } from '../../../entities/practice/sources';
import { sessionCache } from '../../../lib/storage';

/**
 * Where the learner is in a question set, per history entry (sessionStorage 'practicePlaces'): leaving
 * the player for 纠错 or 详情 and coming back — or reloading — returns to the same history entry (same
 * router location key), so the player reopens at the question the learner left. Opening the set anew
 * (from the chapter menu, a link) is a new history entry: it starts at the first unanswered question.
 */
const MAX_PLACES = 30;

interface Place {
  /** `${location key}|${source key}` */
  k: string;
  /** The question shown. */
  id: number;
}

const read = (): Place[] => {
  const list = sessionCache.getJSON<unknown>('practicePlaces');
  return Array.isArray(list) ? list.filter((p): p is Place => typeof p?.k === 'string' && Number.isInteger(p?.id)) : [];
};

export const placeKey = (locationKey: string, sourceKey: string): string => `${locationKey}|${sourceKey}`;

/** The question the learner left in this history entry, or null. */
export function placeOf(key: string): number | null {
  return read().find((p) => p.k === key)?.id ?? null;
}

/** Keeps the question shown (newest first, at most MAX_PLACES entries). */
export function keepPlace(key: string, allTestID: number): void {
  const rest = read().filter((p) => p.k !== key);
  sessionCache.setJSON('practicePlaces', [{ k: key, id: allTestID }, ...rest].slice(0, MAX_PLACES));
}

/**
 * The player's current question index: back from 纠错/详情 or a reload opens at the question the learner
 * left in this history entry; a fresh open at `opening()` (the first unanswered, or the recite point).
 */
export function usePlace(source: Source, set: QuestionSet, opening: () => number) {
  const key = placeKey(useLocation().key, sourceKey(source));
  const state = useState(() => {
    const left = placeOf(key);
    const i = left === null ? -1 : set.list.findIndex((q) => q.allTestID === left);
    return i >= 0 ? i : opening();
  });
  const shown = set.list[state[0]]?.allTestID;
  useEffect(() => {
    if (shown !== undefined) keepPlace(key, shown);
  }, [key, shown]);
  return state;
}
