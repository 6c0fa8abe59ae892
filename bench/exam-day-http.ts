// The exam-day bench's HTTP client (bench/exam-day.ts).
import http from 'node:http';
import { FORM } from './lib.ts';

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
