import { FEEDBACK_ANSWER_MAX, type FeedbackStatus } from '@kaoshi/contract';
import type { Database } from '../../db/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { messagePoster } from '../message/index.ts';
import { answerMessage } from './service.ts';
import { createFeedbackStore, type FeedbackRow } from './store.ts';

export type AnswerOutcome = { answered: FeedbackRow } | { refused: 'unknown' | 'closed' | 'empty' | 'too long' };

/**
 * The operator's side of product feedback (the `npm run feedback` command, and the journeys' test hook): list,
 * answer — which writes the learner a message of kind 'feedback' linking to /feedbackAnswer?id= — and close.
 */
export function createFeedbackOperator(db: Database, clock: Clock) {
  const store = createFeedbackStore(db);
  const postMessage = messagePoster(db, clock);
  return {
    list: (status: FeedbackStatus | null) => store.forOperator(status),

    /** Answers (or re-answers) a feedback that is not closed, and tells the learner; a new answer is a new message. */
    async answer(id: number, text: string, by: string): Promise<AnswerOutcome> {
      const answer = text.trim();
      if (!answer) return { refused: 'empty' };
      if (answer.length > FEEDBACK_ANSWER_MAX) return { refused: 'too long' };
      const row = await store.answer(id, answer, by, new Date(clock()));
      if (!row) return { refused: (await store.byId(id)) ? 'closed' : 'unknown' };
      await postMessage(row.userId, answerMessage(row));
      return { answered: row };
    },

    close: (id: number) => store.close(id),
  };
}

export type FeedbackOperator = ReturnType<typeof createFeedbackOperator>;
