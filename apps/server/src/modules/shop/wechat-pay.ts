import { createPublicKey, randomBytes } from 'node:crypto';
import { Formatter, Rsa, Wechatpay } from 'wechatpay-axios-plugin';
import { notifyPath, WECHAT_ANSWERS, type PaymentProvider, type StartPayment } from './providers.ts';
import { openNotification, wechatEvent } from './wechat-v3.ts';
import { chinaRfc3339 } from '../../platform/china-time.ts';

/** WeChat Pay API v3 as configured (config.ts WECHATPAY_*; keys already read). */
export interface WechatPayConfig {
  mchid: string;
  appid: string;
  merchantSerial: string;
  privateKeyPem: string;
  platformSerial: string;
  platformKeyPem: string;
  apiV3Key: string;
  /** The site's public address: notifications and returns. */
  publicUrl: string;
  /** The official account's secret, for the payer's openid inside WeChat (JSAPI). Without it JSAPI is off. */
  mpSecret?: string;
  baseUrl: string;
  wechatApiUrl: string;
}

/** What the WeChat page (/htmlWeChatPay) passes to WeixinJSBridge getBrandWCPayRequest. */
export interface JsapiParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

/** RFC 3339 in Beijing time, as WeChat Pay writes its times. */
const beijing = (d: Date) => chinaRfc3339(d.getTime());

interface ErrorShape {
  response?: { status?: number; data?: { code?: string; message?: string } };
  message?: string;
}
/** A WeChat Pay refusal for the log: its code and message (no keys, no bodies of ours). */
const reason = (e: unknown) => {
  const err = e as ErrorShape;
  return `${err.response?.status ?? ''} ${err.response?.data?.code ?? ''} ${err.response?.data?.message ?? err.message ?? ''}`.trim();
};

/**
 * The WeChat Pay v3 provider (docs/shop.md, "Providers") on wechatpay-axios-plugin, which signs each request
 * with the merchant key and verifies each answer with the platform key. A desktop pays by Native (the code_url
 * drawn as a QR code by /qRcodePay), a phone browser by H5 (WeChat's page, then back to /buyCallback), inside
 * WeChat by JSAPI (/htmlWeChatPay: the payer's openid, then the prepay signed for WeixinJSBridge).
 * Notifications are the same v3 format the sandbox sends, verified with the platform key; only
 * TRANSACTION.SUCCESS of our mchid and appid is a payment.
 */
