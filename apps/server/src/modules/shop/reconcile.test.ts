import { createServer, connect, type Socket } from 'node:net';
import { getOrderNumber, queryUserOrder } from '@kaoshi/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, paymentNotifications } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { fakeAlipay, fakeWechat, type FakeAlipay, type FakeWechat } from './fake-providers.ts';
import type { PaymentProvider } from './providers.ts';
import { realProviders } from './provider-config.ts';
import { createReconciler, errorClass } from './reconcile.ts';
import { realPayments, requestId } from './shop-setup.ts';
import { createShopStore } from './store.ts';

/**
 * A TCP door in front of the WeChat Pay stand-in: open (forwards), shut (nothing listens on its port: ECONNREFUSED)
 * or hanging (takes each connection and never answers). Switching drops the connections the SDK keeps alive.
 */
async function door(targetPort: number) {
  let hang = false;
  const sockets = new Set<Socket>();
  const keep = (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s)).on('error', () => s.destroy());
  };
  const server = createServer((client) => {
    keep(client);
    if (hang) return;
    const upstream = connect(targetPort, '127.0.0.1');
    keep(upstream);
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  // The client's side needs a moment to see its kept-alive connections go (else it reuses one: 'socket hang up').
  const drop = async () => {
    sockets.forEach((s) => s.destroy());
    await new Promise((resolve) => setTimeout(resolve, 50));
  };
  await listen(0);
  const port = (server.address() as { port: number }).port;
  const shut = async () => {
    const closed = server.listening ? new Promise((resolve) => server.close(resolve)) : undefined;
    await drop();
    await closed;
  };
  return {
    port,
    shut,
    async open() {
      hang = false;
      await drop();
      if (!server.listening) await listen(port);
    },
    async hang() {
      hang = true;
      await drop();
    },
  };
}

let t: TestApp;
let wx: FakeWechat;
let ali: FakeAlipay;
let gate: Awaited<ReturnType<typeof door>>;
beforeAll(async () => {
  wx = await fakeWechat('https://kaoshi.example');
  ali = await fakeAlipay('https://kaoshi.example');
  gate = await door(Number(new URL(wx.config.WECHATPAY_BASE_URL!).port));
  t = await createTestApp({ config: { ...wx.config, ...ali.config, WECHATPAY_BASE_URL: `http://127.0.0.1:${gate.port}/` } as never });
});
afterAll(async () => {
  await t.close();
  await gate.shut();
  await wx.close();
  await ali.close();
});

const logged: { level: 'info' | 'warn' | 'error'; msg: string; o: Record<string, unknown> }[] = [];
const log = {
  info: (o: object, msg: string) => logged.push({ level: 'info', msg, o: o as Record<string, unknown> }),
  warn: (o: object, msg: string) => logged.push({ level: 'warn', msg, o: o as Record<string, unknown> }),
  error: (o: object, msg: string) => logged.push({ level: 'error', msg, o: o as Record<string, unknown> }),
};
beforeEach(() => {
  logged.length = 0;
});
const providerLogs = () => logged.filter((l) => l.msg.startsWith('payment provider')).map((l) => [l.level, l.o.provider, l.msg.split(':')[0]]);

/** The shop's payments as the job builds them, over the test's database with WeChat Pay (through the door) and Alipay. */
const payments = () => realPayments(t, log);

const buy = async (payType: 'wechat' | 'alipay') => {
  const guid = await t.newLearner();
  const o = await t.call(getOrderNumber, { guid, appID: 1001, vn: '2', payType, equipment: 'web_pc', requestId: requestId() });
  expect(o.status).toBe(200);
  return { guid, orderID: o.data.orderID as string };
};
const status = async (o: { guid: string; orderID: string }) => {
  t.forgetCaches();
  return (await t.call(queryUserOrder, o)).data as { status: string; closedReason: string | null };
};
const reconciledAt = async (orderNo: string) => (await t.db.select({ at: orders.reconciledAt }).from(orders).where(eq(orders.orderNo, orderNo)))[0]!.at;
const wechatQueries = (orderNo: string) => wx.seen.filter((s) => s.path.startsWith(`/v3/pay/transactions/out-trade-no/${orderNo}`)).length;

/**
 * The finding: a WeChat order that expired an hour ago and an Alipay order of 3 minutes that Alipay holds as
 * paid. WeChat Pay is then unreachable; the old sweep threw at the WeChat order and went no further.
 */
async function outage() {
  const wechat = await buy('wechat');
  t.clock.advance(29 * 60_000);
  const alipay = await buy('alipay');
  t.clock.advance(3 * 60_000);
  ali.paid.set(alipay.orderID, { tradeNo: `2026${alipay.orderID.slice(2)}`, amount: '398.00' });
  return { wechat, alipay };
}

describe('reconciliation with one provider down (each order on its own, a backoff per provider)', () => {
  it('WeChat Pay refusing connections: the Alipay payment is granted, the expired WeChat order closed; back up, its late payment re-opens it', async () => {
    const { wechat, alipay } = await outage();
    await gate.shut();
    const shop = await payments();
    expect(await shop.sweep()).toMatchObject({ applied: 1, closed: 1, failed: 1 });
    expect(await status(alipay)).toMatchObject({ status: 'fulfilled' });
    expect(await status(wechat)).toMatchObject({ status: 'closed', closedReason: 'timeout' });
    expect(await reconciledAt(wechat.orderID)).toBeNull();
    const now = t.clock.now;
    expect(shop.providerHealth()).toEqual([
      { id: 'wechat', up: false, consecutiveFailures: 1, lastFailureAt: new Date(now), lastError: 'ECONNREFUSED', nextTryAt: new Date(now + 60_000) },
      { id: 'alipay', up: true, consecutiveFailures: 0, lastFailureAt: null, lastError: null, nextTryAt: null },
    ]);
    expect(providerLogs()).toEqual([['warn', 'wechat', 'payment provider unhealthy']]);

    // Within its backoff WeChat is not asked, and nothing is logged again.
    expect(await shop.sweep()).toMatchObject({ applied: 0, closed: 0, failed: 0 });
    expect(shop.providerHealth()[0]).toMatchObject({ consecutiveFailures: 1 });

    // Back, and it holds the closed order as paid (the learner paid before the expiry; the notification was lost).
    await gate.open();
    wx.paid.set(wechat.orderID, { transactionId: '4200000000000000001', amountFen: 39800 });
    t.clock.advance(61_000);
    expect(await shop.sweep()).toMatchObject({ applied: 1, failed: 0 });
    expect(await status(wechat)).toMatchObject({ status: 'fulfilled', closedReason: null });
    expect(shop.providerHealth()[0]).toMatchObject({ id: 'wechat', up: true, consecutiveFailures: 0, nextTryAt: null, lastError: 'ECONNREFUSED' });
    expect(providerLogs()).toEqual([
      ['warn', 'wechat', 'payment provider unhealthy'],
      ['info', 'wechat', 'payment provider recovered'],
    ]);
    expect(await shop.sweep()).toMatchObject({ applied: 0, closed: 0, failed: 0 });
    expect(providerLogs()).toHaveLength(2);
  });

  it('WeChat Pay hanging: the sweep gives up on it after its timeout and goes on; back up without the payment, the order is reconciled and left alone', async () => {
    const { wechat, alipay } = await outage();
    await gate.hang();
    const shop = await payments();
    const reconciler = createReconciler({
      store: createShopStore(t.db),
      providers: new Map(realProviders(t.config).providers.map((p) => [p.id, p])),
      clock: () => t.clock.now,
      log,
      applyPayment: shop.applyPayment,
      timeoutMs: 300,
    });
    const started = Date.now();
    expect(await reconciler.sweep()).toMatchObject({ applied: 1, closed: 1, failed: 1 });
    expect(Date.now() - started).toBeLessThan(5_000); // the SDK's own timeout is 10 s
    expect(await status(alipay)).toMatchObject({ status: 'fulfilled' });
    expect(await status(wechat)).toMatchObject({ status: 'closed', closedReason: 'timeout' });
    expect(reconciler.health()[0]).toMatchObject({ id: 'wechat', up: false, consecutiveFailures: 1, lastError: 'timeout' });

    // Still hanging after the first backoff: 2 minutes next.
    t.clock.advance(61_000);
    await reconciler.sweep();
    expect(reconciler.health()[0]).toMatchObject({ consecutiveFailures: 2, nextTryAt: new Date(t.clock.now + 120_000) });
    expect(providerLogs()).toEqual([['warn', 'wechat', 'payment provider unhealthy']]);

    await gate.open();
    t.clock.advance(121_000);
    const asked = wechatQueries(wechat.orderID);
    expect(await reconciler.sweep()).toMatchObject({ applied: 0, failed: 0 });
    expect(wechatQueries(wechat.orderID)).toBe(asked + 1);
    expect(await reconciledAt(wechat.orderID)).toEqual(new Date(t.clock.now));
    expect(reconciler.health()[0]).toMatchObject({ up: true, consecutiveFailures: 0 });
    t.clock.advance(61_000);
    await reconciler.sweep();
    expect(wechatQueries(wechat.orderID)).toBe(asked + 1);
    expect(await status(wechat)).toMatchObject({ status: 'closed' });
  });

  it('while WeChat is in backoff its expired orders close without asking it, its others wait, and Alipay goes on', async () => {
    const shop = await payments();
    const a = await buy('wechat');
    t.clock.advance(90_000);
    const b = await buy('wechat');
    t.clock.advance(26.5 * 60_000);
    const c = await buy('wechat');
    t.clock.advance(30_000);
    const alipay = await buy('alipay');
    ali.paid.set(alipay.orderID, { tradeNo: `2026${alipay.orderID.slice(2)}`, amount: '398.00' });
    t.clock.advance(150_000);
    // a has expired, b and c not yet; WeChat fails (one failure for the three queries in flight together).
    await gate.shut();
    expect(await shop.sweep()).toMatchObject({ applied: 1, closed: 1, failed: 3 });
    expect(shop.providerHealth()[0]).toMatchObject({ consecutiveFailures: 1, lastError: 'ECONNREFUSED' });
    await gate.open();

    // In its backoff (1 min): b expires and is closed without asking WeChat; c waits.
    t.clock.advance(45_000);
    expect(await shop.sweep()).toMatchObject({ closed: 1, failed: 0 });
    expect([wechatQueries(b.orderID), wechatQueries(c.orderID)]).toEqual([0, 0]);
    expect(await status(b)).toMatchObject({ status: 'closed', closedReason: 'timeout' });
    expect(await status(c)).toMatchObject({ status: 'created' });
    expect(await status(alipay)).toMatchObject({ status: 'fulfilled' });

    // After it: c is asked, and a and b are asked again; WeChat holds no payment of them.
    t.clock.advance(60_000);
    expect(await shop.sweep()).toMatchObject({ applied: 0, closed: 0, failed: 0 });
    expect([a, b, c].map((o) => wechatQueries(o.orderID))).toEqual([1, 1, 1]);
    expect(await reconciledAt(a.orderID)).toEqual(new Date(t.clock.now));
    expect(await reconciledAt(b.orderID)).toEqual(new Date(t.clock.now));
    expect(await reconciledAt(c.orderID)).toBeNull();
    expect(shop.providerHealth()[0]).toMatchObject({ up: true });
    expect(providerLogs().map((l) => l[0])).toEqual(['warn', 'info']);
  });

  it('the lookup of orders to ask again uses its partial index; a failure is named by its class, never its message', async () => {
    const explain = async (query: ReturnType<typeof sql>) => {
      const plan = await t.db.execute(sql`explain ${query}`);
      return (Array.isArray(plan) ? plan : (plan as { rows: Record<string, string>[] }).rows).map((r) => Object.values(r).join('')).join('\n');
    };
    await t.db.execute(sql`set enable_seqscan = off`); // the test's table is small: ask whether an index serves at all
    const again = await explain(
      sql`select * from orders where status = 'closed' and closed_reason = 'timeout' and reconciled_at is null and closed_at > now() - interval '1 day' and pay_type in ('wechat') order by closed_at limit 200`,
    );
    const open = await explain(
      sql`select * from orders where status = 'created' and created_at < now() and (pay_type in ('wechat') or expires_at <= now()) order by created_at, id limit 200`,
    );
    await t.db.execute(sql`reset enable_seqscan`);
    expect(again).toContain('orders_unreconciled_idx');
    expect(open).toContain('orders_open_idx');

    const wrapped = new Error('WeChat Pay query failed: connect ECONNREFUSED 10.0.0.1:443 mchid=1900000001');
    expect([errorClass(wrapped), errorClass(Object.assign(new Error('x'), { code: 'ETIMEDOUT' })), errorClass(new Error('timeout of 10000ms exceeded'))]).toEqual([
      'ECONNREFUSED',
      'ETIMEDOUT',
      'timeout',
    ]);
    expect(errorClass(new TypeError('secret=abc in a message'))).toBe('TypeError');
  });
});

describe("reconciliation reads each provider's answer through that provider's own translation", () => {
  it('an Alipay order: WAIT_BUYER_PAY and TRADE_CLOSED are no payment, TRADE_FINISHED is one, taken once as query:<trade_no>', async () => {
    await gate.open();
    const shop = await payments();
    const o = await buy('alipay');
    const tradeNo = `2026${o.orderID.slice(2)}`;
    t.clock.advance(3 * 60_000);
    for (const status of ['WAIT_BUYER_PAY', 'TRADE_CLOSED']) {
      ali.paid.set(o.orderID, { tradeNo, amount: '398.00', status });
      expect(await shop.sweep()).toMatchObject({ applied: 0 });
    }
    expect(await status(o)).toMatchObject({ status: 'created' });
    ali.paid.set(o.orderID, { tradeNo, amount: '398.00', status: 'TRADE_FINISHED' });
    expect(await shop.sweep()).toMatchObject({ applied: 1 });
    expect(await shop.sweep()).toMatchObject({ applied: 0 });
    expect(await status(o)).toMatchObject({ status: 'fulfilled' });
    const [row] = await t.db.select({ providerTxn: orders.providerTxn }).from(orders).where(eq(orders.orderNo, o.orderID));
    expect(row).toEqual({ providerTxn: tradeNo });
    const taken = await t.db
      .select({ provider: paymentNotifications.provider, id: paymentNotifications.notificationId, outcome: paymentNotifications.outcome })
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderNo, o.orderID));
    expect(taken).toEqual([{ provider: 'alipay', id: `query:${tradeNo}`, outcome: 'paid' }]);
  });

  it('an answer about another order counts as a failure of the provider, and nothing is applied', async () => {
    const o = await buy('alipay');
    t.clock.advance(3 * 60_000);
    const applied: unknown[] = [];
    const alipay = realProviders(t.config).providers.find((p) => p.id === 'alipay')!;
    const confused: PaymentProvider = {
      ...alipay,
      query: () => Promise.resolve({ kind: 'paid', orderNo: 'KS00000000000000000000', providerTradeNo: 'T1', amountFen: 39800 }),
    };
    const reconciler = createReconciler({
      store: createShopStore(t.db),
      providers: new Map([['alipay', confused]]),
      clock: () => t.clock.now,
      log,
      applyPayment: (...args) => Promise.resolve(applied.push(args)),
    });
    expect((await reconciler.sweep()).failed).toBeGreaterThanOrEqual(1);
    expect(applied).toEqual([]);
    expect(reconciler.health()).toEqual([expect.objectContaining({ id: 'alipay', up: false, lastError: 'Error' })]);
    expect(await status(o)).toMatchObject({ status: 'created' });
  });
});
