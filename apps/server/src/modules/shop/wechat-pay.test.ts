import { createVerify, generateKeyPairSync } from 'node:crypto';
import { getOrderNumber, HUABEI_MSG, pricelist, queryUserOrder, SHOP_MSG, vipinfo, wechatJsapi } from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextPhone, type TestApp } from '../../test/helpers.ts';
import { fakeWechat, type FakeWechat } from './fake-providers.ts';
import { createRefunder } from './index.ts';
import { notifyPath } from './providers.ts';
import { realPayments, requestId } from './shop-setup.ts';
import { encryptResource, signBody } from './wechat-v3.ts';

let t: TestApp;
let wx: FakeWechat;
beforeAll(async () => {
  wx = await fakeWechat('https://kaoshi.example');
  t = await createTestApp({ config: wx.config as never });
});
afterAll(async () => {
  await t.close();
  await wx.close();
});

const buy = (guid: string, equipment: string, extra: Record<string, unknown> = {}) =>
  t.call(getOrderNumber, { guid, appID: 1001, vn: '2', payType: 'wechat', equipment, requestId: requestId(), ...extra });

/** Fields of a notification a test changes: its event, and the merchant and app of its transaction (undefined: left out). */
interface Over {
  event_type?: string;
  mchid?: string;
  appid?: string;
  pad?: number;
}

/** A payment notification as WeChat Pay sends it: the transaction encrypted with the APIv3 key, signed by the platform key. */
function notification(orderNo: string, amountFen: number, key = wx.platform.privateKey, id = `EV-${orderNo}-${amountFen}`, over: Over = {}) {
  const transaction = {
    mchid: 'mchid' in over ? over.mchid : wx.config.WECHATPAY_MCHID,
    appid: 'appid' in over ? over.appid : wx.config.WECHATPAY_APPID,
    out_trade_no: orderNo,
    transaction_id: `4200${orderNo.slice(2)}`,
    trade_state: 'SUCCESS',
    amount: { total: amountFen, currency: 'CNY' },
  };
  const body = JSON.stringify({
    id,
    create_time: new Date(t.clock.now).toISOString(),
    event_type: over.event_type ?? 'TRANSACTION.SUCCESS',
    resource_type: 'encrypt-resource',
    summary: 'x'.repeat(over.pad ?? 4),
    resource: encryptResource(wx.apiV3Key, JSON.stringify(transaction)),
  });
  const signed = signBody(key, wx.platform.serial, body, t.clock.now);
  return t.app.inject({ method: 'POST', url: notifyPath('wechat'), headers: signed.headers, payload: signed.body });
}
const lastSeen = (path: string) => wx.seen.filter((s) => s.path.startsWith(path)).at(-1)!;

