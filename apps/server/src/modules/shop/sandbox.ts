import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../../db/index.ts';
import { sandboxPayments, type SandboxPaymentRow } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { PaymentEvent } from './payment-event.ts';
import { notifyPath, WECHAT_ANSWERS, type PaymentProvider, type StartPayment } from './providers.ts';
import { sandboxPage } from './sandbox-page.ts';
import { encryptResource, openNotification, TRANSACTION_SUCCESS, signBody, type SignedRequest } from './wechat-v3.ts';

/** The sandbox's own merchant and app: its notifications carry them, and are refused with any other. */
export const SANDBOX_ACCOUNT = { mchid: '1000000000', appid: 'wxsandbox00000000' } as const;

/** A pay id as `start` makes it: 18 random bytes in base64url. Anything else is not looked up. */
const PAY_ID = /^[A-Za-z0-9_-]{24}$/;

/** WeChat Pay's retry schedule for a notification not answered with success (seconds; 15 tries over 24 h). */
export const WECHAT_RETRY_SCHEDULE_S = [15, 15, 30, 180, 600, 1200, 1800, 1800, 1800, 3600, 10800, 10800, 10800, 21600, 21600];

export interface SandboxOptions {
  /** WeChat's retry delays are multiplied by this (default 0.01: the first retry after 150 ms). */
  retryScale: number;
  /** Each notification is delivered this many times (duplicates, sent with jitter so they may cross). */
  copies: number;
  /** SANDBOX_KEYS_FILE: where the keys are kept (read if there, else written). */
  keysFile?: string;
}

interface SandboxKeys {
  privateKey: KeyObject;
  publicKey: KeyObject;
  serial: string;
  apiV3Key: string;
}

/** Which of an order's sandbox records a query answers with: a payment first, then a refund, then one not yet paid. */
const RECORD_RANK = ['paid', 'refunded', 'pending'];

/** A sandbox record in the shop's words (payment-event.ts): paid, refunded, or pending (its page not confirmed yet). */
export function sandboxEvent(row: SandboxPaymentRow): PaymentEvent | null {
  const trade = { orderNo: row.orderNo, amountFen: row.amountFen };
  if (row.status === 'paid') return row.transactionId ? { kind: 'paid', ...trade, providerTradeNo: row.transactionId } : null;
  if (row.status === 'refunded') return { kind: 'refunded', ...trade, providerTradeNo: row.transactionId ?? undefined };
  return row.status === 'pending' ? { kind: 'pending', ...trade } : null;
}

/** The sandbox's keys: from the keys file when it exists, else new ones (written to the file when one is named). */
export function sandboxKeys(file?: string): SandboxKeys {
  if (file && existsSync(file)) {
    const k = JSON.parse(readFileSync(file, 'utf8')) as { privateKeyPem: string; serial: string; apiV3Key: string };
    const privateKey = createPrivateKey(k.privateKeyPem);
    return { privateKey, publicKey: createPublicKey(privateKey), serial: k.serial, apiV3Key: k.apiV3Key };
  }
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keys = { privateKey, publicKey, serial: randomBytes(20).toString('hex').toUpperCase(), apiV3Key: randomBytes(16).toString('hex') };
  if (file)
    writeFileSync(file, JSON.stringify({ privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }), serial: keys.serial, apiV3Key: keys.apiV3Key }), { mode: 0o600 });
  return keys;
}

/**
 * The sandbox provider (development and tests; never built when NODE_ENV=production): its own pay page with
 * 确认支付 / 取消, and notifications signed and encrypted exactly as WeChat Pay API v3 does, delivered to the
 * shop with duplicates, in any order, and retried on a compressed copy of WeChat's schedule until answered.
 * Its keys are made at start; its records (sandbox_payments) are the provider's side of each payment.
 */
