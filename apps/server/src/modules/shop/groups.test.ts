import { creategroupbuy, GROUP_MSG, SHOP_MSG, joingroupbuy, listgroupbuy, queryUserOrder, usergroupbuy, vipinfo } from '@kaoshi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPayments } from '../../db/schema/index.ts';
import { notifyPath } from './providers.ts';
import { createTestApp, nextPhone, type TestApp } from '../../test/helpers.ts';
import { localCacheBus } from '../../platform/cache/bus.ts';
import { catalogFacts } from '../catalog/index.ts';
import { createDiscountStore } from './discount-store.ts';
import { createCouponStore } from './coupon-store.ts';
import { createDeliveryStore } from './delivery-store.ts';
import { createGroupStore } from './group-store.ts';
import { createShopService } from './service.ts';
import { createShopStore } from './store.ts';
import { confirmPay, requestId, waitForStatus } from './shop-setup.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const start = (guid: string, vn = '2') => t.call(creategroupbuy, { guid, appID: 1001, vn, payType: 'sandbox', requestId: requestId() });
const join = (guid: string, groupID: number) => t.call(joingroupbuy, { guid, groupID, payType: 'sandbox', requestId: requestId() });
const pay = async (guid: string, o: { orderID: string; payUrl: string }, status = 'paid') => {
  await confirmPay(t, o.payUrl);
  return waitForStatus(t, guid, o.orderID, status);
};
const held = async (guid: string) => (await t.call(vipinfo, { guid, appID: 1001 })).data.vipdata;

describe('group buys', () => {
  it('a 3-member group: each payment waits, the third fills it and every member is granted at once', async () => {
    const [a, b, c, d] = await Promise.all([t.newLearner(), t.newLearner(), t.newLearner(), t.newLearner()]);
    const offer = (await t.call(listgroupbuy, { guid: a, appID: 1001 })).data.list.find((o: { vn: string }) => o.vn === '2');
    expect(offer).toMatchObject({ vname: 'VIP班', price: 29800, originalPrice: 39800, size: 3, minutes: 1440, groups: [] });

    const lead = (await start(a)).data;
    expect(lead).toMatchObject({ kind: 'group', amount: 29800, status: 'created' });
    // Not listed until someone paid.
    expect((await t.call(listgroupbuy, { guid: b, appID: 1001 })).data.list[0].groups).toEqual([]);
    await pay(a, lead);
    expect(await held(a)).toBeFalsy();
    expect((await t.call(queryUserOrder, { guid: a, orderID: lead.orderID })).data).toMatchObject({ status: 'paid', paymentState: 'awaitingGroup' });
    const open = (await t.call(listgroupbuy, { guid: b, appID: 1001 })).data.list[0].groups;
    expect(open).toEqual([expect.objectContaining({ groupID: lead.groupID, paid: 1, need: 2, leader: expect.stringMatching(/^1\d{2}\*{4}\d{4}$/) })]);

    const second = (await join(b, lead.groupID)).data;
    expect((await join(b, lead.groupID)).msg).toBe(GROUP_MSG.joined);
    await pay(b, second);
    const third = (await join(c, lead.groupID)).data;
    await pay(c, third, 'fulfilled');
    for (const [guid, o] of [
      [a, lead],
      [b, second],
    ] as const)
      expect((await t.call(queryUserOrder, { guid, orderID: o.orderID })).data).toMatchObject({ status: 'fulfilled', paymentState: 'paid' });
    for (const guid of [a, b, c]) expect(await held(guid)).toMatchObject({ AppVn: '2' });
    expect((await join(d, lead.groupID)).msg).toBe(GROUP_MSG.over);
    // An agent that does not sell the subject offers no group buy of it.
    expect((await t.call(listgroupbuy, { guid: d, appID: 3001 })).data.list).toHaveLength(1);
    const hushi = (await t.register(nextPhone(), undefined, '6001')).guid;
    expect((await t.call(listgroupbuy, { guid: hushi, appID: 3001 })).data.list).toEqual([]);
    // An agent that takes payment on its own page (7021008) starts no group buy here either.
    const renxin = (await t.register(nextPhone(), undefined, '7021008')).guid;
    expect((await t.call(creategroupbuy, { guid: renxin, appID: 1001, vn: '2', payType: 'sandbox', requestId: requestId() })).msg).toBe(SHOP_MSG.customPayment);
    const mine = (await t.call(usergroupbuy, { guid: a })).data.list;
    expect(mine).toEqual([expect.objectContaining({ groupID: lead.groupID, status: 'full', paid: 3, size: 3, leader: true, orderStatus: 'fulfilled' })]);
  });

  it('a group still short at its end fails: every paid member is refunded and no one is granted', async () => {
    const [a, b, c] = await Promise.all([t.newLearner(), t.newLearner(), t.newLearner()]);
    const lead = (await start(a, '3')).data;
    await pay(a, lead);
    const late = (await join(b, lead.groupID)).data; // never paid
    t.clock.advance(2880 * 60_000 + 1000);
    // The job: refunds through the sandbox, closes the unpaid order.
    const swept = await sweepGroups();
    expect(swept).toEqual({ failed: 1, refunded: 1 });
    expect((await t.call(usergroupbuy, { guid: a })).data.list[0]).toMatchObject({ status: 'failed', orderStatus: 'refunded' });
    expect((await t.call(queryUserOrder, { guid: b, orderID: late.orderID })).data.status).toBe('closed');
    expect(await held(a)).toBeFalsy();
    expect((await join(c, lead.groupID)).msg).toBe(GROUP_MSG.over);
  });
});

