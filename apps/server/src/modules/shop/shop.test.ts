import { getChangeInfo, getOrderNumber, pricedetails, pricelist, queryUserOrder, SHOP_MSG, userOrderList, vipinfo } from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, nextPhone, NOT_LOGGED_IN, type TestApp } from '../../test/helpers.ts';
import { ORDER_QUERY_LIMIT } from './service.ts';
import { confirmPay, order, requestId, waitForStatus } from './shop-setup.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('pricelist', () => {
  it("lists the versions the learner's agent sells with the server's prices and what each opens", async () => {
    const guid = await t.newLearner();
    const body = await t.call(pricelist, { guid, appID: 1001 });
    expect(body.status).toBe(200);
    expect(body.data.payTypes).toEqual(['sandbox']);
    expect(body.data.buyDisabled).toBe(false);
    const vip = body.data.items.find((i: { vn: string }) => i.vn === '2');
    expect(vip).toMatchObject({ vname: 'VIP班', price: 39800, originalPrice: 59800, validityDays: 365, isVip: 0, heldUntil: null });
    expect(vip.modules.map((m: { name: string }) => m.name)).toContain('视频精讲');
  });

  it("takes the learner's agent's own price, and the default agent's where it has none", async () => {
    const guid = (await t.register(nextPhone(), undefined, '6001')).guid;
    const items = (await t.call(pricelist, { guid, appID: 1001 })).data.items;
    expect(items.find((i: { vn: string }) => i.vn === '1').price).toBe(16800);
    expect(items.find((i: { vn: string }) => i.vn === '3').price).toBe(69800);
  });

  it('prices by the agent the learner registered with, whatever agent the request names (?ac=6001 is not a discount)', async () => {
    const guid = await t.newLearner();
    const viaAc = (await t.call(pricelist, { guid, appID: 1001 }, { query: { ac: '6001' } })).data.items;
    expect(viaAc.find((i: { vn: string }) => i.vn === '1').price).toBe(19800);
    const quote = await t.call(pricedetails, { guid, appID: 1001, vn: '1' }, { query: { ac: '6001' } });
    expect(quote.data.amount).toBe(19800);
    const made = await t.call(getOrderNumber, { guid, appID: 1001, vn: '1', payType: 'sandbox', requestId: requestId() }, { query: { ac: '6001' }, host: 'hushi.example.com' });
    expect(made.data.amount).toBe(19800);
  });

  it('says when an agent sells nothing, or takes payment on its own page', async () => {
    const guid = (await t.register(nextPhone(), undefined, '7021006')).guid;
    const off = (await t.call(pricelist, { guid, appID: 1001 })).data;
    expect(off).toMatchObject({ buyDisabled: true, payTypes: [], customPayUrl: null });
    const customer = (await t.register(nextPhone(), undefined, '7021008')).guid;
    const custom = (await t.call(pricelist, { guid: customer, appID: 1001 })).data;
    expect(custom).toMatchObject({ buyDisabled: false, payTypes: [], customPayUrl: 'https://pay.renxin.example/kaoshi/buy' });
  });

  it('marks what the learner holds, and refuses a guest and a bad subject', async () => {
    const guid = await t.login(DEMO.owner, DEMO.password);
    const items = (await t.call(pricelist, { guid, appID: 1001 })).data.items;
    expect(items.find((i: { vn: string }) => i.vn === '3')).toMatchObject({ isVip: 1 });
    expect(await t.call(pricelist, { appID: 1001 })).toEqual(NOT_LOGGED_IN);
    const bad = await t.callRaw(pricelist, { guid, appID: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('科目编号');
  });
});

