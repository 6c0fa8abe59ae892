import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { createShopStore } from './store.ts';
import { order } from './shop-setup.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('order numbers', () => {
  it('an order whose drawn number is taken (two orders of one second, the same six digits) gets another, never a failure', async () => {
    const guid = await t.newLearner();
    const made = await order(t, guid, '2');
    expect(made.status).toBe(200);
    const [taken] = await t.db.select().from(orders).where(eq(orders.orderNo, made.data.orderID));
    const { id: _id, ...row } = taken!;
    const store = createShopStore(t.db);
    const draws = ['KS20261128000000999999', 'KS20261128000000999998'];
    const out = await t.db.transaction((tx) => store.insertOrder(tx, { ...row, requestId: 'order-number-test-0001', orderNo: taken!.orderNo }, () => draws.shift()!));
    expect(out.fresh).toBe(true);
    expect(out.row.orderNo).toBe('KS20261128000000999999');
    // The same requestId again finds that order (a replay), whatever number it draws.
    const again = await t.db.transaction((tx) => store.insertOrder(tx, { ...row, requestId: 'order-number-test-0001', orderNo: taken!.orderNo }, () => 'KS20261128000000999997'));
    expect(again).toMatchObject({ fresh: false, row: { orderNo: 'KS20261128000000999999' } });
  });
});
