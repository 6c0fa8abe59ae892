import { STATUS_CODES } from 'node:http';
import type { PayType } from '@kaoshi/contract';
import type { OpenedNotification, PaymentEvent } from './payment-event.ts';

/**
 * Where the learner pays (docs/shop.md, "Providers"): pc is a desktop browser (a QR code the phone scans, or the
 * provider's page), mobile a phone browser or an app shell (the provider's H5 / wap page), wechat inside WeChat
 * (WeChat Pay's JSAPI through /htmlWeChatPay; Alipay is not offered there, WeChat blocks it).
 */
export type EquipmentKind = 'pc' | 'mobile' | 'wechat';

/** The kind of the order's `equipment` (the web app's clientKind(), or web_wechat inside WeChat): where it is paid. */
export const equipmentKind = (equipment: string): EquipmentKind => (equipment === 'web_wechat' ? 'wechat' : equipment === 'web_pc' ? 'pc' : 'mobile');

/** The terms of an order's Huabei instalments for Alipay: the periods and the part of the fee the seller pays (0 or 100). */
export interface InstalmentTerms {
  periods: 3 | 6 | 12;
  sellerPercent: 0 | 100;
}

/** What the shop asks a provider to collect. */
export interface StartPayment {
  orderNo: string;
  amountFen: number;
  /** Shown on the provider's page (the version and subject). */
  description: string;
  /** Where the provider sends the learner back (the shop's /buyCallback for this order), relative to the site. */
  returnUrl: string;
  equipment: EquipmentKind;
  /** The payer's IP (WeChat H5 asks for it). */
  clientIp: string;
  /** The provider closes its payment then too. */
  expiresAt: Date;
  instalmentTerms?: InstalmentTerms;
}

/** How a provider wants its notification answered. */
export interface NotifyAnswer {
  status: number;
  body?: string | Record<string, string>;
}

/**
 * A payment provider behind one interface: it starts a payment and says where the learner pays, answers what
 * it knows of an order's trade, refunds, and opens its own notifications (signature checked, translated into
 * the shop's payment events, payment-event.ts) and says how to answer them.
 */
export interface PaymentProvider {
  readonly id: PayType;
  /** The kinds of equipment it can take payment on (the price list offers it only there). */
  readonly equipments: readonly EquipmentKind[];
  start(p: StartPayment): Promise<{ payUrl: string }>;
  /** What the provider holds of the order's trade, in the shop's words; null when it holds no trade of it (reconciliation). */
  query(orderNo: string): Promise<PaymentEvent | null>;
  /** Pay an order's amount back (idempotent by order number); throws when the provider holds no such payment. */
  refund?(orderNo: string, amountFen: number): Promise<void>;
  /**
   * Verify a notification (headers and raw body) against the provider's keys and the server's clock, and check
   * it is a payment of our merchant and app; anything else is not verified or refused, never a payment.
   */
  open(headers: Record<string, unknown>, body: string, nowMs: number): OpenedNotification;
  readonly answers: NotifyAnswers;
}

/** How a provider wants each outcome answered. Only `taken` is 2xx. */
export interface NotifyAnswers {
  taken: NotifyAnswer;
  /** Not verified: headers, clock, serial, signature, or a body that cannot be read. */
  unverified: NotifyAnswer;
  /** Verified but not taken: not a payment of ours, or a payment the shop refuses (unknown order, amount...). */
  refused: (why: string) => NotifyAnswer;
  /** A request that failed before or while being taken (too large, bad content, a store failure): this status. */
  failed: (status: number) => NotifyAnswer;
}

/** WeChat Pay v3's answers: 204 when taken, 401 for what does not verify, 4xx/5xx with a JSON reason else. */
export const WECHAT_ANSWERS: NotifyAnswers = {
  taken: { status: 204 },
  unverified: { status: 401, body: { code: 'FAIL', message: 'signature not verified' } },
  refused: (why) => ({ status: 400, body: { code: 'FAIL', message: `refused: ${why}` } }),
  failed: (status) => ({ status, body: { code: status >= 500 ? 'SYSTEM_ERROR' : 'FAIL', message: STATUS_CODES[status] ?? 'failed' } }),
};

/** Where the providers' notifications arrive (outside the contract: the provider's format, not ours). */
export const NOTIFY_PREFIX = '/api/pay/notify';
export const notifyPath = (provider: PayType) => `${NOTIFY_PREFIX}/${provider}`;
