import { getOrderNumber, queryUserOrder } from '@kaoshi/contract';
import { expect } from 'vitest';
import type { Body, TestApp } from '../../test/helpers.ts';

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
