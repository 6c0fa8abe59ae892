import { queryOptions } from '@tanstack/react-query';
import { grabPointInfo, grabPointStart, type DataOf } from '@kaoshi/contract';
import { call } from '../../api/client';

/**
 * Data of /grabPoint (docs/clearance-grabpoint.md): the info (answered to holders and non-holders: the product
 * page needs it) and starting a round. Silent calls: the screen shows errors itself.
 */

export type GrabInfo = DataOf<typeof grabPointInfo>;

export const grabInfoQuery = (appID: number) =>
  queryOptions({
    queryKey: ['grabPoint', 'info', appID] as const,
    queryFn: () => call(grabPointInfo, { appID }, { silent: true }),
    retry: false,
    // A round just handed in changes everything on the page: read again on every visit.
    staleTime: 0,
  });

export const startRound = (appID: number) => call(grabPointStart, { appID }, { silent: true });

/** Marks for display: 2 → '2', 1.5 → '1.5'. */
export const marks = (n: number): string => String(Math.round(n * 100) / 100);

/** A share as a whole percent: 0.456 → '46%'. */
export const pct = (x: number): string => `${Math.round(x * 100)}%`;
