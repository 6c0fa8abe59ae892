// The shop (issue 16), on PGlite and on PostgreSQL: order creation (getOrderNumber, a fresh requestId per request)
// and notification processing (WeChat Pay v3 signed and encrypted, one per order, each granting a version) per
// second beside a bare Fastify route answering the same bytes; then a replay storm of 1,000 copies of one paid
// notification sent at once, with the number of grants it made (the target is exactly one).
// `npm run bench:shop -w bench`. BENCH_SECONDS (5), BENCH_CONNECTIONS (20) change the runs.
import autocannon from 'autocannon';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { api, COMMON, DEMO_PASSWORD, FORM, login, spawnServer, startBare, startPgCluster, stopServer, waitReady, type Store } from './lib.ts';
import { SANDBOX_ACCOUNT, sandboxKeys } from '../apps/server/src/modules/shop/sandbox.ts';
import { encryptResource, signBody, type SignedRequest } from '../apps/server/src/modules/shop/wechat-v3.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const STORM = 1000;
const [APP_PORT, BARE_PORT, PG_PORT] = [3330, 3331, 3333];
const TRIAL_PHONE = '13800000000';

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  bad: number;
  note: string;
}
interface Order {
  orderID: string;
  amount: number;
}

const keys = (file: string) => sandboxKeys(file);

/** A paid notification of an order, signed and encrypted as WeChat Pay v3 does (the sandbox's keys). */
function notification(k: ReturnType<typeof keys>, o: Order, id: string): SignedRequest {
  const now = Date.now();
  const transaction = {
    mchid: SANDBOX_ACCOUNT.mchid,
    appid: SANDBOX_ACCOUNT.appid,
    out_trade_no: o.orderID,
    transaction_id: `BENCH${id}`,
    trade_state: 'SUCCESS',
    success_time: new Date(now).toISOString(),
    amount: { total: o.amount, currency: 'CNY' },
  };
  const body = JSON.stringify({
    id,
    create_time: new Date(now).toISOString(),
    event_type: 'TRANSACTION.SUCCESS',
    resource_type: 'encrypt-resource',
    resource: encryptResource(k.apiV3Key, JSON.stringify(transaction)),
  });
  return signBody(k.privateKey, k.serial, body, now);
}

const row = (name: string, r: autocannon.Result, note: string): Row => ({
  name,
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  bad: r.errors + r.timeouts + r.non2xx,
  note,
});

