import { COUPON_MSG, couponlist, getOrderNumber, myCoupon, pricedetails, receiveCoupon, SHOP_MSG, userOrderList } from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { coupons, users } from '../../db/schema/index.ts';
import { createTestApp, nextPhone, type TestApp } from '../../test/helpers.ts';
import { createShopStore } from './store.ts';
import { confirmPay, order, requestId, waitForStatus } from './shop-setup.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const idOf = async (guid: string, title: string) => {
  const list = (await t.call(couponlist, { guid })).data.list as { couponID: number; title: string }[];
  return list.find((c) => c.title === title)!.couponID;
};
const claim = async (guid: string, title: string) => (await t.call(receiveCoupon, { guid, couponID: await idOf(guid, title) })).data.couponUserID as number;
const usable = async (guid: string) => ((await t.call(myCoupon, { guid, status: 'usable' })).data.list as { couponUserID: number }[]).map((c) => c.couponUserID);

describe('coupons', () => {
  it("lists the agent's coupons with their scope, claims one once, and keeps it among the learner's usable ones", async () => {
    const guid = await t.newLearner();
    const list = (await t.call(couponlist, { guid })).data.list;
    expect(list.map((c: { title: string }) => c.title)).toEqual(['新人立减30元', 'VIP班九折券', '至尊班满500减100']);
    expect(list[1]).toMatchObject({ kind: 'percent', value: 10, scope: '护士执业资格 · VIP班', claimed: false, soldOut: false });
    // Another agent's coupons are its own learners': naming that agent in the request changes nothing.
    expect((await t.call(couponlist, { guid }, { query: { ac: '6001' } })).data.list).toHaveLength(3);
    const hushi = (await t.register(nextPhone(), undefined, '6001')).guid;
    expect((await t.call(couponlist, { guid: hushi })).data.list).toHaveLength(4);
    const id = await claim(guid, '新人立减30元');
    expect((await t.call(receiveCoupon, { guid, couponID: await idOf(guid, '新人立减30元') })).msg).toBe(COUPON_MSG.already);
    expect(await usable(guid)).toEqual([id]);
    expect((await t.call(couponlist, { guid })).data.list[0].claimed).toBe(true);
    expect((await t.call(receiveCoupon, { guid, couponID: 99999 })).msg).toBe(COUPON_MSG.unknown);
  });

  it('gives a limited coupon to as many learners as its stock, even when they claim at once', async () => {
    const guids = await Promise.all(Array.from({ length: 5 }, async () => (await t.register(nextPhone(), undefined, '6001')).guid));
    const id = await idOf(guids[0]!, '护士资格专享券（限量3张）');
    const replies = await Promise.all(guids.map((guid) => t.call(receiveCoupon, { guid, couponID: id })));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(3);
    expect(replies.filter((r) => r.msg === COUPON_MSG.soldOut)).toHaveLength(2);
    // Not offered to another agent's learners, whatever agent their request names.
    const other = await t.newLearner();
    expect((await t.call(receiveCoupon, { guid: other, couponID: id }, { query: { ac: '6001' } })).msg).toBe(COUPON_MSG.unknown);
  });

  it("applies only to orders of the coupon's agent (a learner moved to another agent cannot spend it there)", async () => {
    await t.db.insert(coupons).values({
      agentCode: '6001',
      title: '渠道专享立减50元',
      kind: 'amount',
      value: 5000,
      appId: 1001,
      claimFrom: new Date(t.clock.now - 1000),
      claimUntil: new Date(t.clock.now + 86_400_000),
      validDays: 15,
    });
    const { guid, userID: userId } = await t.register(nextPhone(), undefined, '6001');
    const held = await claim(guid, '渠道专享立减50元');
    expect((await t.call(pricedetails, { guid, appID: 1001, vn: '2', couponUserID: held })).data).toMatchObject({ couponOff: 5000, amount: 36800 - 5000 });
    await t.db.update(users).set({ agentCode: '888' }).where(eq(users.id, userId));
    t.forgetCaches();
    const q = (await t.call(pricedetails, { guid, appID: 1001, vn: '2' })).data;
    expect(q.coupons.find((c: { couponUserID: number }) => c.couponUserID === held)).toMatchObject({ usable: false, reason: '不适用于当前渠道' });
    expect((await order(t, guid, '2', { couponUserID: held })).msg).toBe(SHOP_MSG.couponUnusable);
  });

  it('quotes with a coupon: what each takes off, and why another does not apply', async () => {
    const guid = await t.newLearner();
    const cash = await claim(guid, '新人立减30元');
    const tenth = await claim(guid, 'VIP班九折券');
    const top = await claim(guid, '至尊班满500减100');
    const q = (await t.call(pricedetails, { guid, appID: 1001, vn: '2', couponUserID: tenth })).data;
    expect(q).toMatchObject({ kind: 'buy', base: 39800, couponOff: 3980, amount: 35820, couponUserID: tenth });
    const byId = Object.fromEntries(q.coupons.map((c: { couponUserID: number }) => [c.couponUserID, c]));
    expect(byId[cash]).toMatchObject({ off: 3000, usable: true });
    expect(byId[top]).toMatchObject({ off: 0, usable: false, reason: '不适用于该班次' });
    expect((await t.call(pricedetails, { guid, appID: 1001, vn: '2', couponUserID: top })).msg).toBe(SHOP_MSG.couponUnusable);
    expect((await t.call(pricedetails, { guid, appID: 1001, vn: '3', couponUserID: top })).data.amount).toBe(59800);
  });

  it('goes to one of two parallel orders; the other is refused and nothing of it is kept', async () => {
    const guid = await t.newLearner();
    const cash = await claim(guid, '新人立减30元');
    const [a, b] = await Promise.all([order(t, guid, '2', { couponUserID: cash }), order(t, guid, '3', { couponUserID: cash })]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    expect([a.msg, b.msg]).toContain(SHOP_MSG.couponUnusable);
    const won = a.status === 200 ? a : b;
    expect(won.data).toMatchObject({ couponOff: 3000 });
    expect(await usable(guid)).toEqual([]);
    const mine = (await t.call(userOrderList, { guid })).data.list;
    expect(mine.map((o: { orderID: string }) => o.orderID)).toEqual([won.data.orderID]);
  });

  it("is refused on another learner's coupon, returned when the order closes, and used when it is paid", async () => {
    const owner = await t.newLearner();
    const other = await t.newLearner();
    const cash = await claim(owner, '新人立减30元');
    expect((await order(t, other, '2', { couponUserID: cash })).msg).toBe(SHOP_MSG.couponUnusable);
    const key = requestId();
    const held = (await order(t, owner, '2', { couponUserID: cash, requestId: key })).data;
    expect(held.amount).toBe(36800);
    // The same attempt again (a retry) gives the same order, although its coupon is now held by it.
    expect((await order(t, owner, '2', { couponUserID: cash, requestId: key })).data.orderID).toBe(held.orderID);
    expect(await usable(owner)).toEqual([]);
    expect(await createShopStore(t.db).close(held.orderID, 'timeout', new Date(t.clock.now))).toBe(true);
    expect(await usable(owner)).toEqual([cash]);
    const paid = (await t.call(getOrderNumber, { guid: owner, appID: 1001, vn: '2', payType: 'sandbox', requestId: requestId(), couponUserID: cash })).data;
    await confirmPay(t, paid.payUrl);
    await waitForStatus(t, owner, paid.orderID, 'fulfilled');
    const used = (await t.call(myCoupon, { guid: owner, status: 'used' })).data.list;
    expect(used.map((c: { couponUserID: number }) => c.couponUserID)).toEqual([cash]);
    expect(await usable(owner)).toEqual([]);
  });
});
