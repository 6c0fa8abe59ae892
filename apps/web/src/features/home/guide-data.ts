import { queryOptions } from '@tanstack/react-query';
import { guidePage } from '@kaoshi/contract';
import { call } from '../../api/client';
import { currentAgentCode } from '../../lib/agent';

/** A guide page: 'introduce' (a subject's exam introduction) or 'guidance' (how to use the app, per tenant). */
export const guidePageQuery = (kind: 'introduce' | 'guidance', appID?: number) =>
  queryOptions({
    queryKey: ['guide', kind, appID ?? null],
    queryFn: () => call(guidePage, { kind, appID, agentCode: currentAgentCode() }, { silent: true }),
    staleTime: 10 * 60_000,
  });
