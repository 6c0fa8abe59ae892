import { useEffect, useRef, useState, type TouchEvent } from 'react';
import { onOutboxChange, pendingCount } from '../../../lib/outbox/practice';
import type { PracticeGroup, PracticeQuestion } from '../../../entities/practice/api';
import type { QuestionSet, SetQuestion } from '../../../entities/practice/sources';
import { optionsOf, type Answered } from '../question-view';

/** The practice player's pieces without markup: where it opens, the book hint, timers, the outbox count, gestures. */

export type FontSize = 'small' | 'medium' | 'large';
export const FONT_LABELS: Record<FontSize, string> = { small: '小', medium: '中', large: '大' };
export const FONT_ORDER: FontSize[] = ['small', 'medium', 'large'];

/** The first question without a reply (so a reload continues where the learner was), else the first. */
export function startIndex(list: readonly PracticeQuestion[]): number {
  const i = list.findIndex((q) => q.last === null);
  return i < 0 ? 0 : i;
}

/** Where the player opens: in recite mode at the remembered recite point, else the first unanswered. */
export function openingIndex(set: QuestionSet, recite: boolean): number {
  if (recite && set.recitePoint !== null) {
    const i = set.list.findIndex((q) => q.allTestID === set.recitePoint);
    if (i >= 0) return i;
  }
  return startIndex(set.list);
}

/** Quiet wait before the recite point is sent (the learner may flick through several questions). */
export const RECITE_DEBOUNCE_MS = 1500;
export const PERSIST_DEBOUNCE_MS = 800;
export const REMOVE_CONFIRM = '确定将本题移出错题本吗？再次答错时会重新加入。';

/** The wrong-answer book hint after answering in the book's sources. */
export function bookHint(q: SetQuestion, a: Answered, clearAfter: number, inBook: boolean | undefined): string {
  if (inBook === false) return '已移出错题本';
  const left = clearAfter - (q.book?.rightStreak ?? 0) - 1;
  if (!a.right) return `${inBook ? '仍在错题本中，' : ''}连续答对${clearAfter}次后移出错题本`;
  if (inBook) return left > 0 ? `仍在错题本中，再答对${left}次移出错题本` : '仍在错题本中';
  return left > 0 ? `再答对${left}次移出错题本` : '同步后将移出错题本';
}

export const fromLast = (list: readonly PracticeQuestion[]): Map<number, Answered> =>
  new Map(list.flatMap((q) => (q.last ? [[q.allTestID, { reply: q.last.lastUserReply, right: q.last.right, score: q.last.score }] as const] : [])));

/** Seconds spent on the current question; stops once answered. */
export function useQuestionTimer(key: number, running: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => setSeconds(0), [key]);
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => clearInterval(t);
  }, [running, key]);
  return seconds;
}

export function usePending(): number {
  const [n, setN] = useState(0);
  useEffect(() => {
    let live = true;
    void pendingCount()
      .then((c) => live && setN(c))
      .catch(() => undefined);
    const off = onOutboxChange((c) => setN(c));
    return () => {
      live = false;
      off();
    };
  }, []);
  return n;
}

/** Numbers (1-based) of the questions without an answer. */
export const unansweredNumbers = (list: readonly PracticeQuestion[], answers: ReadonlyMap<number, Answered>): number[] =>
  list.flatMap((q, i) => (answers.has(q.allTestID) ? [] : [i + 1]));

export const clock = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

/** Keyboard (←/→ previous/next, A–E or further letters pick an option) and swipe left/right for the player. */
export function usePlayerGestures({
  go,
  index,
  pick,
  q,
  groups,
  blocked,
}: {
  go: (i: number) => void;
  index: number;
  pick: (key: string) => void;
  q: SetQuestion | undefined;
  groups: ReadonlyMap<number, PracticeGroup>;
  blocked: boolean;
}) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (blocked || e.altKey || e.ctrlKey || e.metaKey || (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA'))) return;
      if (e.key === 'ArrowLeft') go(index - 1);
      else if (e.key === 'ArrowRight') go(index + 1);
      else if (q && /^[a-j]$/i.test(e.key) && q.childTableName !== 'FILL') {
        const key = e.key.toUpperCase();
        if (optionsOf(q, groups.get(q.childTableID)).some((o) => o.key === key)) pick(key);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, index, pick, q, groups, blocked]);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const onTouchStart = (e: TouchEvent) => {
    const t = e.touches[0];
    touch.current = t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touch.current;
    const t = e.changedTouches[0];
    touch.current = null;
    if (!start || !t) return;
    const dx = t.clientX - start.x;
    const dy = t.clientY - start.y;
    if (Math.abs(dx) > 60 && Math.abs(dx) > Math.abs(dy) * 1.5) go(dx < 0 ? index + 1 : index - 1);
  };
  return { onTouchStart, onTouchEnd };
}
