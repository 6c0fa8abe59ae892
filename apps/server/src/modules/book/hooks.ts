import type { Tx } from '../../db/index.ts';
import type { AnswerBook } from '../practice/index.ts';

/**
 * What the wrong-answer book offers practice (connected through practice's links) and the exam engine: it is fed
 * by every newly stored answer.
 */
export interface BookHooks extends AnswerBook {
  /** The same for many newly stored answers of one learner and subject (an exam's hand-in), in a few statements. */
  onAnswersStored(tx: Tx, userId: number, appId: number, answers: { questionId: number; right: boolean; at: Date }[]): Promise<void>;
}
