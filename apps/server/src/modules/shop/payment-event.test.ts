import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SandboxPaymentRow } from '../../db/schema/index.ts';
import { alipayNotificationEvent, alipayQueryEvent } from './alipay-events.ts';
import { sandboxEvent } from './sandbox.ts';
import { encryptResource, openNotification, signBody, wechatEvent } from './wechat-v3.ts';

const NO = 'KS20261125120000123456';

describe("each adapter translates its provider's words into the shop's payment events", () => {
  it('WeChat Pay v3: SUCCESS is paid, REFUND refunded, NOTPAY and USERPAYING pending, CLOSED, REVOKED and PAYERROR failed', () => {
    const paid = { out_trade_no: NO, transaction_id: '4200001', trade_state: 'SUCCESS', amount: { total: 39800, currency: 'CNY' } };
    expect(wechatEvent(paid)).toEqual({ kind: 'paid', orderNo: NO, providerTradeNo: '4200001', amountFen: 39800 });
    expect(wechatEvent({ ...paid, trade_state: 'REFUND' })).toEqual({ kind: 'refunded', orderNo: NO, providerTradeNo: '4200001', amountFen: 39800 });
    // WeChat gives no transaction id nor amount for a trade not paid.
    for (const state of ['NOTPAY', 'USERPAYING']) expect(wechatEvent({ out_trade_no: NO, trade_state: state })).toEqual({ kind: 'pending', orderNo: NO });
    for (const state of ['CLOSED', 'REVOKED', 'PAYERROR']) expect(wechatEvent({ out_trade_no: NO, trade_state: state })).toMatchObject({ kind: 'failed', orderNo: NO });
  });

  it('WeChat Pay v3: refuses another currency, a paid trade without its id or amount, and an undocumented state', () => {
    const paid = { out_trade_no: NO, transaction_id: '4200001', trade_state: 'SUCCESS', amount: { total: 39800, currency: 'CNY' } };
    expect(wechatEvent({ ...paid, amount: { total: 39800, currency: 'USD' } })).toEqual({ refused: 'currency' });
    expect(wechatEvent({ ...paid, transaction_id: undefined })).toEqual({ refused: 'resource' });
    expect(wechatEvent({ ...paid, amount: undefined })).toEqual({ refused: 'resource' });
    expect(wechatEvent({ ...paid, trade_state: 'SOMETHING' })).toEqual({ refused: 'status' });
    expect(wechatEvent({ trade_state: 'SUCCESS' })).toEqual({ refused: 'resource' });
  });

  it('WeChat Pay v3: a verified notification opens as the event of its transaction, never as its wire fields', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const keys = { publicKey, serial: 'S1', apiV3Key: 'k'.repeat(32), mchid: '1900000001', appid: 'wx1' };
    const now = Date.parse('2026-11-25T04:00:00Z');
    const open = (transaction: Record<string, unknown>, id: string) => {
      const resource = encryptResource(keys.apiV3Key, JSON.stringify({ mchid: keys.mchid, appid: keys.appid, ...transaction }));
      const body = JSON.stringify({ id, create_time: '', event_type: 'TRANSACTION.SUCCESS', resource_type: 'encrypt-resource', resource });
      const signed = signBody(privateKey, keys.serial, body, now);
      return openNotification(keys, signed.headers, signed.body, now);
    };
    expect(open({ out_trade_no: NO, transaction_id: '4200002', trade_state: 'SUCCESS', amount: { total: 100, currency: 'CNY' } }, 'EV1')).toEqual({
      ok: true,
      id: 'EV1',
      event: { kind: 'paid', orderNo: NO, providerTradeNo: '4200002', amountFen: 100 },
    });
    expect(open({ out_trade_no: NO, transaction_id: '4200002', trade_state: 'SUCCESS', amount: { total: 100, currency: 'HKD' } }, 'EV2')).toEqual({
      ok: false,
      reason: 'currency',
      authentic: true,
    });
  });

  it('Alipay notification: TRADE_SUCCESS and TRADE_FINISHED are paid, with a refund’s fields refunded; WAIT_BUYER_PAY pending; TRADE_CLOSED failed', () => {
    const form = { out_trade_no: NO, trade_no: '2026112522001', trade_status: 'TRADE_SUCCESS', total_amount: '398.00' };
    const trade = { orderNo: NO, providerTradeNo: '2026112522001', amountFen: 39800 };
    expect(alipayNotificationEvent(form)).toEqual({ kind: 'paid', ...trade });
    expect(alipayNotificationEvent({ ...form, trade_status: 'TRADE_FINISHED' })).toEqual({ kind: 'paid', ...trade });
    expect(alipayNotificationEvent({ ...form, refund_fee: '100.00', gmt_refund: '2026-11-25 18:10:00.123' })).toEqual({ kind: 'refunded', ...trade });
    expect(alipayNotificationEvent({ ...form, trade_status: 'TRADE_CLOSED', out_biz_no: `R${NO}` })).toEqual({ kind: 'refunded', ...trade });
    expect(alipayNotificationEvent({ ...form, trade_status: 'WAIT_BUYER_PAY' })).toEqual({ kind: 'pending', ...trade });
    expect(alipayNotificationEvent({ ...form, trade_status: 'TRADE_CLOSED' })).toEqual({ kind: 'failed', ...trade });
    expect(alipayNotificationEvent({ ...form, trade_status: 'TRADE_PENDING' })).toEqual({ refused: 'status' });
    expect(alipayNotificationEvent({ ...form, trade_no: '' })).toEqual({ refused: 'body' });
    expect(alipayNotificationEvent({ ...form, total_amount: '398.001' })).toEqual({ refused: 'body' });
  });

  it("Alipay query: alipay.trade.query's answer in the same words; a paid answer without its trade or amount is no trade", () => {
    const reply = { outTradeNo: NO, tradeNo: '2026112522001', tradeStatus: 'TRADE_SUCCESS', totalAmount: '398.00' };
    expect(alipayQueryEvent(NO, reply)).toEqual({ kind: 'paid', orderNo: NO, providerTradeNo: '2026112522001', amountFen: 39800 });
    expect(alipayQueryEvent(NO, { ...reply, tradeStatus: 'TRADE_FINISHED' })).toMatchObject({ kind: 'paid' });
    expect(alipayQueryEvent(NO, { ...reply, tradeStatus: 'TRADE_CLOSED' })).toMatchObject({ kind: 'failed', orderNo: NO });
    expect(alipayQueryEvent(NO, { outTradeNo: NO, tradeStatus: 'WAIT_BUYER_PAY', totalAmount: '398.00' })).toEqual({ kind: 'pending', orderNo: NO, amountFen: 39800 });
    expect(alipayQueryEvent(NO, { ...reply, tradeNo: undefined })).toBeNull();
    expect(alipayQueryEvent(NO, { ...reply, tradeStatus: 'TRADE_PENDING' })).toBeNull();
  });

  it("the sandbox: its records' paid, refunded and pending are the same kinds", () => {
    const row: SandboxPaymentRow = {
      payId: 'p'.repeat(24),
      orderNo: NO,
      amountFen: 39800,
      description: 'x',
      returnUrl: '/buyCallback',
      status: 'paid',
      transactionId: 'SBX1',
      createdAt: new Date(0),
      paidAt: new Date(0),
    };
    expect(sandboxEvent(row)).toEqual({ kind: 'paid', orderNo: NO, providerTradeNo: 'SBX1', amountFen: 39800 });
    expect(sandboxEvent({ ...row, status: 'refunded' })).toEqual({ kind: 'refunded', orderNo: NO, providerTradeNo: 'SBX1', amountFen: 39800 });
    expect(sandboxEvent({ ...row, status: 'pending', transactionId: null, paidAt: null })).toEqual({ kind: 'pending', orderNo: NO, amountFen: 39800 });
    expect(sandboxEvent({ ...row, transactionId: null })).toBeNull();
  });
});
