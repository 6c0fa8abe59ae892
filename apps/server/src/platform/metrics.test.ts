import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAgentInfo, moduleInfoX, sendcode } from '@kaoshi/contract';
import { createTestApp, DEMO, freshIp, nextPhone, type TestApp } from '../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The value of one sample line `name{labels} value` of a scrape (0 when absent). */
const sample = (text: string, name: string, labels: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
};
const scrape = async (headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers, ...(remoteAddress && { remoteAddress }) });

describe('/metrics (docs/operations.md, "Metrics")', () => {
  it('counts each contract call by its contract status and times it; counts SMS sent per provider', async () => {
    const before = (await scrape()).body;
    await t.call(getAgentInfo, {});
    await t.call(getAgentInfo, {});
    const bad = await t.callRaw(sendcode, { phone: '123', op: 'register' }, { ip: freshIp() });
    expect(bad.status).toBe(400);
    expect((await t.call(sendcode, { phone: nextPhone(), op: 'register' }, { ip: freshIp() })).status).toBe(200);
    const r = await scrape();
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const after = r.body;
    const delta = (name: string, labels: string) => sample(after, name, labels) - sample(before, name, labels);
    expect(delta('kaoshi_calls_total', `route="${getAgentInfo.id}",status="200"`)).toBe(2);
    expect(delta('kaoshi_calls_total', `route="${sendcode.id}",status="400"`)).toBe(1);
    expect(delta('kaoshi_call_duration_seconds_count', `route="${getAgentInfo.id}"`)).toBe(2);
    // A Prometheus histogram: typed, its buckets cumulative and ending in +Inf, which counts every answer.
    expect(after).toMatch(/^# TYPE kaoshi_call_duration_seconds histogram$/m);
    expect(after).toMatch(/^# TYPE kaoshi_calls_total counter$/m);
    const buckets = after
      .split('\n')
      .filter((l) => l.startsWith('kaoshi_call_duration_seconds_bucket{') && l.includes(`route="${getAgentInfo.id}"`))
      .map((l) => Number(l.split(' ').at(-1)));
    expect(buckets.length).toBeGreaterThan(2);
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
    expect(sample(after, 'kaoshi_call_duration_seconds_bucket', `le="+Inf",route="${getAgentInfo.id}"`)).toBe(
      sample(after, 'kaoshi_call_duration_seconds_count', `route="${getAgentInfo.id}"`),
    );
    expect(sample(after, 'kaoshi_call_duration_seconds_sum', `route="${getAgentInfo.id}"`)).toBeGreaterThan(0);
    expect(delta('kaoshi_sms_total', 'provider="dev",kind="code",result="sent"')).toBe(1);
    // The process and the gauges read at scrape time.
    expect(after).toMatch(/^kaoshi_process_cpu_seconds_total /m);
    expect(after).toMatch(/^kaoshi_nodejs_eventloop_lag_seconds /m);
    for (const kind of ['orders_open', 'orders_unreconciled', 'payment_flags_open', 'live_replays_pending', 'exam_sheets_grading'])
      expect(after).toMatch(new RegExp(`^kaoshi_backlog\\{kind="${kind}"\\} \\d+$`, 'm'));
    expect(after).toMatch(/^kaoshi_live\{what="sockets"\} 0$/m);
  });

  it('reads the status of a reply whose data was already JSON (the grid bytes of moduleInfoX) as of any other', async () => {
    const guid = await t.login(DEMO.learner, DEMO.password);
    const before = (await scrape()).body;
    expect((await t.call(moduleInfoX, { guid, appID: 1001 })).status).toBe(200);
    expect((await t.call(moduleInfoX, { guid, appID: 999 })).status).toBe(404);
    const after = (await scrape()).body;
    const delta = (labels: string) => sample(after, 'kaoshi_calls_total', labels) - sample(before, 'kaoshi_calls_total', labels);
    expect([delta(`route="${moduleInfoX.id}",status="200"`), delta(`route="${moduleInfoX.id}",status="404"`)]).toEqual([1, 1]);
  });

  it('without METRICS_TOKEN answers only loopback connections that came through no proxy; others get 404', async () => {
    expect((await scrape({}, '10.1.2.3')).statusCode).toBe(404);
    expect((await scrape({ 'x-forwarded-for': '1.2.3.4' })).statusCode).toBe(404);
    expect((await scrape()).statusCode).toBe(200);
  });

  it('with METRICS_TOKEN answers the bearer of that token only, from anywhere', async () => {
    const token = 'metrics-token-0123456789abcdef';
    const m = await createTestApp({ config: { METRICS_TOKEN: token } });
    try {
      const get = (headers: Record<string, string>) => m.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress: '10.1.2.3' });
      expect((await get({})).statusCode).toBe(404);
      expect((await get({ authorization: 'Bearer wrong-token-0123456789abcd' })).statusCode).toBe(404);
      expect((await get({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    } finally {
      await m.close();
    }
  });
});
