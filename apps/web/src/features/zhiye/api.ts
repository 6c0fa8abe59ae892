import { queryOptions } from '@tanstack/react-query';
import { zhiyeAnalyse, zhiyeCaseChapters, zhiyeUnits, zhiyeYears, type DataOf } from '@kaoshi/contract';
import { call } from '../../api/client';
import { getUserID } from '../../lib/session';

/** Zhiye data (docs/sprint-zhiye.md). All calls are silent: a 403 is the screen's buy prompt. staleTime 0: progress changes in the player. */

export type YearsData = DataOf<typeof zhiyeYears>;
export type AnalyseData = DataOf<typeof zhiyeAnalyse>;
export type UnitRow = DataOf<typeof zhiyeUnits>['list'][number];

const key = (name: string, appID: number) => ['zhiye', name, getUserID(), appID] as const;
const opts = { silent: true } as const;

export const unitsQuery = (appID: number) => queryOptions({ queryKey: key('units', appID), queryFn: () => call(zhiyeUnits, { appID }, opts), retry: false, staleTime: 0 });
export const yearsQuery = (appID: number) => queryOptions({ queryKey: key('years', appID), queryFn: () => call(zhiyeYears, { appID }, opts), retry: false, staleTime: 0 });
export const analyseQuery = (appID: number) => queryOptions({ queryKey: key('analyse', appID), queryFn: () => call(zhiyeAnalyse, { appID }, opts), retry: false, staleTime: 0 });
export const caseChaptersQuery = (appID: number) =>
  queryOptions({ queryKey: key('caseChapters', appID), queryFn: () => call(zhiyeCaseChapters, { appID }, opts), retry: false, staleTime: 0 });

/** What the 历年真题 pack holds, from zhiye/years: years, questions, stored past papers. */
export function packSummary(d: YearsData): { years: number; questions: number; papers: string[] } {
  return {
    years: d.list.filter((y) => y.count > 0).length,
    questions: d.list.reduce((n, y) => n + y.count, 0),
    papers: d.list.flatMap((y) => (y.paperName ? [y.paperName] : [])),
  };
}