describe("the sandbox's pay page of a group order", () => {
  it('names the subject, the version, 拼团 and the group, with the amount; its icon is served (no 404)', async () => {
    const [a, b] = await Promise.all([t.newLearner(), t.newLearner()]);
    const lead = (await start(a)).data;
    const page = await t.app.inject({ method: 'GET', url: lead.payUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<dd>护士执业资格 VIP班 拼团（3人团）</dd>');
    expect(page.body).toContain('¥298.00');
    await pay(a, lead);
    const joined = (await join(b, lead.groupID)).data;
    expect((await t.app.inject({ method: 'GET', url: joined.payUrl })).body).toContain('<dd>护士执业资格 VIP班 拼团（3人团）</dd>');
    // The icons the page links, and the one a browser asks for without a link.
    const linked = [...page.body.matchAll(/<link rel="icon" href="([^"]+)"/g)].map((m) => m[1]!);
    expect(linked).toEqual(['/favicon.ico', '/favicon.svg']);
    for (const [url, type] of [
      ['/favicon.ico', 'image/x-icon'],
      ['/favicon.svg', 'image/svg+xml'],
    ]) {
      const icon = await t.app.inject({ method: 'GET', url });
      expect([icon.statusCode, icon.headers['content-type']], url).toEqual([200, type]);
    }
    // A real ICO: reserved 0, type 1 (icon), three images (16, 32 and 48 px).
    expect([...(await t.app.inject({ method: 'GET', url: '/favicon.ico' })).rawPayload.subarray(0, 6)]).toEqual([0, 0, 1, 0, 3, 0]);
  });
});

describe('a payment into a group that filled meanwhile', () => {
  it('is refunded at once, and its payer is not granted', async () => {
    const [a, b, c] = await Promise.all([t.newLearner(), t.newLearner(), t.newLearner()]);
    const lead = (await start(a, '3')).data;
    await pay(a, lead);
    const [second, third] = [(await join(b, lead.groupID)).data, (await join(c, lead.groupID)).data];
    await pay(b, second, 'fulfilled');
    await pay(c, third, 'refunded');
    expect(await held(c)).toBeFalsy();
    expect(await held(b)).toMatchObject({ AppVn: '3' });
  });

  it('a refund that fails (the provider down) leaves the order paid, and the job refunds it later', async () => {
    const [a, b, c] = await Promise.all([t.newLearner(), t.newLearner(), t.newLearner()]);
    const lead = (await start(a, '3')).data;
    await pay(a, lead);
    const [second, third] = [(await join(b, lead.groupID)).data, (await join(c, lead.groupID)).data];
    await pay(b, second, 'fulfilled');
    // The third payment arrives by notification while the provider cannot refund it yet (it holds no payment).
    const note = t.app.paymentSandbox!.notification({ orderNo: third.orderID, transactionId: 'SBX-late', amountFen: third.amount });
    expect((await t.app.inject({ method: 'POST', url: notifyPath('sandbox'), headers: note.headers, payload: note.body })).statusCode).toBe(204);
    expect((await t.call(queryUserOrder, { guid: c, orderID: third.orderID })).data.status).toBe('paid');
    await t.db.update(sandboxPayments).set({ status: 'paid', transactionId: 'SBX-late' }).where(eq(sandboxPayments.orderNo, third.orderID));
    expect((await sweepGroups()).refunded).toBe(1);
    expect((await t.call(queryUserOrder, { guid: c, orderID: third.orderID })).data).toMatchObject({ status: 'refunded', paymentState: 'refunded' });
    expect(await held(c)).toBeFalsy();
  });
});

// The job runs every minute in the app; here the same function runs at once, over the test's database.
async function sweepGroups() {
  const shop = createShopService({
    store: createShopStore(t.db),
    couponStore: createCouponStore(t.db),
    discountStore: createDiscountStore(t.db),
    deliveryStore: createDeliveryStore(t.db),
    groupStore: createGroupStore(t.db),
    catalog: catalogFacts(t.db),
    entitlements: {} as never, // not used by the sweep
    providers: new Map([['sandbox', t.app.paymentSandbox!.provider]]),
    clock: () => t.clock.now,
    limiter: {} as never,
    bus: await localCacheBus(),
    log: { warn() {}, error() {} },
    agentOfUser: () => Promise.reject(new Error('not used by the sweep')),
  });
  const swept = await shop.groupSweep();
  t.forgetCaches();
  return swept;
}
