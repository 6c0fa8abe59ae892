import { generateKeyPairSync } from 'node:crypto';
import { queryUserOrder } from '@kaoshi/contract';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLog, purchases, sandboxPayments } from '../../db/schema/index.ts';
import { localCacheBus } from '../../platform/cache/bus.ts';
import { catalogFacts } from '../catalog/index.ts';
import { createTestApp, nextPhone, type TestApp } from '../../test/helpers.ts';
import { createPayments } from './payments.ts';
import { notifyPath } from './providers.ts';
import { createSandboxProvider } from './sandbox.ts';
import type { SignedRequest } from './wechat-v3.ts';
import { order } from './shop-setup.ts';
import { createCouponStore } from './coupon-store.ts';
import { createShopStore } from './store.ts';
import { ORDER_TTL_MS } from './service.ts';

let t: TestApp;
/** The app's log lines (warn and above): what a refusal or a failure writes. */
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ deps: { logger: { level: 'warn', stream: { write: (l) => void lines.push(l) } } } });
});
afterAll(() => t.close());

const sandbox = () => t.app.paymentSandbox!;
const post = (req: SignedRequest) => t.app.inject({ method: 'POST', url: notifyPath('sandbox'), headers: req.headers, payload: req.body });
const learner = async () => {
  const { guid, userID } = await t.register(nextPhone());
  return { guid, userID };
};

async function grants(userId: number) {
  const [p, c] = await Promise.all([
    t.db.select().from(purchases).where(eq(purchases.userId, userId)),
    t.db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.userId, userId), eq(changeLog.kind, 'purchase'))),
  ]);
  return { purchases: p.length, changes: c.length };
}

