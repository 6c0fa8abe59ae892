import { addQuestionReport, evaluate, reviewSettings, type Evaluation } from '@kaoshi/contract';
import { call } from '../../api/client';

/** 连续答对 N 次移出错题本: the learner's setting for every subject. */
export const saveReviewSettings = (clearAfter: number) => call(reviewSettings, { clearAfter }, { silent: true });

/** One card of 背题复习 rated (认识/模糊/忘记): the FSRS schedule of the question moves. */
export const rateCard = (appID: number, allTestID: number, status: Evaluation) => call(evaluate, { appID, allTestID, status }, { silent: true });

/** 纠错: the kinds of fault ticked and an optional description. */
export const reportQuestion = (appID: number, allTestID: number, kinds: readonly string[], content: string) =>
  call(addQuestionReport, { appID, allTestID, kinds: kinds.join(','), content: content.trim() || undefined }, { silent: true });
