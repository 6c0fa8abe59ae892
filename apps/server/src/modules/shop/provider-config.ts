import { readFileSync } from 'node:fs';
import { ALIPAY_SETTINGS, WECHAT_SETTINGS } from '../../config-check.ts';
import type { Config } from '../../config.ts';
import { createAlipay } from './alipay.ts';
import type { PaymentProvider } from './providers.ts';
import { createWechatPay, type WechatPay } from './wechat-pay.ts';

/** A key given as PEM text, or the path of a PEM file. */
const pem = (v: string) => (v.includes('-----BEGIN') ? v.replace(/\\n/g, '\n') : readFileSync(v, 'utf8'));

/**
 * The names of a provider's settings; all set → on, none → off, some → an error naming the missing ones (loadConfig
 * reports it first, with every other problem; this guards an app built from a configuration made by hand).
 */
function settings<K extends keyof Config>(config: Config, provider: string, names: readonly K[]): { [P in K]: string } | null {
  const missing = names.filter((n) => !config[n]);
  if (missing.length === names.length) return null;
  if (missing.length > 0) throw new Error(`${provider} is partly configured: set ${missing.join(', ')} (or none of its settings)`);
  if (!config.PUBLIC_BASE_URL) throw new Error(`${provider} needs PUBLIC_BASE_URL (where its notifications arrive)`);
  return Object.fromEntries(names.map((n) => [n, String(config[n])])) as { [P in K]: string };
}

const WECHAT = WECHAT_SETTINGS;
const ALIPAY = ALIPAY_SETTINGS;

/** The real providers this environment configures (README, "Payments"): WeChat Pay, Alipay, both or none. */
export function realProviders(config: Config): { providers: PaymentProvider[]; wechat?: WechatPay } {
  const publicUrl = (config.PUBLIC_BASE_URL ?? '').replace(/\/+$/, '');
  const providers: PaymentProvider[] = [];
  let wechat: WechatPay | undefined;
  const w = settings(config, 'WeChat Pay', WECHAT);
  if (w) {
    wechat = createWechatPay({
      mchid: w.WECHATPAY_MCHID,
      appid: w.WECHATPAY_APPID,
      merchantSerial: w.WECHATPAY_MERCHANT_SERIAL,
      privateKeyPem: pem(w.WECHATPAY_PRIVATE_KEY),
      platformSerial: w.WECHATPAY_PLATFORM_SERIAL,
      platformKeyPem: pem(w.WECHATPAY_PLATFORM_KEY),
      apiV3Key: w.WECHATPAY_APIV3_KEY,
      mpSecret: config.WECHAT_MP_SECRET,
      publicUrl,
      baseUrl: config.WECHATPAY_BASE_URL,
      wechatApiUrl: config.WECHAT_API_BASE_URL,
    });
    providers.push(wechat.provider);
  }
  const a = settings(config, 'Alipay', ALIPAY);
  if (a)
    providers.push(
      createAlipay({
        appId: a.ALIPAY_APP_ID,
        privateKeyPem: pem(a.ALIPAY_PRIVATE_KEY),
        alipayPublicKeyPem: pem(a.ALIPAY_PUBLIC_KEY),
        gateway: config.ALIPAY_GATEWAY,
        publicUrl,
        sellerId: config.ALIPAY_SELLER_ID,
      }),
    );
  return { providers, wechat };
}
