import { couponlist, creategroupbuy, joingroupbuy, messageList, queryUserOrder, receiveCoupon, vipinfo } from '@kaoshi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, paymentFlags } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { createRefunder } from './index.ts';
import { ORDER_TTL_MS } from './ordering.ts';
import { notifyPath } from './providers.ts';
import { confirmPay, order, requestId, waitForStatus } from './shop-setup.ts';
import { createShopStore } from './store.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const notify = (orderNo: string, transactionId: string, amountFen: number) => {
  const note = t.app.paymentSandbox!.notification({ orderNo, transactionId, amountFen });
  return t.app.inject({ method: 'POST', url: notifyPath('sandbox'), headers: note.headers, payload: note.body });
};
const flagsOf = (orderNo: string) => t.db.select().from(paymentFlags).where(eq(paymentFlags.orderNo, orderNo));
const told = async (guid: string) => ((await t.call(messageList, { guid, tab: 'order' })).data.list as { title: string; body: string }[]).map((m) => m.title);

describe('payments an operator must refund (payment_flags)', () => {
  it('keeps a second payment of a paid order with its transaction id, once, and tells the learner it goes back', async () => {
    const guid = await t.newLearner();
    const o = (await order(t, guid, '2')).data;
    await confirmPay(t, o.payUrl);
    await waitForStatus(t, guid, o.orderID, 'fulfilled');
    expect((await notify(o.orderID, 'SBX-second-payment', o.amount)).statusCode).toBe(204);
    expect((await notify(o.orderID, 'SBX-second-payment', o.amount)).statusCode).toBe(204); // the provider's retry
    const flags = await flagsOf(o.orderID);
    expect(flags).toEqual([expect.objectContaining({ provider: 'sandbox', transactionId: 'SBX-second-payment', amountFen: 39800, reason: 'extra-payment', resolvedAt: null })]);
    expect((await t.call(queryUserOrder, { guid, orderID: o.orderID })).data.status).toBe('fulfilled');
    expect(await told(guid)).toEqual(['付款将退回', '购买成功']);
    // The same payment delivered again (its own transaction) is no extra payment.
    const first = (await createShopStore(t.db).byOrderNo(o.orderID))!.providerTxn!;
    expect((await notify(o.orderID, first, o.amount)).statusCode).toBe(204);
    expect(await flagsOf(o.orderID)).toHaveLength(1);
  });

  it('grants a closed order paid late only while its coupon is still its own; else flags the money for refund', async () => {
    const guid = await t.newLearner();
    const couponID = ((await t.call(couponlist, { guid })).data.list as { couponID: number; title: string }[]).find((c) => c.title === '新人立减30元')!.couponID;
    const held = (await t.call(receiveCoupon, { guid, couponID })).data.couponUserID as number;
    const late = (await order(t, guid, '2', { couponUserID: held })).data;
    t.clock.advance(ORDER_TTL_MS + 60_000);
    expect(await createShopStore(t.db).close(late.orderID, 'timeout', new Date(t.clock.now))).toBe(true);
    // The coupon went back to the learner and is spent on a second order, which is paid.
    const second = (await order(t, guid, '1', { couponUserID: held })).data;
    await confirmPay(t, second.payUrl);
    await waitForStatus(t, guid, second.orderID, 'fulfilled');
    // Now the first order's payment arrives: no version for it, the money is flagged to go back.
    expect((await notify(late.orderID, 'SBX-late-coupon', late.amount)).statusCode).toBe(204);
    expect((await t.call(queryUserOrder, { guid, orderID: late.orderID })).data.status).toBe('closed');
    expect((await t.call(vipinfo, { guid, appID: 1001 })).data.vipdata).toMatchObject({ AppVn: '1' });
    expect(await flagsOf(late.orderID)).toEqual([expect.objectContaining({ transactionId: 'SBX-late-coupon', reason: 'coupon-taken' })]);
    expect((await told(guid))[0]).toBe('付款将退回');
  });

  it('frees the seat of a refunded group member: a 3-seat group does not form with two paying members', async () => {
    const [a, b, c] = await Promise.all([t.newLearner(), t.newLearner(), t.newLearner()]);
    const lead = (await t.call(creategroupbuy, { guid: a, appID: 1001, vn: '2', payType: 'sandbox', requestId: requestId() })).data;
    await confirmPay(t, lead.payUrl);
    await waitForStatus(t, a, lead.orderID, 'paid');
    const second = (await t.call(joingroupbuy, { guid: b, groupID: lead.groupID, payType: 'sandbox', requestId: requestId() })).data;
    await confirmPay(t, second.payUrl);
    await waitForStatus(t, b, second.orderID, 'paid');
    expect(await (await createRefunder(t.db, t.config, () => t.clock.now))(lead.orderID, '学员申请退款')).toBe('refunded');
    t.forgetCaches();
    const [group] = await t.db.select().from(groups).where(eq(groups.id, lead.groupID));
    expect(group).toMatchObject({ status: 'open', paidCount: 1 });
    const third = (await t.call(joingroupbuy, { guid: c, groupID: lead.groupID, payType: 'sandbox', requestId: requestId() })).data;
    await confirmPay(t, third.payUrl);
    await waitForStatus(t, c, third.orderID, 'paid');
    for (const guid of [b, c]) expect((await t.call(vipinfo, { guid, appID: 1001 })).data.vipdata).toBeFalsy();
  });
});
