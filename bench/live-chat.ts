// The chat half of live-bench.ts: many room sockets in this process (receivers), one host socket sending timed
// messages, and what they measured (delivery latency, lost messages). Protocol: packages/contract/src/live-socket.ts.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import WebSocket from 'ws';
import { sleep } from './lib.ts';

/** A message's text: its sequence number and the wall-clock ms it was sent at (client and server share a clock). */
const STAMP = /^b:(\d+):(\d+)$/;

export interface Receiver {
  ws: WebSocket;
  url: string;
  /** When its `welcome` came: every message sent after this must reach it. */
  joinedAt: number;
  /** got[seq] = 1 once the message arrived (in a frame or in the welcome's `missed`). */
  got: Uint8Array;
  /** Delivery latencies (ms) of the messages it received in frames. */
  latencies: number[];
  closed: number | null;
}

type Frame = { t: string; messages?: { text: string }[]; missed?: { text: string }[]; msg?: string };

/** A free TCP port on the loopback (closed again at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** A process's resident memory (KiB), from /proc/<pid>/status. */
export function rssKiB(pid: number): number {
  const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : NaN;
}

export const socketUrl = (port: number, liveID: number, guid: string, host?: string) =>
  `ws://127.0.0.1:${port}/api/live/ws?liveID=${liveID}&guid=${encodeURIComponent(guid)}${host ? `&host=${encodeURIComponent(host)}` : ''}`;

/** Opens one socket, says hello and resolves at its welcome; rejects with the close code when refused. */
export function openReceiver(url: string, maxSeq: number, timeoutMs = 60_000): Promise<Receiver> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    const r: Receiver = { ws, url, joinedAt: 0, got: new Uint8Array(maxSeq + 1), latencies: [], closed: null };
    const timer = setTimeout(() => (ws.terminate(), reject(new Error(`no welcome within ${timeoutMs} ms`))), timeoutMs);
    const take = (list: { text: string }[] | undefined, now: number | null) => {
      for (const m of list ?? []) {
        const s = STAMP.exec(m.text);
        if (!s) continue;
        const seq = Number(s[1]);
        if (seq > maxSeq || r.got[seq]) continue;
        r.got[seq] = 1;
        if (now !== null) r.latencies.push(now - Number(s[2]));
      }
    };
    ws.on('open', () => ws.send(JSON.stringify({ t: 'hello', since: 0 })));
    ws.on('message', (data) => {
      const now = Date.now();
      const f = JSON.parse(String(data)) as Frame;
      if (f.t === 'frame') take(f.messages, now);
      else if (f.t === 'welcome') {
        r.joinedAt = now;
        take(f.missed, null);
        clearTimeout(timer);
        resolve(r);
      }
    });
    ws.on('error', () => undefined);
    ws.on('close', (code) => {
      r.closed = code;
      clearTimeout(timer);
      reject(new Error(`closed ${code} before the welcome`));
    });
  });
}

/** Opens `urls.length` sockets, `batch` at a time (each batch welcomed before the next); returns them and the time taken. */
export async function openAll(urls: string[], maxSeq: number, batch: number): Promise<{ receivers: Receiver[]; ms: number; refused: string[] }> {
  const t0 = Date.now();
  const receivers: Receiver[] = [];
  const refused: string[] = [];
  for (let i = 0; i < urls.length; i += batch) {
    const settled = await Promise.allSettled(urls.slice(i, i + batch).map((u) => openReceiver(u, maxSeq)));
    for (const s of settled) {
      if (s.status === 'fulfilled') receivers.push(s.value);
      else refused.push((s.reason as Error).message);
    }
  }
  return { receivers, ms: Date.now() - t0, refused };
}

export interface SendResult {
  /** sentAt[seq]: when message seq was sent (ms), seq from 1. */
  sentAt: number[];
  /** `error` frames the sender got (too fast, muted...). */
  errors: string[];
}

/** The host socket sends `rate` messages a second for `seconds`, each `b:<seq>:<ms>`, on a fixed schedule. */
export async function sendMessages(host: WebSocket, rate: number, seconds: number): Promise<SendResult> {
  const errors: string[] = [];
  host.on('message', (data) => {
    const f = JSON.parse(String(data)) as Frame;
    if (f.t === 'error') errors.push(f.msg ?? '');
  });
  const sentAt: number[] = [0];
  const total = Math.round(rate * seconds);
  const t0 = Date.now();
  for (let seq = 1; seq <= total; seq++) {
    const due = t0 + ((seq - 1) * 1000) / rate;
    if (due > Date.now()) await sleep(due - Date.now());
    const now = Date.now();
    sentAt.push(now);
    host.send(JSON.stringify({ t: 'say', text: `b:${seq}:${now}` }));
  }
  return { sentAt, errors };
}

/** Opens the host socket (host key) and waits for its welcome. */
export async function openHost(url: string): Promise<WebSocket> {
  const r = await openReceiver(url, 0);
  return r.ws;
}

/** Waits until every receiver has every message (or `ms` passed). */
export async function drain(receivers: Receiver[], total: number, ms: number): Promise<void> {
  const until = Date.now() + ms;
  const done = () => receivers.every((r) => r.closed !== null || r.got.subarray(1, total + 1).every((g) => g === 1));
  while (Date.now() < until && !done()) await sleep(100);
}

export const pct = (sorted: ArrayLike<number>, p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : NaN);

export interface Delivery {
  clients: number;
  deliveries: number;
  p50: number;
  p99: number;
  max: number;
  lost: number;
  /** Receivers that closed during the run (their messages are not counted as lost). */
  dropped: number;
}

/** Latency percentiles over every (client, message) delivery, and the messages a still-connected client missed. */
export function measure(receivers: Receiver[], sent: SendResult): Delivery {
  let n = 0;
  for (const r of receivers) n += r.latencies.length;
  const all = new Float64Array(n);
  let at = 0;
  let lost = 0;
  let dropped = 0;
  for (const r of receivers) {
    all.set(r.latencies, at);
    at += r.latencies.length;
    if (r.closed !== null) {
      dropped++;
      continue;
    }
    for (let seq = 1; seq < sent.sentAt.length; seq++) if (sent.sentAt[seq]! >= r.joinedAt && !r.got[seq]) lost++;
  }
  all.sort();
  return { clients: receivers.length, deliveries: n, p50: pct(all, 50), p99: pct(all, 99), max: all.length ? all[all.length - 1]! : NaN, lost, dropped };
}

export const describe = (d: Delivery, messages: number) =>
  `delivery over ${d.clients} clients × ${messages} messages (${d.deliveries} received): p50 ${d.p50.toFixed(0)} ms, p99 ${d.p99.toFixed(0)} ms, max ${d.max.toFixed(0)} ms   target p99 ≤ 1000 ms\n` +
  `  lost for connected clients: ${d.lost}${d.dropped ? ` (and ${d.dropped} clients dropped during the run)` : ''}   target 0`;

/** Closes every socket and waits a moment for the server to see it. */
export async function closeAll(sockets: WebSocket[]): Promise<void> {
  for (const ws of sockets) ws.close(1000);
  await sleep(1000);
  for (const ws of sockets) if (ws.readyState !== ws.CLOSED) ws.terminate();
}
