import { queryOptions } from '@tanstack/react-query';
import { aiLast, aiNext, tipsPointsGrade, tipsPointsList, type CardGrade, type DataOf } from '@kaoshi/contract';
import { call } from '../../api/client';

/**
 * Data of the AI screens (docs/ai-practice.md): query options for contract calls/ai.ts and the small pure
 * helpers the screens share. Every call is silent: the screens show a 403 as the buy prompt and other errors
 * inline with '重试'.
 */

export type AiRound = DataOf<typeof aiNext>;
export type AiReasonRow = AiRound['reasons'][number];
export type LastRound = NonNullable<DataOf<typeof aiLast>['last']>;
export type TipsPointRow = NonNullable<DataOf<typeof tipsPointsList>['list']>[number];
export type CardRow = NonNullable<DataOf<typeof tipsPointsList>['cards']>[number];

export const aiKeys = {
  next: (appID: number) => ['ai', 'next', appID] as const,
  last: (appID: number) => ['ai', 'last', appID] as const,
  tips: (appID: number, cptID: number | undefined) => ['ai', 'tips', appID, cptID ?? 0] as const,
  cards: (appID: number) => ['ai', 'cards', appID] as const,
};

const silent = { silent: true } as const;

/** The learner's round: the open one or a new one. Asked again on every visit (a finished round gives way to the next). */
export const nextRoundQuery = (appID: number) =>
  queryOptions({ queryKey: aiKeys.next(appID), queryFn: () => call(aiNext, { appID }, silent), retry: false, staleTime: 0, refetchOnWindowFocus: false });

export const lastRoundQuery = (appID: number) =>
  queryOptions({
    queryKey: aiKeys.last(appID),
    queryFn: async () => (await call(aiLast, { appID }, silent)).last,
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

/** Tips points (exam type 40): the hot points, or every point of a chapter. */
export const tipsQuery = (appID: number, cptID?: number) =>
  queryOptions({
    queryKey: aiKeys.tips(appID, cptID),
    queryFn: async () => (await call(tipsPointsList, { appID, examType: 40, cptID }, silent)).list ?? [],
    retry: false,
    staleTime: 0,
  });

/** Point cards (exam type 48) in the server's order; kept while the learner goes through them (grading does not reorder). */
export const cardsQuery = (appID: number) =>
  queryOptions({
    queryKey: aiKeys.cards(appID),
    queryFn: async () => (await call(tipsPointsList, { appID, examType: 48 }, silent)).cards ?? [],
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const gradeCard = (appID: number, point: number, grade: CardGrade) => call(tipsPointsGrade, { appID, point, grade }, silent);

/** A share as a whole percent: 0.456 → '46%'. */
export const pct = (x: number): string => `${Math.round(x * 100)}%`;

/** A mastery change in percentage points: '+12%', '−5%', '±0'. */
export function delta(before: number, after: number): string {
  const d = Math.round(after * 100) - Math.round(before * 100);
  return d > 0 ? `+${d}%` : d < 0 ? `−${-d}%` : '±0';
}

/** The questions a 重点考点测试 draws: 20 of the point, all when fewer (TEST_MODES focalPointTest). */
export const focalCount = (total: number, count: number) => Math.min(total, count);

/** How many questions of the open round already have a reply. */
export const answeredIn = (round: Pick<AiRound, 'session'>): number => Object.keys(round.session.replies).length;

/** The stem of a round's question (for the reasons list), or ''. */
export function stemOf(round: Pick<AiRound, 'session'>, allTestID: number): string {
  return round.session.list.find((q) => q.allTestID === allTestID)?.stem ?? '';
}

/** Tally of this visit's grades. */
export type Tally = Record<CardGrade, number>;
export const emptyTally = (): Tally => ({ know: 0, vague: 0, forgot: 0 });