describe('payment notifications', () => {
  it('20 concurrent replays of one paid notification grant exactly once, and each is answered as taken', async () => {
    const { guid, userID } = await learner();
    const o = (await order(t, guid)).data;
    const note = sandbox().notification({ orderNo: o.orderID, transactionId: 'SBX-storm', amountFen: o.amount });
    const replies = await Promise.all(Array.from({ length: 20 }, () => post(note)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(204));
    // Other notification ids for the same payment (a provider's resend) change nothing either.
    const more = await Promise.all(Array.from({ length: 5 }, () => post(sandbox().notification({ orderNo: o.orderID, transactionId: 'SBX-storm', amountFen: o.amount }))));
    expect(more.map((r) => r.statusCode)).toEqual(Array(5).fill(204));
    expect((await t.call(queryUserOrder, { guid, orderID: o.orderID })).data.status).toBe('fulfilled');
    expect(await grants(userID)).toEqual({ purchases: 1, changes: 1 });
  });

  it('refuses a bad signature, a wrong amount, another currency, an unknown order and a stale timestamp; nothing is granted', async () => {
    const { guid, userID } = await learner();
    const o = (await order(t, guid)).data;
    const { privateKey: forged } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    expect((await post(sandbox().notification({ orderNo: o.orderID, transactionId: 'x1', amountFen: o.amount }, forged))).statusCode).toBe(401);
    const tampered = sandbox().notification({ orderNo: o.orderID, transactionId: 'x2', amountFen: o.amount });
    expect((await post({ ...tampered, body: tampered.body.replace('"summary":"支付成功"', '"summary":"x"') })).statusCode).toBe(401);
    expect((await post(sandbox().notification({ orderNo: o.orderID, transactionId: 'x3', amountFen: 1 }))).statusCode).toBe(400);
    expect((await post(sandbox().notification({ orderNo: o.orderID, transactionId: 'x4', amountFen: o.amount, currency: 'USD' }))).statusCode).toBe(400);
    expect((await post(sandbox().notification({ orderNo: 'KS00000000000000000000', transactionId: 'x5', amountFen: o.amount }))).statusCode).toBe(400);
    const stale = sandbox().notification({ orderNo: o.orderID, transactionId: 'x6', amountFen: o.amount });
    t.clock.advance(10 * 60_000);
    expect((await post(stale)).statusCode).toBe(401);
    expect((await post({ headers: { 'content-type': 'application/json' }, body: '{}' })).statusCode).toBe(401);
    expect((await t.call(queryUserOrder, { guid, orderID: o.orderID })).data.status).toBe('created');
    expect(await grants(userID)).toEqual({ purchases: 0, changes: 0 });
  });
});

describe('what a notification must be, and how each failure is answered', () => {
  it("refuses a REFUND.SUCCESS event and another merchant's or app's payment, signed and encrypted as the sandbox does (400, logged)", async () => {
    const { guid, userID } = await learner();
    const o = (await order(t, guid)).data;
    const paid = { orderNo: o.orderID, transactionId: 'SBX-account', amountFen: o.amount };
    const logged = lines.length;
    const refusals = [{ eventType: 'REFUND.SUCCESS' }, { mchid: '1900000001' }, { appid: 'wxd0000000000000001' }, { mchid: undefined }, { appid: undefined }];
    for (const over of refusals) {
      const res = await post(sandbox().notification({ ...paid, ...over }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'FAIL', message: expect.stringMatching(/^refused: (event|merchant|app)$/) });
    }
    const logs = lines.slice(logged).map((l) => JSON.parse(l) as { msg: string; reason?: string; provider?: string });
    expect(logs.filter((l) => l.msg === 'payment notification refused').map((l) => l.reason)).toEqual(['event', 'merchant', 'app', 'merchant', 'app']);
    // Short reasons only: neither the notification's fields nor the keys reach the log.
    expect(lines.slice(logged).join('\n')).not.toMatch(/1900000001|wxd0000000000000001|SBX-account|REFUND\.SUCCESS|KS\d{20}/);
    expect((await t.call(queryUserOrder, { guid, orderID: o.orderID })).data.status).toBe('created');
    expect(await grants(userID)).toEqual({ purchases: 0, changes: 0 });
    // The sandbox's own merchant and app: taken.
    expect((await post(sandbox().notification(paid))).statusCode).toBe(204);
    expect(await grants(userID)).toEqual({ purchases: 1, changes: 1 });
  });

  it("answers a real HTTP error with WeChat's JSON for a body over 16 KiB, bad content, a store failure and an unknown route; never 2xx", async () => {
    const { guid } = await learner();
    const o = (await order(t, guid)).data;
    const note = sandbox().notification({ orderNo: o.orderID, transactionId: 'SBX-big', amountFen: o.amount });
    const big = await post({ ...note, body: note.body.replace('"summary":"支付成功"', `"summary":"${'x'.repeat(17 * 1024)}"`) });
    expect([big.statusCode, big.json()]).toEqual([413, { code: 'FAIL', message: expect.any(String) }]);
    const untyped = await post({ headers: { ...note.headers, 'content-type': '' }, body: note.body });
    expect([untyped.statusCode, untyped.json()]).toEqual([415, { code: 'FAIL', message: expect.any(String) }]);
    // A NUL in the order number makes the database throw: 500, and the provider sends it again.
    const thrown = await post(sandbox().notification({ orderNo: 'KS\u0000', transactionId: 'SBX-nul', amountFen: o.amount }));
    expect([thrown.statusCode, thrown.json()]).toEqual([500, { code: 'SYSTEM_ERROR', message: expect.any(String) }]);
    for (const [method, url] of [
      ['POST', '/api/pay/notify/nope'],
      ['GET', notifyPath('sandbox')],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { 'content-type': 'application/json' }, payload: method === 'POST' ? '{}' : undefined });
      expect([res.statusCode, res.json()]).toEqual([404, { code: 'FAIL', message: expect.any(String) }]);
    }
    expect((await t.call(queryUserOrder, { guid, orderID: o.orderID })).data.status).toBe('created');
  });

  it("answers a pay id with a control character, or not of the sandbox's form, with a plain 404 page before any database read", async () => {
    const ids = ['%00', `${'A'.repeat(11)}%00${'A'.repeat(12)}`, `${'A'.repeat(23)}%01`, 'A'.repeat(23), 'A'.repeat(25), `${'A'.repeat(22)}%C3%A9`, 'nope'];
    for (const id of ids)
      for (const [method, url] of [
        ['GET', `/sandbox/pay/${id}`],
        ['POST', `/sandbox/pay/${id}/confirm`],
        ['POST', `/sandbox/pay/${id}/cancel`],
      ] as const) {
        const res = await t.app.inject({ method, url });
        expect([url, res.statusCode, res.headers['content-type']]).toEqual([url, 404, 'text/html; charset=utf-8']);
        expect(res.body).toContain('支付单不存在');
      }
    // The sandbox on a database that counts its reads: a malformed id reads nothing, a well-formed unknown one reads once.
    let reads = 0;
    const db = new Proxy(t.db, { get: (target, name, receiver) => (name === 'select' && reads++, Reflect.get(target, name, receiver)) });
    const app = Fastify();
    createSandboxProvider(db, () => t.clock.now, { retryScale: 1, copies: 0 }).install(app);
    for (const id of ['%00', 'A'.repeat(23), `${'A'.repeat(23)}%0A`]) expect((await app.inject({ method: 'GET', url: `/sandbox/pay/${id}` })).statusCode).toBe(404);
    expect(reads).toBe(0);
    expect((await app.inject({ method: 'GET', url: `/sandbox/pay/${'A'.repeat(24)}` })).statusCode).toBe(404);
    expect(reads).toBe(1);
    await app.close();
  });
});

