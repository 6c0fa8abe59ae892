import { queryOptions } from '@tanstack/react-query';
import { getOrderNumber, myPurchases, pricelist, queryUserOrder, useCode, type PayType } from '@kaoshi/contract';
import { baseUrl, call } from '../../api/client';
import { clientKind } from '../../lib/client-kind';
import { getUserName } from '../../lib/session';

export const buyKeys = {
  purchases: () => ['buy', 'myPurchases'] as const,
  prices: (appID: number) => ['buy', 'prices', appID] as const,
  order: (orderID: string) => ['buy', 'order', orderID] as const,
};

/** The learner's purchases over all subjects (/memberCenter). */
export const purchasesQuery = () => queryOptions({ queryKey: buyKeys.purchases(), queryFn: () => call(myPurchases, {}, { silent: true }) });

/** Redeems an activation code for a subject; the server's refusal is the learner's message. */
export const redeemCode = (appID: number, code: string) => call(useCode, { code, userName: getUserName(), appID, device: clientKind() }, { silent: true });

/** The subject's versions on sale for this agent, with prices and how the agent takes payment. */
export const pricesQuery = (appID: number) => queryOptions({ queryKey: buyKeys.prices(appID), queryFn: () => call(pricelist, { appID }, { silent: true }), staleTime: 30_000 });

/** One of the learner's orders (polled by /buyCallback while it waits for the payment). */
export const orderQuery = (orderID: string) => queryOptions({ queryKey: buyKeys.order(orderID), queryFn: () => call(queryUserOrder, { orderID }, { silent: true }) });

/** Create (or, for the same requestId, get back) the order and its payment; the server sets the amount. */
export const createOrder = (input: { appID: number; vn: string; payType: PayType; requestId: string }) =>
  call(getOrderNumber, { ...input, equipment: clientKind() }, { silent: true });

/** The provider's pay page: a path of the payment call group's host (this origin by default). */
export const payPageUrl = (payUrl: string) => new URL(payUrl, baseUrl('payment') || window.location.origin).toString();

/** A fresh idempotency key for one visit to /payPage (a double tap or a retry gives the same order). */
export const newRequestId = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`);
