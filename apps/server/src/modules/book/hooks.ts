import type { Tx } from '../../db/index.ts';
import type { AnswerBook } from '../practice/index.ts';

/** Newly stored answers of one learner and subject (one graded sheet). */
export interface AnswersOfOne {
  userId: number;
  appId: number;
  answers: readonly { questionId: number; right: boolean; at: Date }[];
}

/**
 * What the wrong-answer book offers practice (connected through practice's links) and the exam engine: it is fed
 * by every newly stored answer.
 */
export interface BookHooks extends AnswerBook {
  /** The same for the newly stored answers of many sheets (a grading batch of exam hand-ins), in a few statements. */
  onAnswersStored(tx: Tx, sheets: readonly AnswersOfOne[]): Promise<void>;
}