describe('reconciliation and expiry (the shop job)', () => {
  const payments = async () =>
    createPayments({
      store: createShopStore(t.db),
      couponStore: createCouponStore(t.db),
      catalog: catalogFacts(t.db),
      providers: new Map([['sandbox', sandbox().provider]]),
      clock: () => t.clock.now,
      bus: await localCacheBus(),
      log: { warn() {}, error() {} },
    });

  it('closes an unpaid order after its time; a payment arriving later re-opens it as paid and grants once', async () => {
    const { guid, userID } = await learner();
    const o = (await order(t, guid, '1')).data;
    t.clock.advance(ORDER_TTL_MS + 1000);
    expect((await (await payments()).sweep()).closed).toBeGreaterThanOrEqual(1);
    const closed = (await t.call(queryUserOrder, { guid, orderID: o.orderID })).data;
    expect(closed).toMatchObject({ status: 'closed', paymentState: 'closed', closedReason: 'timeout', payUrl: null });
    const late = sandbox().notification({ orderNo: o.orderID, transactionId: 'late', amountFen: o.amount });
    expect((await post(late)).statusCode).toBe(204);
    expect((await post(late)).statusCode).toBe(204);
    expect((await t.call(queryUserOrder, { guid, orderID: o.orderID })).data).toMatchObject({ status: 'fulfilled', paymentState: 'paid' });
    expect(await grants(userID)).toEqual({ purchases: 1, changes: 1 });
  });

  it('asks the provider about an order whose notification never came, and applies the payment it holds', async () => {
    const { guid, userID } = await learner();
    const o = (await order(t, guid, '1')).data;
    // The provider took the money but its notifications were lost.
    await t.db
      .update(sandboxPayments)
      .set({ status: 'paid', transactionId: 'SBX-lost', paidAt: new Date(t.clock.now) })
      .where(eq(sandboxPayments.orderNo, o.orderID));
    t.clock.advance(3 * 60_000);
    expect((await (await payments()).sweep()).applied).toBeGreaterThanOrEqual(1);
    expect((await t.call(queryUserOrder, { guid, orderID: o.orderID })).data.status).toBe('fulfilled');
    expect(await grants(userID)).toEqual({ purchases: 1, changes: 1 });
  });

  it('the sandbox sends each notification twice and retries an unanswered one on the compressed WeChat schedule', async () => {
    const app = Fastify();
    const sb = createSandboxProvider(t.db, () => t.clock.now, { retryScale: 0.001, copies: 2 });
    sb.install(app);
    const seen: number[] = [];
    app.post(notifyPath('sandbox'), async (_req, reply) => {
      seen.push(seen.length < 3 ? 500 : 204);
      return reply.code(seen.at(-1)!).send();
    });
    const { payUrl } = await sb.provider.start({
      orderNo: 'KS-retry',
      amountFen: 100,
      description: 'x',
      returnUrl: '/buyCallback?orderID=KS-retry',
      equipment: 'pc',
      clientIp: '',
      expiresAt: new Date(t.clock.now + 60_000),
    });
    expect((await app.inject({ method: 'POST', url: `${payUrl}/confirm` })).statusCode).toBe(303);
    for (let i = 0; i < 100 && seen.filter((c) => c === 204).length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    // Two copies; three failures, each retried after 15 ms, 15 ms, 30 ms (×0.001): both copies end answered.
    expect(seen.filter((c) => c === 500)).toHaveLength(3);
    expect(seen.filter((c) => c === 204)).toHaveLength(2);
    expect(await sb.provider.query('KS-retry')).toMatchObject({ amountFen: 100 });
    await app.close();
  });
});
