import { queryOptions } from '@tanstack/react-query';
import { checkUserModulesDown, getLastApp, guidePage, redDotRead } from '@kaoshi/contract';
import { call } from '../../api/client';
import { currentAgentCode } from '../../lib/agent';

/** A guide page: 'introduce' (a subject's exam introduction) or 'guidance' (how to use the app, per tenant). */
export const guidePageQuery = (kind: 'introduce' | 'guidance', appID?: number) =>
  queryOptions({
    queryKey: ['guide', kind, appID ?? null],
    queryFn: () => call(guidePage, { kind, appID, agentCode: currentAgentCode() }, { silent: true }),
    staleTime: 10 * 60_000,
  });

/** Marks a module's red dot read (best effort). */
export const readRedDot = (appID: number, moduleID: string) => call(redDotRead, { appID, moduleID }, { quiet: true }).catch(() => undefined);

/** Which of the home page's modules (or the subject itself) went off the shelf since they were cached. */
export const modulesDown = (appID: number, moduleIDs: string) => call(checkUserModulesDown, { appID, moduleIDs }, { silent: true });

/** The subject the learner used last on any device, or null (and null when it cannot be asked). */
export const lastSubject = () => call(getLastApp, {}, { silent: true }).catch(() => null);