async function benchStore(label: string, store: Store, work: string): Promise<Row[]> {
  console.log(`\n== ${label} ==`);
  const keysFile = join(work, `sandbox-keys-${store.kind}.json`);
  const k = keys(keysFile);
  const server = spawnServer(APP_PORT, store, { NODE_ENV: 'development', SANDBOX_KEYS_FILE: keysFile, ORDER_RATE_LIMIT: '1000000', LOG_LEVEL: 'fatal', DEMO_LIVE: 'off' });
  const rows: Row[] = [];
  let bare: ChildProcess | undefined;
  try {
    await waitReady(server, APP_PORT);
    const guid = await login(APP_PORT);
    const sample = await api<Order>(APP_PORT, '/api/getOrderNumber', { guid, appID: 1001, vn: '3', payType: 'sandbox', requestId: 'bench-sample-0001' }, 'POST');
    if (sample.body.status !== 200) throw new Error(`getOrderNumber: ${sample.text.slice(0, 200)}`);
    writeFileSync(join(work, 'order.json'), sample.text);
    bare = await startBare(BARE_PORT, join(work, 'order.json'));

    // Orders: each request a new attempt of the demo member (renewing 至尊班); the replies' order numbers kept.
    const orders: Order[] = [];
    let n = 0;
    const created = await autocannon({
      url: `http://127.0.0.1:${APP_PORT}`,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [
        {
          method: 'POST',
          path: `/api/getOrderNumber?${COMMON}`,
          headers: FORM,
          setupRequest: (req) => ({ ...req, body: `guid=${guid}&appID=1001&vn=3&payType=sandbox&requestId=bench-${process.pid}-${++n}` }),
          onResponse: (status, body) => {
            const j = JSON.parse(String(body)) as { status: number; data: Order };
            if (status === 200 && j.status === 200) orders.push({ orderID: j.data.orderID, amount: j.data.amount });
          },
        },
      ],
    });
    rows.push(row('getOrderNumber', created, `${orders.length} orders`));
    const bareOrder = await autocannon({ url: `http://127.0.0.1:${BARE_PORT}/bare`, method: 'POST', headers: FORM, body: 'a=1', connections: CONNECTIONS, duration: DURATION });
    rows.push(row('  bare route, same bytes', bareOrder, ''));

    // Notifications: one per order, each a first payment (mark paid, grant, change log, fulfil).
    const signed = orders.map((o, i) => notification(k, o, `bench-${i}`));
    let next = 0;
    const paid = await autocannon({
      url: `http://127.0.0.1:${APP_PORT}`,
      connections: CONNECTIONS,
      amount: signed.length,
      requests: [{ method: 'POST', path: '/api/pay/notify/sandbox', setupRequest: (req) => ({ ...req, ...signed[next++ % signed.length]! }) }],
    });
    rows.push(row('notify (first payment)', paid, `${signed.length} orders paid`));
    const bareNotify = await autocannon({
      url: `http://127.0.0.1:${BARE_PORT}/bare`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: signed[0]!.body,
      connections: CONNECTIONS,
      duration: DURATION,
    });
    rows.push(row('  bare route, same body', bareNotify, ''));

    // The storm: 1,000 copies of one notification of one order at once.
    const trial = await login(APP_PORT, TRIAL_PHONE, DEMO_PASSWORD);
    const target = await api<Order & { paidAt: string | null }>(
      APP_PORT,
      '/api/getOrderNumber',
      { guid: trial, appID: 1001, vn: '1', payType: 'sandbox', requestId: `bench-storm-${Date.now()}` },
      'POST',
    );
    const storm = notification(k, target.body.data, 'bench-storm');
    const replayed = await autocannon({
      url: `http://127.0.0.1:${APP_PORT}/api/pay/notify/sandbox`,
      method: 'POST',
      headers: storm.headers,
      body: storm.body,
      connections: 50,
      amount: STORM,
    });
    const after = await api<{ status: string; paidAt: string }>(APP_PORT, '/api/queryUserOrder', { guid: trial, orderID: target.body.data.orderID }, 'POST');
    const vip = await api<{ vipdata: { EndTime: string } | null }>(APP_PORT, '/api/user/vipinfo', { guid: trial, appID: 1001 });
    const days = vip.body.data.vipdata ? (Date.parse(vip.body.data.vipdata.EndTime) - Date.parse(after.body.data.paidAt)) / 86_400_000 : 0;
    const grants = Math.round(days / 365);
    rows.push(row(`replay storm ×${STORM}`, replayed, `order ${after.body.data.status}; grants made: ${grants} (target 1)`));
  } finally {
    bare?.kill();
    await stopServer(server);
  }
  for (const r of rows)
    console.log(`${r.name.padEnd(28)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(5)} ms  bad ${r.bad}  ${r.note}`);
  return rows;
}

const work = mkdtempSync(join(tmpdir(), 'kaoshi-shop-bench-'));
try {
  await benchStore('PGlite (embedded)', { kind: 'pglite', dataDir: join(work, 'pglite') }, work);
  const pg = process.env.BENCH_PG_URL ? { url: process.env.BENCH_PG_URL, stop() {} } : startPgCluster(PG_PORT);
  if ('skipped' in pg) console.log(`\nPostgreSQL skipped: ${pg.skipped}`);
  else {
    try {
      await benchStore('PostgreSQL', { kind: 'postgres', url: pg.url }, work);
    } finally {
      pg.stop();
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