describe('WeChat Pay v3 (wechatpay-axios-plugin against a local WeChat Pay that checks signatures)', () => {
  it('is offered on every client of an agent with IsWeiXinPay = 1, and refused for an agent without it', async () => {
    const guid = await t.newLearner();
    expect((await t.call(pricelist, { guid, appID: 1001, equipment: 'web_pc' })).data.payTypes).toEqual(['sandbox', 'wechat']);
    expect((await t.call(pricelist, { guid, appID: 1001, equipment: 'web_wechat' })).data.payTypes).toEqual(['sandbox', 'wechat']);
    await t.db.execute(`update agents set is_weixin_pay = 0 where code = '6001'`);
    t.forgetCaches();
    const hushi = (await t.register(nextPhone(), undefined, '6001')).guid;
    expect((await t.call(pricelist, { guid: hushi, appID: 1001, equipment: 'web_pc' })).data.payTypes).toEqual(['sandbox']);
    expect(await buy(hushi, 'web_pc')).toMatchObject({ status: 400, msg: SHOP_MSG.payTypeOff });
    await t.db.execute(`update agents set is_weixin_pay = 1 where code = '6001'`);
    t.forgetCaches();
  });

  it('desktop: a Native order whose code_url the QR page draws, with the server amount, the notify URL and the expiry in Beijing time', async () => {
    const guid = await t.newLearner();
    const o = (await buy(guid, 'web_pc', { amount: 1 })).data;
    expect(o.payUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const sent = lastSeen('/v3/pay/transactions/native').body;
    expect(sent).toMatchObject({
      mchid: '1900000001',
      appid: 'wxd0000000000000001',
      out_trade_no: o.orderID,
      amount: { total: 39800, currency: 'CNY' },
      notify_url: 'https://kaoshi.example/api/pay/notify/wechat',
    });
    expect(sent.time_expire).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
  });

  it('phone browser: H5, returning to /buyCallback of the order on this site', async () => {
    const guid = await t.newLearner();
    const o = (await buy(guid, 'web_h5')).data;
    expect(await buy(guid, 'web_h5', { hbfqnum: 3 })).toMatchObject({ status: 400, msg: HUABEI_MSG.noAlipay });
    expect(o.payUrl).toContain(`&redirect_url=${encodeURIComponent(`https://kaoshi.example/buyCallback?orderID=${o.orderID}`)}`);
    expect(lastSeen('/v3/pay/transactions/h5').body).toMatchObject({ out_trade_no: o.orderID, scene_info: { h5_info: { type: 'Wap' } } });
  });

  it('inside WeChat: /htmlWeChatPay gets the payer by a silent authorize, then a JSAPI payment signed with the merchant key', async () => {
    const guid = await t.newLearner();
    const o = (await buy(guid, 'web_wechat')).data;
    expect(o.payUrl).toBe(`/htmlWeChatPay?orderID=${o.orderID}`);
    const first = (await t.call(wechatJsapi, { guid, orderID: o.orderID })).data;
    expect(first.params).toBeNull();
    const auth = new URL(first.authorizeUrl);
    expect(auth.searchParams.get('appid')).toBe('wxd0000000000000001');
    expect(auth.searchParams.get('scope')).toBe('snsapi_base');
    expect(auth.searchParams.get('redirect_uri')).toBe(`https://kaoshi.example/htmlWeChatPay?orderID=${o.orderID}`);
    expect(await t.call(wechatJsapi, { guid, orderID: o.orderID, code: 'stale-code' })).toMatchObject({ status: 400, msg: SHOP_MSG.wechatAuth });
    const { params } = (await t.call(wechatJsapi, { guid, orderID: o.orderID, code: 'good-code' })).data;
    expect(lastSeen('/v3/pay/transactions/jsapi').body).toMatchObject({ out_trade_no: o.orderID, payer: { openid: 'o-payer-openid' }, amount: { total: 39800 } });
    expect(params).toMatchObject({ appId: 'wxd0000000000000001', signType: 'RSA', package: expect.stringMatching(/^prepay_id=wx/) });
    const signed = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
    expect(createVerify('RSA-SHA256').update(signed).verify(wx.merchant.publicKey, params.paySign, 'base64')).toBe(true);
    // Someone else's order, or one not payable by WeChat, is not opened.
    expect((await t.call(wechatJsapi, { guid: await t.newLearner(), orderID: o.orderID })).status).toBe(404);
    const sandboxOrder = (await buy(guid, 'web_wechat', { payType: 'sandbox' })).data;
    expect(await t.call(wechatJsapi, { guid, orderID: sandboxOrder.orderID })).toMatchObject({ status: 400, msg: SHOP_MSG.notPayable });
  });

  it('an answer WeChat did not sign is refused: no pay URL, and the same request tried again starts the payment', async () => {
    const guid = await t.newLearner();
    const again = requestId();
    wx.forge = true;
    const refused = await buy(guid, 'web_pc', { requestId: again });
    wx.forge = false;
    expect(refused.status).toBeGreaterThanOrEqual(500);
    const retried = (await buy(guid, 'web_pc', { requestId: again })).data;
    expect(retried.payUrl).toMatch(/^weixin:/);
  });

  it('a notification signed by the platform key grants once; forged, tampered or for another amount grants nothing', async () => {
    const guid = await t.newLearner();
    const o = (await buy(guid, 'web_pc')).data;
    const forged = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect((await notification(o.orderID, o.amount, forged)).statusCode).toBe(401);
    expect((await notification(o.orderID, 1)).statusCode).toBe(400);
    expect((await t.call(queryUserOrder, { guid, orderID: o.orderID })).data.status).toBe('created');
    const ok = await Promise.all([1, 2, 3].map(() => notification(o.orderID, o.amount)));
    expect(ok.map((r) => r.statusCode)).toEqual([204, 204, 204]);
    expect((await t.call(queryUserOrder, { guid, orderID: o.orderID })).data.status).toBe('fulfilled');
    expect((await t.call(vipinfo, { guid, appID: 1001 })).data.vipdata).toMatchObject({ AppVn: '2' });
  });

  it('refuses (400) a refund event and a payment of another merchant or app, each signed and encrypted by WeChat; nothing granted', async () => {
    const guid = await t.newLearner();
    const o = (await buy(guid, 'web_pc')).data;
    const refusals: Over[] = [{ event_type: 'REFUND.SUCCESS' }, { mchid: '1900000999' }, { appid: 'wxd0000000000000999' }, { mchid: undefined }, { appid: undefined }];
    for (const [i, over] of refusals.entries()) {
      const res = await notification(o.orderID, o.amount, undefined, `EV-other-${i}`, over);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'FAIL' });
    }
    expect((await t.call(queryUserOrder, { guid, orderID: o.orderID })).data.status).toBe('created');
    expect((await notification(o.orderID, o.amount)).statusCode).toBe(204);
    expect((await t.call(queryUserOrder, { guid, orderID: o.orderID })).data.status).toBe('fulfilled');
  });

  it("answers a body over 16 KiB 413 and a body of no content type 415, with WeChat's JSON (never 2xx); nothing granted", async () => {
    const guid = await t.newLearner();
    const o = (await buy(guid, 'web_pc')).data;
    const big = await notification(o.orderID, o.amount, undefined, undefined, { pad: 17 * 1024 });
    expect([big.statusCode, big.json()]).toEqual([413, { code: 'FAIL', message: expect.any(String) }]);
    const untyped = await t.app.inject({ method: 'POST', url: notifyPath('wechat'), headers: { 'content-type': '' }, payload: '{}' });
    expect([untyped.statusCode, untyped.json()]).toEqual([415, { code: 'FAIL', message: expect.any(String) }]);
    expect((await t.call(queryUserOrder, { guid, orderID: o.orderID })).data.status).toBe('created');
  });

  it('reconciles an order whose notification never came by asking WeChat Pay, and refunds through it', async () => {
    const guid = await t.newLearner();
    const o = (await buy(guid, 'web_pc')).data;
    const payments = await realPayments(t);
    t.clock.advance(3 * 60_000);
    expect((await payments.sweep()).applied).toBe(0);
    wx.paid.set(o.orderID, { transactionId: '4200000001', amountFen: o.amount });
    expect((await payments.sweep()).applied).toBe(1);
    t.forgetCaches();
    expect((await t.call(queryUserOrder, { guid, orderID: o.orderID })).data.status).toBe('fulfilled');
    expect(await (await createRefunder(t.db, t.config, () => t.clock.now))(o.orderID, '学员申请退款')).toBe('refunded');
    expect(lastSeen('/v3/refund/domestic/refunds').body).toMatchObject({ out_trade_no: o.orderID, out_refund_no: `R${o.orderID}`, amount: { refund: o.amount, total: o.amount } });
  });
});
