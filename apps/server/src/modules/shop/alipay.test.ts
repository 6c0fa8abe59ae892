import { generateKeyPairSync } from 'node:crypto';
import { getHuabeiPrice, getOrderNumber, HUABEI_MSG, pricelist, queryUserOrder, vipinfo } from '@kaoshi/contract';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, purchases } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { createAlipay } from './alipay.ts';
import { yuanToFen } from './alipay-events.ts';
import { fakeAlipay, type FakeAlipay } from './fake-providers.ts';
import { createRefunder } from './index.ts';
import { realProviders } from './provider-config.ts';
import { notifyPath } from './providers.ts';
import { installNotifyRoutes } from './routes.ts';
import type { ShopService } from './service.ts';
import { realPayments, requestId } from './shop-setup.ts';

let t: TestApp;
let ali: FakeAlipay;
beforeAll(async () => {
  ali = await fakeAlipay('https://kaoshi.example');
  t = await createTestApp({ config: ali.config as never });
});
afterAll(async () => {
  await t.close();
  await ali.close();
});

const buy = (guid: string, equipment: string, extra: Record<string, unknown> = {}) =>
  t.call(getOrderNumber, { guid, appID: 1001, vn: '2', payType: 'alipay', equipment, requestId: requestId(), ...extra });

/** An asynchronous notification as Alipay posts it (form fields, RSA2 over the sorted pairs). */
function notify(form: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: notifyPath('alipay'),
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    payload: new URLSearchParams(form).toString(),
  });
}
const paidForm = (orderNo: string, amount: string, over: Record<string, string> = {}) => ({
  app_id: '2021000000000001',
  notify_id: `N${orderNo}${amount}`,
  notify_time: '2026-11-25 18:00:00',
  notify_type: 'trade_status_sync',
  charset: 'utf-8',
  version: '1.0',
  out_trade_no: orderNo,
  trade_no: `2026${orderNo.slice(2)}`,
  trade_status: 'TRADE_SUCCESS',
  total_amount: amount,
  seller_id: '2088102000000001',
  ...over,
});

