import { createCipheriv, createDecipheriv, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { refusedAs, type OpenedNotification, type PaymentEvent, type PaymentKind } from './payment-event.ts';

/**
 * WeChat Pay API v3 notifications, as WeChat signs and encrypts them: the body is signed with RSA-SHA256 over
 * `timestamp\nnonce\nbody\n` (headers Wechatpay-Timestamp, -Nonce, -Signature, -Serial), and its resource is
 * AEAD_AES_256_GCM with the merchant's APIv3 key (ciphertext = base64(encrypted || 16-byte tag)). The sandbox
 * produces exactly this, and the shop opens every notification with `openNotification` (node:crypto does the
 * two primitives; no SDK adds anything to them).
 */

/** A notification older or newer than this (against the server's clock) is refused: a replayed capture. */
export const NOTIFY_MAX_SKEW_MS = 5 * 60_000;

export interface NotifyKeys {
  /** The provider's public key (its platform certificate's key) and its serial. */
  publicKey: KeyObject;
  serial: string;
  /** The merchant's APIv3 key: 32 ASCII characters. */
  apiV3Key: string;
  /** Our merchant id and app id: a transaction of another merchant or app is refused. */
  mchid: string;
  appid: string;
}

/** WeChat's one event_type that is a payment; any other (REFUND.SUCCESS ...) is refused. */
export const TRANSACTION_SUCCESS = 'TRANSACTION.SUCCESS';

export interface SignedRequest {
  headers: Record<string, string>;
  body: string;
}

const message = (timestamp: string, nonce: string, body: string) => `${timestamp}\n${nonce}\n${body}\n`;

/** Sign a body as the provider does (sandbox; tests signing with a wrong key). */
export function signBody(privateKey: KeyObject, serial: string, body: string, nowMs: number): SignedRequest {
  const timestamp = String(Math.floor(nowMs / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = createSign('RSA-SHA256')
    .update(message(timestamp, nonce, body))
    .sign(privateKey, 'base64');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': serial,
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
    },
  };
}

export const encryptedResource = z.object({
  algorithm: z.literal('AEAD_AES_256_GCM'),
  ciphertext: z.string().min(1),
  nonce: z.string().min(1),
  associated_data: z.string().optional(),
  original_type: z.string().optional(),
});
type EncryptedResource = z.infer<typeof encryptedResource>;

export function encryptResource(apiV3Key: string, plaintext: string, associatedData = 'transaction'): EncryptedResource {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { algorithm: 'AEAD_AES_256_GCM', ciphertext: encrypted.toString('base64'), nonce, associated_data: associatedData, original_type: 'transaction' };
}

function decryptResource(apiV3Key: string, r: EncryptedResource): string {
  const data = Buffer.from(r.ciphertext, 'base64');
  if (data.length <= 16) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(r.nonce, 'utf8'));
  decipher.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

const notificationBody = z.object({
  id: z.string().min(1).max(64),
  create_time: z.string(),
  event_type: z.string(),
  resource_type: z.string(),
  resource: encryptedResource,
});

/**
 * A WeChat Pay v3 transaction, as a notification's decrypted resource or the answer to a query by out_trade_no
 * (the fields the adapter reads). WeChat gives transaction_id and amount only once the trade is paid.
 */
export const transactionResource = z.object({
  out_trade_no: z.string().min(1).max(64),
  transaction_id: z.string().min(1).max(64).optional(),
  trade_state: z.string(),
  amount: z.object({ total: z.number().int(), currency: z.string() }).optional(),
});
export type TransactionResource = z.infer<typeof transactionResource>;

/** WeChat Pay's trade_state words, in the shop's (payment-event.ts); any other is not a trade we read. */
const KINDS: Readonly<Record<string, PaymentKind>> = {
  SUCCESS: 'paid',
  REFUND: 'refunded',
  NOTPAY: 'pending',
  USERPAYING: 'pending',
  CLOSED: 'failed',
  REVOKED: 'failed',
  PAYERROR: 'failed',
};

/**
 * A WeChat Pay v3 transaction in the shop's words, or why it is not one it takes (a short English word):
 * `resource` (not a transaction, or paid without its transaction id or amount), `status` (a trade_state WeChat
 * does not document), `currency` (an amount in anything but CNY).
 */
export function wechatEvent(raw: unknown): PaymentEvent | { refused: string } {
  const parsed = transactionResource.safeParse(raw);
  if (!parsed.success) return { refused: 'resource' };
  const t = parsed.data;
  const kind = Object.hasOwn(KINDS, t.trade_state) ? KINDS[t.trade_state] : undefined;
  if (!kind) return { refused: 'status' };
  if (t.amount && t.amount.currency !== 'CNY') return { refused: 'currency' };
  const amountFen = t.amount?.total;
  if (kind !== 'paid') return { kind, orderNo: t.out_trade_no, providerTradeNo: t.transaction_id, amountFen };
  if (!t.transaction_id || amountFen === undefined) return { refused: 'resource' };
  return { kind, orderNo: t.out_trade_no, providerTradeNo: t.transaction_id, amountFen };
}

/** Whose transaction it is (both are in every transaction WeChat Pay sends). */
const account = z.object({ mchid: z.string().optional(), appid: z.string().optional() });

/**
 * Verify a notification's signature and freshness, decrypt it, then take it only as a payment of ours: event
 * TRANSACTION.SUCCESS, and a transaction of our merchant id and app id, translated by `wechatEvent`.
 */
export function openNotification(keys: NotifyKeys, headers: Record<string, unknown>, body: string, nowMs: number): OpenedNotification {
  const h = (name: string) => (typeof headers[name] === 'string' ? (headers[name] as string) : '');
  const timestamp = h('wechatpay-timestamp');
  const nonce = h('wechatpay-nonce');
  const signature = h('wechatpay-signature');
  if (!/^\d{1,12}$/.test(timestamp) || !nonce || !signature) return { ok: false, reason: 'headers' };
  if (Math.abs(Number(timestamp) * 1000 - nowMs) > NOTIFY_MAX_SKEW_MS) return { ok: false, reason: 'clock' };
  if (h('wechatpay-serial') !== keys.serial) return { ok: false, reason: 'serial' };
  let valid = false;
  try {
    valid = createVerify('RSA-SHA256')
      .update(message(timestamp, nonce, body))
      .verify(keys.publicKey, signature, 'base64');
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, reason: 'signature' };
  let parsed: z.infer<typeof notificationBody>;
  try {
    parsed = notificationBody.parse(JSON.parse(body));
  } catch {
    return { ok: false, reason: 'body' };
  }
  let plain: unknown;
  try {
    plain = JSON.parse(decryptResource(keys.apiV3Key, parsed.resource));
  } catch {
    return { ok: false, reason: 'decrypt' };
  }
  if (parsed.event_type !== TRANSACTION_SUCCESS) return refusedAs('event');
  const owner = account.safeParse(plain);
  if (!owner.success || owner.data.mchid !== keys.mchid) return refusedAs('merchant');
  if (owner.data.appid !== keys.appid) return refusedAs('app');
  const event = wechatEvent(plain);
  if ('refused' in event) return refusedAs(event.refused);
  return { ok: true, id: parsed.id, event };
}
