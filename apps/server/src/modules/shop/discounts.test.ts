import { discount, discountlist, DISCOUNT_MSG, getOrderNumber, pricedetails, queryUserOrder, spread, vipChange } from '@kaoshi/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discounts, spreadVisits } from '../../db/schema/index.ts';
import { createTestApp, nextPhone, type TestApp } from '../../test/helpers.ts';
import { DISCOUNT_HOLD_MS } from './service.ts';
import { createDiscountStore } from './discount-store.ts';
import { CODE_TRIES } from './discounts.ts';
import { createShopStore } from './store.ts';
import { ORDER_TTL_MS } from './ordering.ts';
import { confirmPay, order, requestId, waitForStatus } from './shop-setup.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const store = () => createDiscountStore(t.db);
const idOf = async (code: string) => (await store().byCode(code))!.id;
const used = async (code: string) => (await store().byCode(code))!.used;
const check = (guid: string, vn: string, code: string, extra: Record<string, unknown> = {}) => t.call(discount, { guid, appID: 1001, vn, code, ...extra });

describe('discount codes', () => {
  it('lists the running listed codes (限时优惠) only', async () => {
    const guid = await t.newLearner();
    const list = (await t.call(discountlist, { guid, appID: 1001 })).data.list;
    expect(list.map((d: { code: string }) => d.code)).toEqual(['SPRING50']);
    expect(list[0]).toMatchObject({ title: '限时优惠 满300减50', kind: 'amount', value: 5000, minSpend: 30000, appID: null });
  });

  it('checks a typed code against the order: its subject and version, its minimum spend after the coupon, its window; any case', async () => {
    const guid = await t.newLearner();
    expect((await check(guid, '2', 'vip20')).data).toMatchObject({ code: 'VIP20', off: 2000 });
    expect(await check(guid, '1', 'VIP20')).toMatchObject({ status: 400, msg: DISCOUNT_MSG.notHere });
    expect(await check(guid, '1', 'SPRING50')).toMatchObject({ status: 400, msg: DISCOUNT_MSG.minSpend });
    expect((await check(guid, '3', 'SPRING50')).data.off).toBe(5000);
    expect((await check(guid, '2', 'WANGLAOSHI')).data.off).toBe(3980);
    expect(await check(guid, '2', 'NOPE2026')).toMatchObject({ status: 400, msg: DISCOUNT_MSG.unknown });
    expect(await check(guid, '2', 'x; drop')).toMatchObject({ status: 400 });
    expect((await check(guid, '3', 'SPRING50', { fromVn: '1' })).status).toBe(400); // no 基础班 held: no upgrade
    await t.db
      .update(discounts)
      .set({ endsAt: new Date(t.clock.now - 1000) })
      .where(eq(discounts.code, 'VIP20'));
    expect(await check(guid, '2', 'VIP20')).toMatchObject({ status: 400, msg: DISCOUNT_MSG.unknown });
    await t.db
      .update(discounts)
      .set({ endsAt: new Date('2027-12-31T16:00:00Z') })
      .where(eq(discounts.code, 'VIP20'));
  });

  it('comes off after the coupon in the quote and the order; a learner holds one use however many orders, given back at closing, taken again by a late payment', async () => {
    const guid = await t.newLearner();
    const q = (await t.call(pricedetails, { guid, appID: 1001, vn: '2', discountID: 'vip20' })).data;
    expect(q).toMatchObject({ base: 39800, couponOff: 0, discountOff: 2000, discountTitle: 'VIP班立减20元', amount: 37800 });
    const before = await used('VIP20');
    const o = (await order(t, guid, '2', { discountID: 'VIP20' })).data;
    expect(o).toMatchObject({ amount: 37800, discountOff: 2000 });
    expect(await used('VIP20')).toBe(before + 1);
    // A second order of the same learner takes over that use instead of holding another; the same attempt again
    // is the same order.
    const again = { guid, appID: 1001, vn: '2', payType: 'sandbox', requestId: requestId(), discountID: 'VIP20' };
    const second = (await t.call(getOrderNumber, again)).data;
    expect(second.amount).toBe(37800);
    expect((await t.call(getOrderNumber, again)).data.orderID).toBe(second.orderID);
    expect(await used('VIP20')).toBe(before + 1);
    t.clock.advance(ORDER_TTL_MS + 60_000);
    // What the expiry job does (payments.sweep closes through the store): the first order held nothing any more.
    expect(await createShopStore(t.db).close(o.orderID, 'timeout', new Date(t.clock.now))).toBe(true);
    expect((await t.call(queryUserOrder, { guid, orderID: o.orderID })).data.status).toBe('closed');
    expect(await used('VIP20')).toBe(before + 1);
    // The second one held the use: closing it gives it back.
    expect(await createShopStore(t.db).close(second.orderID, 'timeout', new Date(t.clock.now))).toBe(true);
    expect(await used('VIP20')).toBe(before);
    // A late payment of the closed first order takes a use again: the money is in.
    await confirmPay(t, o.payUrl);
    await waitForStatus(t, guid, o.orderID, 'fulfilled');
    expect(await used('VIP20')).toBe(before + 1);
  });

  it('cannot be exhausted by unpaid orders: eleven learners with many orders hold eleven uses, each for ten minutes at most', async () => {
    await t.db.insert(discounts).values({
      code: 'HOLD12',
      title: '限量12份',
      kind: 'amount',
      value: 1000,
      startsAt: new Date(t.clock.now - 1000),
      endsAt: new Date(t.clock.now + 30 * 86_400_000),
      maxUses: 12,
    });
    const learners = await Promise.all(Array.from({ length: 11 }, () => t.newLearner()));
    for (const guid of learners) for (let i = 0; i < 5; i++) expect(await order(t, guid, '2', { discountID: 'HOLD12' })).toMatchObject({ status: 200 });
    expect(await used('HOLD12')).toBe(11);
    // A twelfth learner still gets the last use; a thirteenth does not.
    expect((await order(t, await t.newLearner(), '2', { discountID: 'HOLD12' })).status).toBe(200);
    expect((await order(t, await t.newLearner(), '2', { discountID: 'HOLD12' })).msg).toBe(DISCOUNT_MSG.usedUp);
    // After DISCOUNT_HOLD_MS the holds go back (the orders stay payable for their 30 minutes).
    t.clock.advance(DISCOUNT_HOLD_MS + 1000);
    expect(await createDiscountStore(t.db).releaseStale(new Date(t.clock.now - DISCOUNT_HOLD_MS))).toBe(12);
    expect(await used('HOLD12')).toBe(0);
    expect((await order(t, await t.newLearner(), '2', { discountID: 'HOLD12' })).status).toBe(200);
  });

  it('is presented by its code, never by a number: an id is an unknown code and counts as a guess', async () => {
    const guid = await t.newLearner();
    const id = String(await idOf('VIP20'));
    expect(await t.call(pricedetails, { guid, appID: 1001, vn: '2', discountID: id })).toMatchObject({ status: 400, msg: DISCOUNT_MSG.unknown });
    expect(await order(t, guid, '2', { discountID: id })).toMatchObject({ status: 400, msg: DISCOUNT_MSG.unknown });
    for (let i = 2; i < CODE_TRIES.perUser; i++) await t.call(pricedetails, { guid, appID: 1001, vn: '2', discountID: String(i) });
    expect(await order(t, guid, '2', { discountID: 'VIP20' })).toMatchObject({ status: 429, msg: DISCOUNT_MSG.tooMany });
  });

  it('limits the codes one learner guesses, while a real code re-priced many times is never a guess', async () => {
    const guid = await t.newLearner();
    for (let i = 0; i < CODE_TRIES.perUser + 5; i++) expect((await check(guid, '2', 'VIP20')).status).toBe(200);
    for (let i = 0; i < CODE_TRIES.perUser; i++) expect((await check(guid, '2', `GUESS${i}`)).msg).toBe(DISCOUNT_MSG.unknown);
    expect(await check(guid, '2', 'VIP20')).toMatchObject({ status: 429, msg: DISCOUNT_MSG.tooMany });
    expect(await t.call(spread, { guid, code: 'WANGLAOSHI' })).toMatchObject({ status: 429, msg: DISCOUNT_MSG.tooMany });
    expect((await check(await t.newLearner(), '2', 'VIP20')).status).toBe(200);
  });

  it("records a promoter's code carried by an order as that learner's visit", async () => {
    const { guid, userID } = await t.register(nextPhone());
    const id = await idOf('WANGLAOSHI');
    const o = (await order(t, guid, '2', { discountID: 'WANGLAOSHI' })).data;
    expect(o.discountOff).toBe(3980);
    const visits = await t.db
      .select()
      .from(spreadVisits)
      .where(and(eq(spreadVisits.discountId, id), eq(spreadVisits.userId, userID)));
    expect(visits).toHaveLength(1);
  });

  it('gives the last use to one of two parallel orders', async () => {
    const [a, b] = await Promise.all([t.newLearner(), t.newLearner()]);
    await t.db
      .insert(discounts)
      .values({ code: 'LASTONE', title: '最后一份', kind: 'amount', value: 1000, startsAt: new Date(t.clock.now - 1000), endsAt: new Date(t.clock.now + 86_400_000), maxUses: 1 });
    const replies = await Promise.all([a, b].map((guid) => order(t, guid, '2', { discountID: 'LASTONE' })));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.msg === DISCOUNT_MSG.usedUp)).toHaveLength(1);
    const loser = replies[0]!.status === 200 ? b : a;
    expect(await check(loser, '2', 'LASTONE')).toMatchObject({ status: 400, msg: DISCOUNT_MSG.usedUp });
  });

  it('applies to upgrades too', async () => {
    const guid = await t.newLearner();
    const basic = (await order(t, guid, '1')).data;
    await confirmPay(t, basic.payUrl);
    await waitForStatus(t, guid, basic.orderID, 'fulfilled');
    const up = (await t.call(vipChange, { guid, appID: 1001, vn: '1', toVn: '3', payType: 'sandbox', requestId: requestId(), discountID: 'SPRING50' })).data;
    expect(up).toMatchObject({ kind: 'upgrade', amount: 50000 - 5000, discountOff: 5000 });
  });
});

describe('promotion links (spread)', () => {
  it("answers a promoter's code and keeps the learner's first visit; other codes are no promotion link", async () => {
    const { guid, userID } = await t.register(nextPhone());
    const view = (await t.call(spread, { guid, code: 'wanglaoshi' })).data;
    expect(view).toMatchObject({ code: 'WANGLAOSHI', kind: 'percent', value: 10, appID: 1001 });
    await t.call(spread, { guid, code: 'WANGLAOSHI' });
    const visits = await t.db
      .select()
      .from(spreadVisits)
      .where(and(eq(spreadVisits.discountId, view.discountID), eq(spreadVisits.userId, userID)));
    expect(visits).toHaveLength(1);
    expect(await t.call(spread, { guid, code: 'SPRING50' })).toMatchObject({ status: 400, msg: DISCOUNT_MSG.notSpread });
    expect(await t.call(spread, { guid, code: 'NOSUCHCODE' })).toMatchObject({ status: 400, msg: DISCOUNT_MSG.notSpread });
    expect((await t.call(spread, { code: 'WANGLAOSHI' })).status).toBe(401);
  });
});