describe('Alipay (alipay-sdk against a local Alipay gateway that signs its answers)', () => {
  it('starts only when fully configured: a partial configuration names what is missing', () => {
    expect(() => realProviders({ ...t.config, ALIPAY_PRIVATE_KEY: undefined })).toThrow('Alipay is partly configured: set ALIPAY_PRIVATE_KEY');
    expect(() => realProviders({ ...t.config, PUBLIC_BASE_URL: undefined })).toThrow('Alipay needs PUBLIC_BASE_URL');
    expect(realProviders({ ...t.config, ALIPAY_APP_ID: undefined, ALIPAY_PRIVATE_KEY: undefined, ALIPAY_PUBLIC_KEY: undefined }).providers).toEqual([]);
  });

  it('reads amounts of yuan exactly', () => {
    expect([yuanToFen('398.00'), yuanToFen('0.5'), yuanToFen('12'), yuanToFen('1.234'), yuanToFen('-1'), yuanToFen('1e3')]).toEqual([39800, 50, 1200, null, null, null]);
  });

  it('is offered in a browser, not inside WeChat; a desktop goes to the page pay, a phone to the wap pay, both signed with the app key', async () => {
    const guid = await t.newLearner();
    expect((await t.call(pricelist, { guid, appID: 1001, equipment: 'web_pc' })).data.payTypes).toEqual(['sandbox', 'alipay']);
    expect((await t.call(pricelist, { guid, appID: 1001, equipment: 'web_wechat' })).data.payTypes).toEqual(['sandbox']);
    expect((await buy(guid, 'web_wechat')).status).toBe(400);

    const pc = (await buy(guid, 'web_pc', { price: 1 })).data;
    const url = new URL(pc.payUrl);
    expect(`${url.origin}${url.pathname}`).toBe(ali.config.ALIPAY_GATEWAY);
    expect(ali.verifyRequest(url.searchParams)).toBe(true);
    expect(url.searchParams.get('method')).toBe('alipay.trade.page.pay');
    expect(url.searchParams.get('notify_url')).toBe('https://kaoshi.example/api/pay/notify/alipay');
    expect(url.searchParams.get('return_url')).toBe(`https://kaoshi.example/buyCallback?orderID=${pc.orderID}`);
    expect(JSON.parse(url.searchParams.get('biz_content')!)).toMatchObject({ out_trade_no: pc.orderID, total_amount: '398.00', product_code: 'FAST_INSTANT_TRADE_PAY' });

    const phone = new URL((await buy(guid, 'web_h5')).data.payUrl);
    expect(phone.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(JSON.parse(phone.searchParams.get('biz_content')!)).toMatchObject({ product_code: 'QUICK_WAP_WAY' });
  });

  it('a notification signed by Alipay grants once and is answered success; forged, tampered, another app or amount: fail, nothing granted', async () => {
    const guid = await t.newLearner();
    const o = (await buy(guid, 'web_h5')).data;
    const forgedKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const refusals = [
      ali.signNotification(paidForm(o.orderID, '398.00'), forgedKey),
      { ...ali.signNotification(paidForm(o.orderID, '0.01')), total_amount: '398.00', notify_id: 'tampered' },
      ali.signNotification(paidForm(o.orderID, '398.00', { app_id: '2021000000000999', notify_id: 'other-app' })),
      ali.signNotification(paidForm(o.orderID, '0.01')),
      ali.signNotification(paidForm('KS00000000000000000000', '398.00')),
      paidForm(o.orderID, '398.00'),
    ];
    for (const form of refusals) {
      const res = await notify(form);
      expect([res.statusCode, res.body]).toEqual([400, 'fail']);
    }
    expect((await t.call(queryUserOrder, { guid, orderID: o.orderID })).data.status).toBe('created');
    const good = ali.signNotification(paidForm(o.orderID, '398.00'));
    const answers = await Promise.all([good, good, good].map(notify));
    expect(answers.map((r) => r.body)).toEqual(['success', 'success', 'success']);
    // TRADE_FINISHED follows later with its own id: taken, nothing more granted.
    expect((await notify(ali.signNotification(paidForm(o.orderID, '398.00', { trade_status: 'TRADE_FINISHED', notify_id: 'finished' })))).body).toBe('success');
    expect((await t.call(queryUserOrder, { guid, orderID: o.orderID })).data.status).toBe('fulfilled');
    expect((await t.call(vipinfo, { guid, appID: 1001 })).data.vipdata).toMatchObject({ AppVn: '2' });
    const [row] = await t.db.select({ userId: orders.userId }).from(orders).where(eq(orders.orderNo, o.orderID));
    expect(await t.db.select().from(purchases).where(eq(purchases.userId, row!.userId))).toHaveLength(1);
  });

  it('refuses another kind of notification or an unknown trade status; a refund of the trade is taken (success) and grants nothing', async () => {
    const guid = await t.newLearner();
    const o = (await buy(guid, 'web_h5')).data;
    const paid = paidForm(o.orderID, '398.00');
    const { trade_status: _, ...noStatus } = paid;
    for (const form of [
      { ...paid, notify_type: 'batch_trans_notify', notify_id: 'other-kind' },
      { ...paid, trade_status: 'TRADE_PENDING', notify_id: 'pending' },
      { ...noStatus, notify_id: 'no-status' },
    ]) {
      const res = await notify(ali.signNotification(form));
      expect([form.notify_id, res.statusCode, res.body]).toEqual([form.notify_id, 400, 'fail']);
    }
    // A partial refund (made in Alipay's console) comes as TRADE_SUCCESS with the refund's fields; a full one as TRADE_CLOSED.
    const refund = { refund_fee: '100.00', gmt_refund: '2026-11-25 18:10:00.123', out_biz_no: `R${o.orderID}` };
    for (const form of [
      { ...paid, ...refund, notify_id: 'refund-part' },
      { ...paid, ...refund, trade_status: 'TRADE_CLOSED', notify_id: 'refund-all' },
    ])
      expect((await notify(ali.signNotification(form))).body).toBe('success');
    expect((await t.call(queryUserOrder, { guid, orderID: o.orderID })).data.status).toBe('created');
  });

  it("answers a body over 16 KiB 413, no content type 415 and a store failure 500, each with Alipay's text fail", async () => {
    const guid = await t.newLearner();
    const o = (await buy(guid, 'web_h5')).data;
    const big = await notify(ali.signNotification(paidForm(o.orderID, '398.00', { body: 'x'.repeat(17 * 1024) })));
    expect([big.statusCode, big.body]).toEqual([413, 'fail']);
    const form = new URLSearchParams(ali.signNotification(paidForm(o.orderID, '398.00'))).toString();
    const untyped = await t.app.inject({ method: 'POST', url: notifyPath('alipay'), headers: { 'content-type': '' }, payload: form });
    expect([untyped.statusCode, untyped.body]).toEqual([415, 'fail']);
    // A NUL in the order number makes the database throw.
    const thrown = await notify(ali.signNotification(paidForm('KS\u0000', '398.00')));
    expect([thrown.statusCode, thrown.body]).toEqual([500, 'fail']);
    expect((await t.call(queryUserOrder, { guid, orderID: o.orderID })).data.status).toBe('created');
  });

  it('checks seller_id when the seller is configured: another seller is refused, ours taken', async () => {
    const taken: string[] = [];
    const applyPayment = (_provider: string, id: string) => {
      taken.push(id);
      return Promise.resolve('granted');
    };
    const shop = { applyPayment } as unknown as ShopService;
    const provider = createAlipay({
      appId: ali.config.ALIPAY_APP_ID!,
      privateKeyPem: ali.config.ALIPAY_PRIVATE_KEY!,
      alipayPublicKeyPem: ali.config.ALIPAY_PUBLIC_KEY!,
      gateway: ali.config.ALIPAY_GATEWAY!,
      publicUrl: 'https://kaoshi.example',
      sellerId: '2088102000000001',
    });
    const app = Fastify();
    await installNotifyRoutes(app, shop, [provider], () => t.clock.now);
    const post = (form: Record<string, string>) =>
      app.inject({ method: 'POST', url: notifyPath('alipay'), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() });
    const other = await post(ali.signNotification(paidForm('KS00000000000000000001', '1.00', { seller_id: '2088102000000999', notify_id: 'other-seller' })));
    const { seller_id: _, ...sellerless } = paidForm('KS00000000000000000001', '1.00', { notify_id: 'no-seller' });
    const none = await post(ali.signNotification(sellerless));
    const ours = await post(ali.signNotification(paidForm('KS00000000000000000001', '1.00', { notify_id: 'our-seller' })));
    expect([other.statusCode, other.body, none.statusCode, none.body, ours.statusCode, ours.body]).toEqual([400, 'fail', 400, 'fail', 200, 'success']);
    expect(taken).toEqual(['our-seller']);
    await app.close();
  });

  it('Huabei: 3, 6 and 12 periods from ¥100 where Alipay is offered; the order carries them to Alipay as extend_params', async () => {
    const guid = await t.newLearner();
    const vip = (await t.call(getHuabeiPrice, { guid, appID: 1001, vn: '2', equipment: 'web_h5' })).data;
    expect(vip).toMatchObject({ amount: 39800, available: true, reason: null });
    expect(vip.plans.map((p: { periods: number; sellerPays: boolean }) => [p.periods, p.sellerPays])).toEqual([
      [3, true],
      [6, false],
      [12, false],
    ]);
    expect((await t.call(getHuabeiPrice, { guid, appID: 1001, vn: '4_MNDB', equipment: 'web_h5' })).data).toMatchObject({
      available: false,
      reason: HUABEI_MSG.tooSmall,
      plans: [],
    });
    // Inside WeChat only WeChat Pay and the sandbox are offered; the sandbox stands in for Alipay in development.
    expect((await t.call(getHuabeiPrice, { guid, appID: 1001, vn: '2', equipment: 'web_wechat' })).data.available).toBe(true);

    const o = (await buy(guid, 'web_h5', { hbfqnum: 6 })).data;
    expect(o.instalments).toBe(6);
    expect(JSON.parse(new URL(o.payUrl).searchParams.get('biz_content')!)).toMatchObject({ extend_params: { hb_fq_num: '6', hb_fq_seller_percent: '0' } });
    const free = (await buy(guid, 'web_h5', { hbfqnum: 3 })).data;
    expect(JSON.parse(new URL(free.payUrl).searchParams.get('biz_content')!)).toMatchObject({ extend_params: { hb_fq_num: '3', hb_fq_seller_percent: '100' } });
    expect(await buy(guid, 'web_h5', { hbfqnum: 5 })).toMatchObject({ status: 400, msg: '花呗分期期数格式不正确' });
    expect(await buy(guid, 'web_h5', { vn: '4_MNDB', hbfqnum: 3 })).toMatchObject({ status: 400, msg: HUABEI_MSG.tooSmall });
    const wx = await t.call(getOrderNumber, { guid, appID: 1001, vn: '2', payType: 'wechat', equipment: 'web_h5', requestId: requestId(), hbfqnum: 3 });
    expect(wx.status).toBe(400); // WeChat Pay is not configured in this app: refused before Huabei is looked at
    expect((await buy(guid, 'web_h5')).data.instalments).toBe(0);
  });

  it('reconciles by alipay.trade.query (a signed answer) and refunds by alipay.trade.refund', async () => {
    const guid = await t.newLearner();
    const o = (await buy(guid, 'web_pc')).data;
    const payments = await realPayments(t);
    t.clock.advance(3 * 60_000);
    expect((await payments.sweep()).applied).toBe(0);
    ali.paid.set(o.orderID, { tradeNo: '2026112522001', amount: '398.00' });
    expect((await payments.sweep()).applied).toBe(1);
    t.forgetCaches();
    expect((await t.call(queryUserOrder, { guid, orderID: o.orderID })).data.status).toBe('fulfilled');
    expect(await (await createRefunder(t.db, t.config, () => t.clock.now))(o.orderID, '学员申请退款')).toBe('refunded');
    expect(ali.refunds.at(-1)).toMatchObject({ out_trade_no: o.orderID, refund_amount: '398.00', out_request_no: `R${o.orderID}` });
  });
});
