import { shareOrder, sharedOrder, SHOP_MSG, vipinfo } from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextPhone, type TestApp } from '../../test/helpers.ts';
import { confirmPay, order, waitForStatus } from './shop-setup.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('请人代付 (a shared order paid by someone without an account)', () => {
  it('shares an unpaid order by token; a guest sees it, pays it and comes back to the shared page; the learner is granted', async () => {
    const phone = nextPhone();
    const { guid } = await t.register(phone);
    const other = await t.newLearner();
    const o = (await order(t, guid, '2')).data;
    expect((await t.call(shareOrder, { guid: other, orderID: o.orderID })).status).toBe(404); // another's order is no different from an unknown one
    const { token } = (await t.call(shareOrder, { guid, orderID: o.orderID })).data;
    expect((await t.call(shareOrder, { guid, orderID: o.orderID })).data.token).toBe(token);

    const seen = (await t.call(sharedOrder, { orderID: o.orderID, token })).data;
    expect(seen).toMatchObject({ vname: 'VIP班', amount: 39800, status: 'created', payUrl: o.payUrl, requester: `${phone.slice(0, 3)}****${phone.slice(-4)}` });
    expect(JSON.stringify(seen)).not.toContain(phone);
    expect(await t.call(sharedOrder, { orderID: o.orderID, token: `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}` })).toMatchObject({
      status: 404,
      msg: SHOP_MSG.shareUnknown,
    });
    expect((await t.call(sharedOrder, { orderID: 'KS00000000000000000000', token })).msg).toBe(SHOP_MSG.shareUnknown);

    const back = `/qRcodePayNew?orderID=${o.orderID}&token=${token}`;
    const page = await t.app.inject({ method: 'GET', url: `${o.payUrl}?back=${encodeURIComponent(back)}` });
    expect(page.body).toContain(`/confirm?back=${encodeURIComponent(back)}`);
    const paid = await t.app.inject({ method: 'POST', url: `${o.payUrl}/confirm?back=${encodeURIComponent(back)}` });
    expect(paid.headers.location).toBe(back);
    await waitForStatus(t, guid, o.orderID, 'fulfilled');
    expect((await t.call(sharedOrder, { orderID: o.orderID, token })).data).toMatchObject({ status: 'fulfilled', payUrl: null });
    expect((await t.call(vipinfo, { guid, appID: 1001 })).data.vipdata).toMatchObject({ AppVn: '2' });
    expect((await t.call(shareOrder, { guid, orderID: o.orderID })).msg).toBe(SHOP_MSG.notShareable);
  });

  it('sends nobody anywhere else: a foreign return address is ignored', async () => {
    const guid = await t.newLearner();
    const o = (await order(t, guid, '1')).data;
    const res = await confirmPay(t, `${o.payUrl}`);
    expect(res.headers.location).toBe(`/buyCallback?orderID=${o.orderID}`);
    const o2 = (await order(t, guid, '1')).data;
    const evil = await t.app.inject({ method: 'POST', url: `${o2.payUrl}/confirm?back=${encodeURIComponent('https://evil.example/x')}` });
    expect(evil.headers.location).toBe(`/buyCallback?orderID=${o2.orderID}`);
  });
});
