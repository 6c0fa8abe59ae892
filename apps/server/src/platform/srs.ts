import { fsrs, Rating, type Card, type Grade, type State } from 'ts-fsrs';

/**
 * The one FSRS scheduler of the app (docs/book.md): the wrong-answer book and the 速记 cards review with it.
 * ts-fsrs defaults (FSRS-6 weights, request_retention 0.9, maximum_interval 36500 days, short-term steps on:
 * learning 1m/10m, relearning 10m) with fuzz off, so the same answers always give the same due times.
 */
export const FSRS_PARAMS = { enable_fuzz: false } as const;
const scheduler = fsrs(FSRS_PARAMS);

export { Rating, type Grade };

/** A card's schedule as the tables store it (columns named as in book_items and card_states). */
export interface SrsCard {
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
  state: number;
  lastReview: Date | null;
}

/** One review of `row` graded `grade` at `at` (never before its last review: answers may arrive out of order). */
export function review(row: SrsCard, at: Date, grade: Grade): SrsCard {
  const card: Card = {
    due: row.due,
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsedDays,
    scheduled_days: row.scheduledDays,
    learning_steps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state as State,
    last_review: row.lastReview ?? undefined,
  };
  const when = row.lastReview && row.lastReview > at ? row.lastReview : at;
  const next = scheduler.next(card, when, grade).card;
  return {
    due: next.due,
    stability: next.stability,
    difficulty: next.difficulty,
    elapsedDays: next.elapsed_days,
    scheduledDays: next.scheduled_days,
    learningSteps: next.learning_steps,
    reps: next.reps,
    lapses: next.lapses,
    state: next.state,
    lastReview: next.last_review ?? when,
  };
}

/** A card never reviewed, due now. */
export const newCard = (now: Date): SrsCard => ({
  due: now,
  stability: 0,
  difficulty: 0,
  elapsedDays: 0,
  scheduledDays: 0,
  learningSteps: 0,
  reps: 0,
  lapses: 0,
  state: 0,
  lastReview: null,
});