describe('getOrderNumber and queryUserOrder', () => {
  it("charges the server's price whatever the client sends, and gives the same order for the same requestId", async () => {
    const guid = await t.newLearner();
    const id = requestId();
    const first = await t.callRaw(getOrderNumber, { guid, appID: 1001, vn: '2', payType: 'sandbox', requestId: id, amount: 1, price: 1 });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ amount: 39800, originalAmount: 59800, status: 'created', vname: 'VIP班', appName: '护士执业资格' });
    expect(first.data.orderID).toMatch(/^KS\d{20}$/);
    expect(first.data.payUrl).toMatch(/^\/sandbox\/pay\/[\w-]+$/);
    const again = await t.call(getOrderNumber, { guid, appID: 1001, vn: '2', payType: 'sandbox', requestId: id });
    expect(again.data.orderID).toBe(first.data.orderID);
    expect(again.data.payUrl).toBe(first.data.payUrl);
  });

  it('refuses what cannot be bought, naming why', async () => {
    const guid = await t.newLearner();
    expect((await order(t, guid, '9')).msg).toBe(SHOP_MSG.notOnSale);
    expect((await order(t, guid, '2', { payType: 'wechat' })).msg).toBe(SHOP_MSG.payTypeOff);
    const off = (await t.register(nextPhone(), undefined, '7021006')).guid;
    expect((await t.call(getOrderNumber, { guid: off, appID: 1001, vn: '2', payType: 'sandbox', requestId: requestId() })).msg).toBe(SHOP_MSG.buyDisabled);
    const custom = (await t.register(nextPhone(), undefined, '7021008')).guid;
    expect((await t.call(getOrderNumber, { guid: custom, appID: 1001, vn: '2', payType: 'sandbox', requestId: requestId() })).msg).toBe(SHOP_MSG.customPayment);
    const bad = await order(t, guid, '2', { payType: 'cash' });
    expect(bad).toMatchObject({ status: 400, msg: '支付方式格式不正确' });
    const noKey = await order(t, guid, '2', { requestId: 'x' });
    expect(noKey).toMatchObject({ status: 400, msg: '请求编号格式不正确' });
    expect(await t.call(getOrderNumber, { appID: 1001, vn: '2', payType: 'sandbox', requestId: requestId() })).toEqual(NOT_LOGGED_IN);
  });

  it('limits how many orders a learner creates', async () => {
    const guid = await t.newLearner();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await order(t, guid, '1')).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("answers only the caller's own orders: another's and an unknown one are the same 404, and lookups are limited", async () => {
    const owner = await t.newLearner();
    const other = await t.newLearner();
    const { orderID } = (await order(t, owner)).data;
    expect((await t.call(queryUserOrder, { guid: owner, orderID })).data).toMatchObject({ status: 'created', paymentState: 'unpaid' });
    const theirs = await t.call(queryUserOrder, { guid: other, orderID });
    const missing = await t.call(queryUserOrder, { guid: other, orderID: 'KS00000000000000000000' });
    expect(theirs).toEqual({ status: 404, msg: SHOP_MSG.orderUnknown, data: null });
    expect(missing).toEqual(theirs);
    // 120 a minute (a pay page polls every 1.5 s); the 121st probe in the minute is refused.
    for (let i = 0; i < ORDER_QUERY_LIMIT.perUser - 2; i++) await t.call(queryUserOrder, { guid: other, orderID: `KS${String(i).padStart(20, '0')}` });
    expect(await t.call(queryUserOrder, { guid: other, orderID })).toMatchObject({ status: 429, msg: SHOP_MSG.queryTooMany });
    expect((await t.call(queryUserOrder, { guid: owner, orderID })).data.status).toBe('created');
    expect((await t.call(userOrderList, { guid: other })).data.list).toEqual([]);
    expect((await t.call(userOrderList, { guid: owner })).data.list.map((o: { orderID: string }) => o.orderID)).toEqual([orderID]);
  });
});

describe('paying through the sandbox', () => {
  it('opens the version once the pay page is confirmed, on this device and (by the change log) on the others', async () => {
    const guid = await t.newLearner();
    const other = await t.newLearner();
    const created = (await order(t, guid, '2')).data;
    const page = await t.app.inject({ method: 'GET', url: created.payUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('确认支付');
    expect(page.body).toContain('¥398.00');
    expect((await t.app.inject({ method: 'POST', url: `/sandbox/pay/nope/confirm` })).statusCode).toBe(404);
    const confirmed = await confirmPay(t, created.payUrl);
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(`/buyCallback?orderID=${created.orderID}`);

    const done = await waitForStatus(t, guid, created.orderID, 'fulfilled');
    expect(done.data.paidAt).not.toBeNull();
    expect(done.data.payUrl).toBeNull();
    expect((await t.call(vipinfo, { guid, appID: 1001 })).data.vipdata).toMatchObject({ AppVn: '2' });
    expect((await t.call(getChangeInfo, { guid })).status).toBe(200);
    expect((await t.call(vipinfo, { guid: other, appID: 1001 })).data.vipdata).toBeFalsy();
    // Paid once: the page now says so, and a second confirm sends nothing more.
    expect((await t.app.inject({ method: 'GET', url: created.payUrl })).body).toContain('该订单已支付');
  });

  it('runs a second purchase of a held version on from its end', async () => {
    const guid = await t.newLearner();
    for (let i = 0; i < 2; i++) {
      const o = (await order(t, guid, '1')).data;
      await confirmPay(t, o.payUrl);
      await waitForStatus(t, guid, o.orderID, 'fulfilled');
    }
    const item = (await t.call(pricelist, { guid, appID: 1001 })).data.items.find((i: { vn: string }) => i.vn === '1');
    expect(Date.parse(item.heldUntil) - t.clock.now).toBe(730 * 86_400_000);
  });
});