export function createSandboxProvider(db: Database, clock: Clock, opts: SandboxOptions) {
  const { privateKey, publicKey, serial, apiV3Key } = sandboxKeys(opts.keysFile);
  const timers = new Set<NodeJS.Timeout>();
  let app: FastifyInstance | undefined;

  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    t.unref();
    timers.add(t);
  };

  /**
   * A notification of a successful payment, signed with `key`. A test may pass another key, or another event,
   * merchant or app (a key given as undefined is left out).
   */
  function notification(
    p: { orderNo: string; transactionId: string; amountFen: number; currency?: string; eventType?: string; mchid?: string; appid?: string },
    key: KeyObject = privateKey,
    id: string = randomUUID(),
  ): SignedRequest {
    const now = clock();
    const transaction = {
      mchid: 'mchid' in p ? p.mchid : SANDBOX_ACCOUNT.mchid,
      appid: 'appid' in p ? p.appid : SANDBOX_ACCOUNT.appid,
      out_trade_no: p.orderNo,
      transaction_id: p.transactionId,
      trade_type: 'NATIVE',
      trade_state: 'SUCCESS',
      trade_state_desc: '支付成功',
      success_time: new Date(now).toISOString(),
      payer: { openid: 'sandbox-payer' },
      amount: { total: p.amountFen, payer_total: p.amountFen, currency: p.currency ?? 'CNY', payer_currency: p.currency ?? 'CNY' },
    };
    const body = JSON.stringify({
      id,
      create_time: new Date(now).toISOString(),
      event_type: p.eventType ?? TRANSACTION_SUCCESS,
      resource_type: 'encrypt-resource',
      summary: '支付成功',
      resource: encryptResource(apiV3Key, JSON.stringify(transaction)),
    });
    return signBody(key, serial, body, now);
  }

  /** Deliver until the shop answers 2xx, on the compressed retry schedule; each copy on its own. */
  function deliver(req: SignedRequest, attempt = 0): void {
    if (!app) return;
    app
      .inject({ method: 'POST', url: notifyPath('sandbox'), headers: req.headers, payload: req.body })
      .then((res) => res.statusCode >= 200 && res.statusCode < 300)
      .catch(() => false)
      .then((ok) => {
        const wait = WECHAT_RETRY_SCHEDULE_S[attempt];
        if (!ok && wait !== undefined) later(wait * 1000 * opts.retryScale, () => deliver(req, attempt + 1));
      });
  }

  const provider: PaymentProvider = {
    id: 'sandbox',
    equipments: ['pc', 'mobile', 'wechat'],
    open: (headers, body, nowMs) => openNotification({ publicKey, serial, apiV3Key, ...SANDBOX_ACCOUNT }, headers, body, nowMs),
    answers: WECHAT_ANSWERS,
    async start(p: StartPayment) {
      const payId = randomBytes(18).toString('base64url');
      await db.insert(sandboxPayments).values({
        payId,
        orderNo: p.orderNo,
        amountFen: p.amountFen,
        description: p.instalmentTerms ? `${p.description}（花呗分期 ${p.instalmentTerms.periods} 期）` : p.description,
        returnUrl: p.returnUrl,
        status: 'pending',
        createdAt: new Date(clock()),
      });
      return { payUrl: `/sandbox/pay/${payId}` };
    },
    async query(orderNo: string) {
      const rows = await db.select().from(sandboxPayments).where(eq(sandboxPayments.orderNo, orderNo));
      const [row] = rows.filter((r) => RECORD_RANK.includes(r.status)).sort((a, b) => RECORD_RANK.indexOf(a.status) - RECORD_RANK.indexOf(b.status));
      return row ? sandboxEvent(row) : null;
    },
    async refund(orderNo: string, amountFen: number) {
      const rows = await db
        .update(sandboxPayments)
        .set({ status: 'refunded' })
        .where(and(eq(sandboxPayments.orderNo, orderNo), inArray(sandboxPayments.status, ['paid', 'refunded']), eq(sandboxPayments.amountFen, amountFen)))
        .returning({ payId: sandboxPayments.payId });
      if (rows.length === 0) throw new Error(`sandbox holds no payment of order ${orderNo} for ${amountFen}`);
    },
  };

  /** The pay page and its two buttons. A pay id unlike those `start` makes gets the 404 page without a database read. */
  function install(fastify: FastifyInstance) {
    app = fastify;
    fastify.addHook('onClose', async () => {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    });
    const byId = async (r: { params: unknown }) => {
      const payId = (r.params as { payId?: unknown }).payId;
      if (typeof payId !== 'string' || !PAY_ID.test(payId)) return undefined;
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.payId, payId));
      return row;
    };
    const notFound = (reply: FastifyReply) => reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(sandboxPage(undefined));
    // A payer through a shared link (/qRcodePayNew) goes back there, not to the learner's /buyCallback; nothing else.
    const backTo = (r: { query: unknown }, fallback: string) => {
      const back = String((r.query as { back?: string }).back ?? '');
      return /^\/qRcodePayNew\?orderID=KS\d{20}&token=[\w-]{16,64}$/.test(back) ? back : fallback;
    };
    fastify.get('/sandbox/pay/:payId', async (request, reply) => {
      const row = await byId(request);
      if (!row) return notFound(reply);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(sandboxPage(row, backTo(request, '')));
    });
    fastify.post('/sandbox/pay/:payId/confirm', async (request, reply) => {
      const row = await byId(request);
      if (!row) return notFound(reply);
      const transactionId = `SBX${clock()}${randomBytes(4).toString('hex')}`;
      const [paid] = await db
        .update(sandboxPayments)
        .set({ status: 'paid', transactionId, paidAt: new Date(clock()) })
        .where(and(eq(sandboxPayments.payId, row.payId), eq(sandboxPayments.status, 'pending')))
        .returning();
      if (paid) {
        const note = notification({ orderNo: paid.orderNo, transactionId, amountFen: paid.amountFen });
        for (let i = 0; i < opts.copies; i++) later(Math.floor(Math.random() * 50) * i, () => deliver(note));
      }
      return reply.redirect(backTo(request, row.returnUrl), 303);
    });
    fastify.post('/sandbox/pay/:payId/cancel', async (request, reply) => {
      const row = await byId(request);
      return row ? reply.redirect(backTo(request, row.returnUrl), 303) : notFound(reply);
    });
  }

  return { provider, install, notification, deliver };
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
