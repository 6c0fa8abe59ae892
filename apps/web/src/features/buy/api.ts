import { queryOptions } from '@tanstack/react-query';
import { myPurchases, useCode } from '@kaoshi/contract';
import { call } from '../../api/client';
import { clientKind } from '../../lib/client-kind';
import { getUserName } from '../../lib/session';

export const buyKeys = { purchases: () => ['buy', 'myPurchases'] as const };

/** The learner's purchases over all subjects (/memberCenter). */
export const purchasesQuery = () => queryOptions({ queryKey: buyKeys.purchases(), queryFn: () => call(myPurchases, {}, { silent: true }) });

/** Redeems an activation code for a subject; the server's refusal is the learner's message. */
export const redeemCode = (appID: number, code: string) => call(useCode, { code, userName: getUserName(), appID, device: clientKind() }, { silent: true });
