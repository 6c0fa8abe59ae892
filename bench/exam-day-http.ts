// The exam-day bench's HTTP client (bench/exam-day.ts).
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { COMMON, FORM } from './lib.ts';

/**
 * One connection per request (no keep-alive): N learners are N devices, and a device's connection would not stay
 * open for the 30 s between autosaves anyway (a reused idle socket that the server closes at that moment makes
 * the POST fail with ECONNRESET, which says nothing about the server).
 */
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

/** A POST of the form `body` (or a GET when it is null) to the server on `port`; answers the HTTP status and the body. */
export function httpRequest(port: number, path: string, body: string | null, timeoutMs: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: body === null ? 'GET' : 'POST',
        agent,
        headers: body === null ? {} : { ...FORM, 'content-length': Buffer.byteLength(body) },
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}

/**
 * The bench's calls to the server on `port`: each one's latency is kept by kind, and every failure counted by kind
 * and what it was (transport, HTTP status, body status and message). `post` and `get` answer the body text of a
 * body status 200, else null.
 */
export function client<Kind extends string>(port: number, timeoutMs: number, kinds: readonly Kind[]) {
  const latencies = Object.fromEntries(kinds.map((k) => [k, [] as number[]])) as Record<Kind, number[]>;
  const errors = new Map<string, number>();
  const fail = (what: string) => errors.set(what, (errors.get(what) ?? 0) + 1);
  const transport = (err: unknown) => {
    const e = err as Error & { code?: string };
    return `transport ${e.name === 'AbortError' || e.name === 'TimeoutError' ? `timeout ${timeoutMs / 1000} s` : (e.code ?? e.message)}`;
  };
  const params = (p: Record<string, string | number>) => new URLSearchParams(Object.entries(p).map(([k, v]) => [k, String(v)])).toString();

  async function call(kind: Kind, path: string, body: string | null): Promise<string | null> {
    const t0 = performance.now();
    try {
      const r = await httpRequest(port, path, body, timeoutMs);
      latencies[kind].push(performance.now() - t0);
      if (r.status < 200 || r.status >= 300) return (fail(`${kind}: HTTP ${r.status}`), null);
      if (!r.text.startsWith('{"status":200,')) {
        const j = JSON.parse(r.text) as { status: number; msg: string };
        return (fail(`${kind}: body ${j.status} ${j.msg}`), null);
      }
      return r.text;
    } catch (err) {
      fail(`${kind}: ${transport(err)}`);
      return null;
    }
  }
  return {
    latencies,
    errors,
    fail,
    post: (kind: Kind, path: string, p: Record<string, string | number>) => call(kind, `${path}?${COMMON}`, params(p)),
    get: (kind: Kind, path: string, p: Record<string, string | number>) => call(kind, `${path}?${COMMON}&${params(p)}`, null),
  };
}
