import type { PlanTaskRow } from './store.ts';

/**
 * Measuring what was done (docs/plan.md): a task is done when the work is in the learner's own records, never a
 * checkbox. Pure: the service reads the records (facts-store.ts) and writes the new done_at once.
 */

/** The learner's records the tasks are measured against (each read since the oldest `since` measured). */
export interface Records {
  now: number;
  today: string;
  /** Per question and China day answered since the oldest `since`: its current chapter and the first answer's time that day. */
  answers: readonly { questionId: number; chapterId: number; at: Date }[];
  /** Book items' last reviews since the oldest `since`, oldest first. */
  reviews: readonly Date[];
  /** Book items due by the end of today (overdue included). */
  dueNow: number;
  lessons: ReadonlyMap<number, { completedAt: Date | null }>;
  reading: ReadonlyMap<number, { percent: number; updatedAt: Date }>;
  /** Per paper: the first hand-in since the oldest `since`. */
  handed: ReadonlyMap<number, Date>;
}

export interface Measured {
  progress: number;
  done: boolean;
  doneAt: Date | null;
}

/** A handout counts as read from this share down the page. */
export const HANDOUT_READ_PERCENT = 90;

/** The tasks whose work is measured: not done and not skipped, of the current generation or of today and later. */
export function measurable(tasks: readonly PlanTaskRow[], generation: number, today: string): PlanTaskRow[] {
  return tasks.filter((t) => t.doneAt === null && t.skippedAt === null && (t.generation === generation || t.day >= today));
}

/** The oldest `since` among the measured tasks, or null when none is measured. */
export function oldestSince(tasks: readonly PlanTaskRow[]): Date | null {
  return tasks.reduce<Date | null>((min, t) => (min === null || t.since < min ? t.since : min), null);
}

/**
 * Progress of every task: done tasks keep their mark; chapter and review tasks count the work since their
 * generation's `since`, cumulatively over that generation's tasks of the same chapter (or of reviews) in day order,
 * so today's 20 questions of a chapter follow yesterday's 20 of it.
 */
export function measure(tasks: readonly PlanTaskRow[], measured: ReadonlySet<number>, r: Records): Map<number, Measured> {
  const out = new Map<number, Measured>();
  const chains = new Map<string, PlanTaskRow[]>();
  for (const t of tasks) {
    if (t.skippedAt !== null && t.doneAt === null) {
      out.set(t.id, { progress: 0, done: false, doneAt: null });
      continue;
    }
    if (t.kind === 'chapter' || t.kind === 'review') {
      const key = `${t.generation}:${t.kind}:${t.kind === 'chapter' ? t.refId : 0}`;
      chains.set(key, [...(chains.get(key) ?? []), t]);
      continue;
    }
    if (t.doneAt !== null || !measured.has(t.id)) {
      out.set(t.id, t.doneAt !== null ? { progress: t.target, done: true, doneAt: t.doneAt } : { progress: 0, done: false, doneAt: null });
      continue;
    }
    out.set(t.id, single(t, r));
  }
  for (const chain of chains.values()) {
    const first = chain[0]!;
    const since = first.since.getTime();
    const times =
      first.kind === 'chapter'
        ? r.answers
            .filter((a) => a.chapterId === first.refId && a.at.getTime() >= since)
            .map((a) => a.at.getTime())
            .sort((a, b) => a - b)
        : r.reviews.map((d) => d.getTime()).filter((at) => at >= since);
    let before = 0;
    for (const t of chain) {
      if (t.doneAt !== null) out.set(t.id, { progress: t.target, done: true, doneAt: t.doneAt });
      else if (!measured.has(t.id)) out.set(t.id, { progress: 0, done: false, doneAt: null });
      else {
        const reached = before + t.target;
        const progress = Math.max(0, Math.min(t.target, times.length - before));
        if (times.length >= reached) out.set(t.id, { progress: t.target, done: true, doneAt: new Date(times[reached - 1]!) });
        else if (t.kind === 'review' && r.dueNow === 0 && t.day <= r.today) out.set(t.id, { progress: t.target, done: true, doneAt: new Date(r.now) });
        else out.set(t.id, { progress, done: false, doneAt: null });
      }
      before += t.target;
    }
  }
  return out;
}

function single(t: PlanTaskRow, r: Records): Measured {
  const none = { progress: 0, done: false, doneAt: null };
  if (t.kind === 'lesson') {
    const at = r.lessons.get(t.refId)?.completedAt ?? null;
    return at ? { progress: 1, done: true, doneAt: at } : none;
  }
  if (t.kind === 'handout') {
    const p = r.reading.get(t.refId);
    return p && p.percent >= HANDOUT_READ_PERCENT ? { progress: 1, done: true, doneAt: p.updatedAt } : none;
  }
  const at = r.handed.get(t.refId);
  return at && at.getTime() >= t.since.getTime() ? { progress: 1, done: true, doneAt: at } : none;
}