export function createWechatPay(cfg: WechatPayConfig) {
  const privateKey = Rsa.from(cfg.privateKeyPem, Rsa.KEY_TYPE_PRIVATE);
  const platformKey = createPublicKey(cfg.platformKeyPem);
  const wxpay = new Wechatpay({
    mchid: cfg.mchid,
    serial: cfg.merchantSerial,
    privateKey: cfg.privateKeyPem,
    certs: { [cfg.platformSerial]: platformKey.export({ type: 'spki', format: 'pem' }) as string },
    baseURL: cfg.baseUrl,
    timeout: 10_000,
  });
  const notifyUrl = `${cfg.publicUrl}${notifyPath('wechat')}`;
  const order = (p: Pick<StartPayment, 'orderNo' | 'amountFen' | 'description' | 'expiresAt'>) => ({
    appid: cfg.appid,
    mchid: cfg.mchid,
    description: p.description.slice(0, 127),
    out_trade_no: p.orderNo,
    time_expire: beijing(p.expiresAt),
    notify_url: notifyUrl,
    amount: { total: p.amountFen, currency: 'CNY' },
  });
  const call = async <T>(what: string, f: () => Promise<{ data: T }>): Promise<T> => {
    try {
      return (await f()).data;
    } catch (e) {
      throw new Error(`WeChat Pay ${what} failed: ${reason(e)}`);
    }
  };

  const provider: PaymentProvider = {
    id: 'wechat',
    equipments: cfg.mpSecret ? ['pc', 'mobile', 'wechat'] : ['pc', 'mobile'],
    async start(p) {
      if (p.equipment === 'wechat') return { payUrl: `/htmlWeChatPay?orderID=${encodeURIComponent(p.orderNo)}` };
      if (p.equipment === 'pc') {
        const { code_url } = await call<{ code_url: string }>('native', () => wxpay.v3.pay.transactions.native.post(order(p)));
        return { payUrl: code_url };
      }
      const body = { ...order(p), scene_info: { payer_client_ip: p.clientIp || '127.0.0.1', h5_info: { type: 'Wap' } } };
      const { h5_url } = await call<{ h5_url: string }>('h5', () => wxpay.v3.pay.transactions.h5.post(body));
      return { payUrl: `${h5_url}&redirect_url=${encodeURIComponent(`${cfg.publicUrl}${p.returnUrl}`)}` };
    },
    async query(orderNo) {
      try {
        const { data } = await wxpay.v3.pay.transactions.outTradeNo._out_trade_no_.get({ params: { mchid: cfg.mchid }, out_trade_no: orderNo });
        // The same translation as a notification's; a transaction it cannot read is no payment held.
        const event = wechatEvent(data);
        return 'refused' in event ? null : event;
      } catch (e) {
        if ((e as ErrorShape).response?.status === 404) return null;
        throw new Error(`WeChat Pay query failed: ${reason(e)}`);
      }
    },
    async refund(orderNo, amountFen) {
      // out_refund_no is the order's: a second call is the same refund, not another.
      await call('refund', () =>
        wxpay.v3.refund.domestic.refunds.post({ out_trade_no: orderNo, out_refund_no: `R${orderNo}`, amount: { refund: amountFen, total: amountFen, currency: 'CNY' } }),
      );
    },
    open: (headers, body, nowMs) =>
      openNotification({ publicKey: platformKey, serial: cfg.platformSerial, apiV3Key: cfg.apiV3Key, mchid: cfg.mchid, appid: cfg.appid }, headers, body, nowMs),
    answers: WECHAT_ANSWERS,
  };

  /** The authorize link that comes back to /htmlWeChatPay with a code (snsapi_base: silent, only the openid). */
  function authorizeUrl(orderNo: string): string {
    const back = `${cfg.publicUrl}/htmlWeChatPay?orderID=${encodeURIComponent(orderNo)}`;
    return `https://open.weixin.qq.com/connect/oauth2/authorize?appid=${cfg.appid}&redirect_uri=${encodeURIComponent(back)}&response_type=code&scope=snsapi_base&state=pay#wechat_redirect`;
  }

  /** The payer's openid from the code WeChat gave the page (null when WeChat refuses the code). */
  async function openid(code: string): Promise<string | null> {
    if (!cfg.mpSecret) return null;
    const url = new URL('sns/oauth2/access_token', cfg.wechatApiUrl);
    url.search = new URLSearchParams({ appid: cfg.appid, secret: cfg.mpSecret, code, grant_type: 'authorization_code' }).toString();
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    const body = (await res.json().catch(() => ({}))) as { openid?: string };
    return typeof body.openid === 'string' && body.openid ? body.openid : null;
  }

  /** JSAPI: the prepay of an order for this payer, signed for WeixinJSBridge (appId, timeStamp, nonceStr, package). */
  async function jsapi(p: Pick<StartPayment, 'orderNo' | 'amountFen' | 'description' | 'expiresAt'>, payer: string): Promise<JsapiParams> {
    const { prepay_id } = await call<{ prepay_id: string }>('jsapi', () => wxpay.v3.pay.transactions.jsapi.post({ ...order(p), payer: { openid: payer } }));
    const timeStamp = String(Formatter.timestamp());
    const nonceStr = randomBytes(16).toString('hex');
    const pkg = `prepay_id=${prepay_id}`;
    const paySign = Rsa.sign(Formatter.joinedByLineFeed(cfg.appid, timeStamp, nonceStr, pkg), privateKey);
    return { appId: cfg.appid, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
  }

  return { provider, authorizeUrl, openid, jsapi };
}

export type WechatPay = ReturnType<typeof createWechatPay>;
