import { getOrderNumber, queryUserOrder } from '@kaoshi/contract';
import { expect } from 'vitest';
import type { Body, TestApp } from '../../test/helpers.ts';
import { localCacheBus } from '../../platform/cache/bus.ts';
import { catalogFacts } from '../catalog/index.ts';
import { createCouponStore } from './coupon-store.ts';
import { createPayments } from './payments.ts';
import { realProviders } from './provider-config.ts';
import { createShopStore } from './store.ts';

let seq = 0;
/** A fresh idempotency key per attempt. */
export const requestId = () => `test-${Date.now().toString(36)}-${++seq}`;

/** Create a sandbox order of `vn` of 1001 for the learner; answers the order view. */
export async function order(t: TestApp, guid: string, vn = '2', extra: Record<string, unknown> = {}): Promise<Body> {
  return t.call(getOrderNumber, { guid, appID: 1001, vn, payType: 'sandbox', requestId: requestId(), ...extra });
}

/** Ask until the order reaches `status` (the sandbox's notifications arrive a moment after 确认支付). */
export async function waitForStatus(t: TestApp, guid: string, orderID: string, status: string): Promise<Body> {
  let last: Body | undefined;
  for (let i = 0; i < 100; i++) {
    last = await t.call(queryUserOrder, { guid, orderID });
    if (last.data?.status === status) return last;
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(last?.data?.status).toBe(status);
  return last!;
}

/** Confirm a sandbox payment as the learner would on its page. */
export const confirmPay = (t: TestApp, payUrl: string) => t.app.inject({ method: 'POST', url: `${payUrl}/confirm` });

/** The shop's payments over the test's database with the providers its configuration turns on (the reconcile job's view). */
export const realPayments = async (t: TestApp, log: Parameters<typeof createPayments>[0]['log'] = { warn() {}, error() {} }) =>
  createPayments({
    store: createShopStore(t.db),
    couponStore: createCouponStore(t.db),
    catalog: catalogFacts(t.db),
    providers: new Map(realProviders(t.config).providers.map((p) => [p.id, p])),
    clock: () => t.clock.now,
    bus: await localCacheBus(),
    log,
  });
