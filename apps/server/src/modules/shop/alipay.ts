import { AlipaySdk } from 'alipay-sdk';
import { notifyPath, type NotifyAnswers, type PaymentProvider, type StartPayment } from './providers.ts';
import { alipayNotificationEvent, alipayQueryEvent } from './alipay-events.ts';
import { refusedAs, type OpenedNotification } from './payment-event.ts';
import { chinaSecond } from '../../platform/china-time.ts';

/** Alipay as configured (config.ts ALIPAY_*; keys already read). */
export interface AlipayConfig {
  appId: string;
  /** The application's private key (PKCS#8 or PKCS#1 PEM) and Alipay's public key (PEM). */
  privateKeyPem: string;
  alipayPublicKeyPem: string;
  gateway: string;
  publicUrl: string;
  /** The seller's Alipay user id (2088…): when set, a notification's seller_id must be it. */
  sellerId?: string;
}

const fenToYuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** Alipay wants the text success once a notification is taken, anything else makes it send again. */
const ANSWERS: NotifyAnswers = {
  taken: { status: 200, body: 'success' },
  unverified: { status: 400, body: 'fail' },
  refused: () => ({ status: 400, body: 'fail' }),
  failed: (status) => ({ status, body: 'fail' }),
};

/**
 * The Alipay provider (docs/shop.md, "Providers") on alipay-sdk: a desktop pays on Alipay's page
 * (alipay.trade.page.pay), a phone browser on its wap page (alipay.trade.wap.pay); both come back to
 * /buyCallback. Huabei instalments go with the payment as extend_params. Notifications are form posts signed
 * with RSA2, verified with Alipay's public key, and checked to be trade_status_sync of this app (and seller,
 * when configured) in a known trade status, then translated into the shop's payment events (alipay-events.ts); a
 * refund's is taken but is never a payment. Not offered inside WeChat.
 */
export function createAlipay(cfg: AlipayConfig) {
  const sdk = new AlipaySdk({
    appId: cfg.appId,
    privateKey: cfg.privateKeyPem,
    keyType: cfg.privateKeyPem.includes('RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8',
    alipayPublicKey: cfg.alipayPublicKeyPem,
    gateway: cfg.gateway,
    signType: 'RSA2',
    timeout: 10_000,
  });

  async function exec(method: string, bizContent: Record<string, unknown>): Promise<Record<string, unknown>> {
    const res = (await sdk.exec(method, { bizContent })) as Record<string, unknown>;
    return res;
  }

  function start(p: StartPayment): Promise<{ payUrl: string }> {
    const pc = p.equipment === 'pc';
    const bizContent: Record<string, unknown> = {
      out_trade_no: p.orderNo,
      total_amount: fenToYuan(p.amountFen),
      subject: p.description.slice(0, 256),
      product_code: pc ? 'FAST_INSTANT_TRADE_PAY' : 'QUICK_WAP_WAY',
      time_expire: chinaSecond(p.expiresAt.getTime()),
    };
    if (p.instalmentTerms) bizContent.extend_params = { hb_fq_num: String(p.instalmentTerms.periods), hb_fq_seller_percent: String(p.instalmentTerms.sellerPercent) };
    const payUrl = sdk.pageExecute(pc ? 'alipay.trade.page.pay' : 'alipay.trade.wap.pay', 'GET', {
      bizContent,
      notifyUrl: `${cfg.publicUrl}${notifyPath('alipay')}`,
      returnUrl: `${cfg.publicUrl}${p.returnUrl}`,
    });
    return Promise.resolve({ payUrl });
  }

  function open(_headers: Record<string, unknown>, body: string): OpenedNotification {
    const form = Object.fromEntries(new URLSearchParams(body));
    if (!form.sign || !form.notify_id) return { ok: false, reason: 'body' };
    let valid = false;
    try {
      valid = sdk.checkNotifySign(form);
    } catch {
      valid = false;
    }
    if (!valid) return { ok: false, reason: 'signature' };
    // Alipay sent it; only a trade of this app (and seller) in a known state is taken.
    if (form.notify_type !== 'trade_status_sync') return refusedAs('event');
    if (form.app_id !== cfg.appId) return refusedAs('app');
    if (cfg.sellerId !== undefined && form.seller_id !== cfg.sellerId) return refusedAs('seller');
    // In the shop's words (alipay-events.ts): a payment only as TRADE_SUCCESS or TRADE_FINISHED without a refund.
    const event = alipayNotificationEvent(form);
    if ('refused' in event) return refusedAs(event.refused);
    return { ok: true, id: form.notify_id.slice(0, 64), event };
  }

  const provider: PaymentProvider = {
    id: 'alipay',
    equipments: ['pc', 'mobile'],
    start,
    async query(orderNo) {
      const r = await exec('alipay.trade.query', { out_trade_no: orderNo });
      if (r.code === '40004') return null; // ACQ.TRADE_NOT_EXIST: not paid (nor opened) yet
      if (r.code !== '10000') throw new Error(`Alipay query failed: ${String(r.code)} ${String(r.subCode ?? '')}`);
      return alipayQueryEvent(orderNo, r);
    },
    async refund(orderNo, amountFen) {
      // out_request_no is the order's: a second call is the same refund, not another.
      const r = await exec('alipay.trade.refund', { out_trade_no: orderNo, refund_amount: fenToYuan(amountFen), out_request_no: `R${orderNo}` });
      if (r.code !== '10000') throw new Error(`Alipay refund failed: ${String(r.code)} ${String(r.subCode ?? '')}`);
    },
    open,
    answers: ANSWERS,
  };
  return provider;
}
