import { connect, type Socket } from 'node:net';
import { getAgentInfo } from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';

/**
 * Slow connections (issue 12 items 6 and 11), against a real listening server with short timeouts: half-sent
 * requests are answered 408 and closed while normal calls go on; an oversized head gets 431 in the reply shape.
 */
let t: TestApp;
let port: number;
const HEADERS_MS = 800;
const REQUEST_MS = 1200;

beforeAll(async () => {
  t = await createTestApp({ config: { HEADERS_TIMEOUT_MS: HEADERS_MS, REQUEST_TIMEOUT_MS: REQUEST_MS, KEEP_ALIVE_TIMEOUT_MS: 1000 } });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});
afterAll(() => t.close());

interface Slow {
  socket: Socket;
  closedAfter: Promise<number>;
  received: () => string;
}

/** A client that opens a request and then trickles it: a header line (or body bytes) every 200 ms, never finishing. */
function slowClient(kind: 'head' | 'body'): Slow {
  const socket = connect(port, '127.0.0.1');
  const opened = Date.now();
  let got = '';
  socket.on('data', (d) => (got += d.toString()));
  socket.on('error', () => {});
  socket.write(
    kind === 'head'
      ? 'GET /api/agentInfo/getAgentInfo HTTP/1.1\r\nHost: localhost\r\n'
      : 'POST /ksbao/userclick HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 4000\r\n\r\nbtnName=',
  );
  const drip = setInterval(() => socket.writable && socket.write(kind === 'head' ? 'X-Slow: 1\r\n' : 'a'), 200);
  const closedAfter = new Promise<number>((resolve) =>
    socket.on('close', () => {
      clearInterval(drip);
      resolve(Date.now() - opened);
    }),
  );
  return { socket, closedAfter, received: () => got };
}

describe('slow clients', () => {
  it('half-sent requests are answered 408 and closed, and normal calls keep answering meanwhile', async () => {
    const slow = [...Array.from({ length: 150 }, () => slowClient('head')), ...Array.from({ length: 50 }, () => slowClient('body'))];
    const latencies: number[] = [];
    const deadline = Date.now() + REQUEST_MS + 1500;
    while (Date.now() < deadline) {
      const began = Date.now();
      const res = await fetch(`http://127.0.0.1:${port}${getAgentInfo.path}`);
      expect(((await res.json()) as { status: number }).status).toBe(200);
      latencies.push(Date.now() - began);
      await new Promise((r) => setTimeout(r, 50));
    }
    const closed = await Promise.race([Promise.all(slow.map((s) => s.closedAfter)), new Promise<null>((r) => setTimeout(() => r(null), 3000))]);
    for (const s of slow) s.socket.destroy();
    expect(closed, 'every slow connection closed by the server').not.toBeNull();
    // Closed within the request timeout plus Node's check interval (1 s) and some slack for a loaded host.
    expect(Math.max(...closed!)).toBeLessThan(REQUEST_MS + 2500);
    const answered = slow.map((s) => s.received()).filter((r) => r.startsWith('HTTP/1.1 408'));
    expect(answered.length).toBeGreaterThan(150);
    expect(answered[0]).toContain('"status":400');
    expect(answered[0]).toContain('请求超时');
    latencies.sort((a, b) => a - b);
    expect(latencies.length).toBeGreaterThan(5);
    // Not a speed target: the normal calls were answered, not held behind the slow ones.
    expect(latencies[Math.floor(latencies.length * 0.9)]).toBeLessThan(1000);
  });

  it('a request head over 16 KB gets 431 with the reply shape, and the server goes on', async () => {
    const socket = connect(port, '127.0.0.1');
    let got = '';
    socket.on('data', (d) => (got += d.toString()));
    const done = new Promise((r) => socket.on('close', r));
    socket.write(`GET ${getAgentInfo.path}?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    await done;
    expect(got.startsWith('HTTP/1.1 431')).toBe(true);
    const body = JSON.parse(got.slice(got.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({ status: 400, msg: '请求头或网址过长，请缩短后重试', data: null });
    expect(((await (await fetch(`http://127.0.0.1:${port}${getAgentInfo.path}`)).json()) as { status: number }).status).toBe(200);
  });

  it('bodies are limited per kind of call: a tracking call takes no more than 48 KiB', async () => {
    const big = await t.app.inject({ method: 'POST', url: '/ksbao/userclick', payload: { btnName: 'x', pad: 'y'.repeat(60 * 1024) } });
    expect(big.json()).toMatchObject({ status: 400 });
    const ok = await t.app.inject({ method: 'POST', url: '/api/user/checkUser', payload: { userName: '13800000000', pad: 'y'.repeat(40 * 1024) } });
    expect(ok.json().status).not.toBe(400);
  });
});
