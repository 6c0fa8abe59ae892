import type { Tx } from '../../db/index.ts';

/** A stored answer as the wrong-answer book sees it. */
export interface StoredAnswer {
  userId: number;
  appId: number;
  questionId: number;
  right: boolean;
  at: Date;
}

/** What the wrong-answer book offers practice and the exam engine: it is fed by every newly stored answer. */
export interface BookHooks {
  /** Runs inside the answer's transaction, once per stored answer (never for a replay); says whether the question is in the book afterwards. */
  onAnswerStored(tx: Tx, answer: StoredAnswer): Promise<boolean>;
  /** The same for many newly stored answers of one learner and subject (an exam's hand-in), in a few statements. */
  onAnswersStored(tx: Tx, userId: number, appId: number, answers: { questionId: number; right: boolean; at: Date }[]): Promise<void>;
  /** Whether the question is in the learner's book now. */
  inBook(userId: number, questionId: number): Promise<boolean>;
}
