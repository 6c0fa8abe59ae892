import { vi } from 'vitest';

/** A fake `fetch` for web tests (never a real server): answers come from a responder function. */

export interface FakeRequest {
  url: URL;
  method: string;
  path: string;
  query: URLSearchParams;
  /** The form body of a POST. */
  form: URLSearchParams | null;
  headers: Record<string, string>;
}

/** 'hang' never answers (until the request is aborted). */
export type Responder = (req: FakeRequest) => Response | 'hang' | Promise<Response | 'hang'>;

export const json = (body: unknown, httpStatus = 200): Response => new Response(JSON.stringify(body), { status: httpStatus, headers: { 'Content-Type': 'application/json' } });

/** A reply of the contract's shape { status, msg, data } over HTTP 200. */
export const reply = (status: number, data: unknown = null, msg = ''): Response => json({ status, msg, data });

export const ok = (data: unknown = null): Response => reply(200, data, 'ok');

function toRequest(input: RequestInfo | URL, init: RequestInit = {}): FakeRequest {
  const url = new URL(String(input), window.location.origin);
  const headers = (init.headers ?? {}) as Record<string, string>;
  return {
    url,
    method: init.method ?? 'GET',
    path: url.pathname,
    query: url.searchParams,
    form: typeof init.body === 'string' ? new URLSearchParams(init.body) : null,
    headers,
  };
}

export function installFetch(responder: Responder = () => ok()) {
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const req = toRequest(input, init);
    const signal = init.signal;
    const aborted = new Promise<never>((_, reject) => {
      const fail = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
      if (signal?.aborted) fail();
      signal?.addEventListener('abort', fail);
    });
    const answer = Promise.resolve(responder(req)).then((r) => (r === 'hang' ? new Promise<never>(() => {}) : r));
    return Promise.race([answer, aborted]);
  });
  vi.stubGlobal('fetch', fn);
  return {
    fn,
    /** Every request made so far. */
    requests: (): FakeRequest[] => fn.mock.calls.map(([input, init]) => toRequest(input, init)),
    /** Requests to one path. */
    to: (path: string): FakeRequest[] => fn.mock.calls.map(([input, init]) => toRequest(input, init)).filter((r) => r.path === path),
  };
}

/** Lets pending promise callbacks run (several microtask turns). */
export async function flush(turns = 10): Promise<void> {
  for (let i = 0; i < turns; i++) await Promise.resolve();
}
