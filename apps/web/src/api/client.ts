import {
  MSG,
  REQUEST_TIMEOUT_MS,
  SHORT_TIMEOUT_CALLS,
  SHORT_TIMEOUT_MS,
  Status,
  isSuccess,
  requestFields,
  type CallDef,
  type CallGroup,
  type DataOf,
  type Reply,
  type RequestOf,
} from '@kaoshi/contract';
import { clientKind, terminalType } from '../lib/client-kind';
import { redirectToLogin } from '../lib/login-redirect';
import { currentPathname, navigateTo } from '../lib/navigation';
import { getGuid, getUserID } from '../lib/session';
import { local, sessionCache } from '../lib/storage';
import { callFailed } from '../lib/call-failures';
import { alertMsg, toast } from '../ui/dialogs';
import { ApiError } from './errors';

export { ApiError, isApiError, isCancelled } from './errors';

/**
 * The one HTTP client (spec §7/§8). Every call goes through a contract CallDef:
 * - common query parameters on every call: client, terminalType, clientver, v, _u;
 * - GET parameters in the query string, others form-encoded;
 * - the stored guid added when the call needs a session or has a guid field;
 * - identical in-flight requests (method + path + parameters): the EARLIER one is aborted and rejects
 *   with '取消重复请求' (never alerted); the later one proceeds. Not for allowedRepeat calls;
 * - timeouts: 60000 ms, 15000 ms for moduleInfoX, pricelist and vipinfo;
 * - the error catalogue of spec §8 (see handleReply / handleHttp).
 */

export interface CallOptions {
  /** Do not cancel an identical in-flight request (also set per call in the contract). */
  allowedRepeat?: boolean;
  timeoutMs?: number;
  /** Do not alert or toast; just reject (the screen shows the message inline). 401/408 still apply. */
  silent?: boolean;
  /** Fire and forget (tracking, error reports): no alert, toast, navigation or error report at all. */
  quiet?: boolean;
}

type WithOptionalGuid<T> = T extends { guid: unknown } ? Omit<T, 'guid'> & { guid?: string } : T;
/** The request of a call; `guid` may be left out, the client adds the stored one. */
export type ParamsOf<C extends CallDef> = WithOptionalGuid<RequestOf<C>>;

/** clientver: the app version from package.json (injected by vite.config.ts). */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0';

const BASES: Record<CallGroup, string> = {
  general: import.meta.env.VITE_API_BASE_GENERAL ?? '',
  tracking: import.meta.env.VITE_API_BASE_TRACKING ?? '',
  payment: import.meta.env.VITE_API_BASE_PAYMENT ?? '',
  activity: import.meta.env.VITE_API_BASE_ACTIVITY ?? '',
  video: import.meta.env.VITE_API_BASE_VIDEO ?? '',
  bug: import.meta.env.VITE_API_BASE_BUG ?? '',
};

export const baseUrl = (group: CallGroup): string => BASES[group];

/** Whether a call is one of the contract's SHORT_TIMEOUT_CALLS (by the last segment of its path). */
export const isShortTimeoutPath = (path: string): boolean => SHORT_TIMEOUT_CALLS.includes(path.replace(/\/+$/, '').split('/').pop() ?? '');

/**
 * The `v` token: the request time in base 36. A cache-buster that makes every URL unique to proxies
 * and WebView caches; it is not a signature and the server ignores its value.
 */
export const vToken = (now: number = Date.now()): string => now.toString(36);

export function commonQuery(now: number = Date.now()): Record<string, string> {
  return {
    client: clientKind(),
    terminalType: String(terminalType()),
    clientver: APP_VERSION,
    v: vToken(now),
    _u: getUserID(),
  };
}

/** Parameters as form/query pairs: undefined and null left out, objects as JSON, the rest as strings. */
export function encodeParams(params: Record<string, unknown>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    out.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return out;
}

/** In the bundle the definitions carry `fields` and no schemas (build/contract-meta-plugin.ts); tests use the real ones. */
const hasGuidField = (def: CallDef): boolean => requestFields(def).includes('guid');

function withGuid(def: CallDef, params: object): Record<string, unknown> {
  const p: Record<string, unknown> = { ...(params as Record<string, unknown>) };
  if ((def.needsSession || hasGuidField(def)) && (p.guid === undefined || p.guid === null || p.guid === '')) {
    const guid = getGuid();
    if (guid) p.guid = guid;
  }
  return p;
}

interface InFlight {
  cancel: () => void;
}
const inflight = new Map<string, InFlight>();

/** Number of requests being tracked for duplicate cancellation (for tests and diagnostics). */
export const inflightCount = (): number => inflight.size;

function parseReply(text: string): Reply<unknown> | null {
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object' && typeof (body as Reply<unknown>).status === 'number') {
      const r = body as Partial<Reply<unknown>>;
      return { status: r.status as number, msg: typeof r.msg === 'string' ? r.msg : '', data: r.data ?? null };
    }
  } catch {
    /* not JSON */
  }
  return null;
}

/** Spec §8 "clear storage" (401, 408): local storage except the WeChat type, and the session caches. */
function clearStorage(): void {
  local.clearAllKeepingWechatType();
}

interface Ctx {
  def: CallDef;
  opts: CallOptions;
}

function handleReply<T>(reply: Reply<T>, { def, opts }: Ctx): Reply<T> {
  const s = reply.status;
  if (isSuccess(s)) return reply;
  if (s === Status.LOGGED) {
    console.info(`[api] ${def.path} → 300 ${reply.msg}`);
    return reply;
  }
  const err = new ApiError(s, reply.msg, reply.data, 'reply');
  if (opts.quiet) throw err;
  switch (s) {
    case Status.UNAUTHORIZED:
      void alertMsg(reply.msg || MSG.sessionExpired);
      clearStorage();
      redirectToLogin(navigateTo, { returnHere: true });
      break;
    case Status.MAINTENANCE:
      clearStorage();
      sessionCache.remove('agentInfo');
      if (currentPathname() !== '/maintain') navigateTo('/maintain', { replace: true });
      break;
    case Status.FORBIDDEN:
    case Status.NOT_FOUND:
    case Status.BAD_GATEWAY:
      callFailed({ bugType: 0, pageType: 'api', action: def.path, detail: `status ${s}: ${reply.msg}` });
      break;
    default:
      if (!opts.silent) void alertMsg(reply.msg || MSG.serverError);
  }
  throw err;
}

function handleHttp(httpStatus: number, reply: Reply<unknown> | null, ctx: Ctx): never {
  if (reply && (reply.status === Status.UNAUTHORIZED || reply.status === Status.MAINTENANCE)) {
    handleReply(reply, ctx);
  }
  const msg = reply?.msg || MSG.serverError;
  const err = new ApiError(httpStatus, msg, reply?.data ?? null, 'http');
  if (ctx.opts.quiet) throw err;
  if (!ctx.opts.silent) void alertMsg(msg);
  if (httpStatus === 401) redirectToLogin(navigateTo, { returnHere: true });
  throw err;
}

const callKey = (def: CallDef, encoded: URLSearchParams) =>
  `${def.method} ${def.path} ${[...encoded]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&')}`;

/** How long a prefetched reply waits for the call that takes it. */
export const PREFETCH_KEEP_MS = 30_000;
const prefetched = new Map<string, { reply: Promise<Reply<unknown>>; at: number }>();

function takePrefetched(key: string): Promise<Reply<unknown>> | null {
  const early = prefetched.get(key);
  prefetched.delete(key);
  return early && Date.now() - early.at <= PREFETCH_KEEP_MS ? early.reply : null;
}

/**
 * Starts a call before the code that needs its reply has loaded (the first screen's data, started by main.tsx in
 * parallel with the screen's code: lib/first-screen.ts). Silent; the first call of `def` with the very same params
 * within PREFETCH_KEEP_MS takes the reply instead of asking the server again.
 */
export function prefetchCall<C extends CallDef>(def: C, params: ParamsOf<C>, given?: Reply<DataOf<C>>): void {
  const key = callKey(def, encodeParams(withGuid(def, params as object)));
  if (prefetched.has(key)) return;
  // `given`: the reply the page itself carries (the agent info in index.html), taken the same way.
  const reply = given ? Promise.resolve(given) : callReply(def, params, { silent: true });
  reply.catch(() => undefined);
  prefetched.set(key, { reply, at: Date.now() });
}

/** Calls `def` and resolves with the whole reply (status 200–299 or 300); rejects with ApiError otherwise. */
export async function callReply<C extends CallDef>(def: C, params: ParamsOf<C>, opts: CallOptions = {}): Promise<Reply<DataOf<C>>> {
  const ctx: Ctx = { def, opts };
  const encoded = encodeParams(withGuid(def, params as object));
  const query = new URLSearchParams(commonQuery());
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: string | undefined;
  if (def.method === 'GET') {
    for (const [k, v] of encoded) query.append(k, v);
  } else {
    body = encoded.toString();
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  }
  const url = `${baseUrl(def.group)}${def.path}?${query.toString()}`;

  const controller = new AbortController();
  let aborted: 'cancelled' | 'timeout' | null = null;
  const entry: InFlight = {
    cancel: () => {
      aborted = 'cancelled';
      controller.abort();
    },
  };
  const key = callKey(def, encoded);
  const early = takePrefetched(key);
  // A reply asked for at start-up (prefetchCall): the screen's own call takes it; if it failed, the call is made
  // again here, so its failure is reported as this call's options say.
  if (early) return early.catch(() => callReply(def, params, opts)) as Promise<Reply<DataOf<C>>>;
  const dedupe = !(opts.allowedRepeat ?? def.allowedRepeat ?? false);
  if (dedupe) {
    inflight.get(key)?.cancel();
    inflight.set(key, entry);
  }
  const short = isShortTimeoutPath(def.path);
  const timeoutMs = opts.timeoutMs ?? def.timeoutMs ?? (short ? SHORT_TIMEOUT_MS : REQUEST_TIMEOUT_MS);
  const timer = setTimeout(() => {
    aborted = 'timeout';
    controller.abort();
  }, timeoutMs);

  let httpOk = false;
  let httpStatus = 0;
  let text = '';
  let failure: unknown = null;
  try {
    const res = await fetch(url, { method: def.method, headers, body, credentials: 'same-origin', signal: controller.signal });
    httpOk = res.ok;
    httpStatus = res.status;
    text = await res.text();
  } catch (e) {
    failure = e ?? new Error('fetch failed');
  } finally {
    clearTimeout(timer);
    if (inflight.get(key) === entry) inflight.delete(key);
  }

  const abortedBy = aborted as 'cancelled' | 'timeout' | null;
  if (abortedBy === 'cancelled') throw new ApiError(0, MSG.duplicateRequest, null, 'cancelled');
  if (abortedBy === 'timeout') {
    const msg = short ? MSG.networkError : MSG.timeout;
    if (!opts.quiet && !opts.silent) {
      if (short) toast(msg);
      else void alertMsg(msg);
    }
    throw new ApiError(0, msg, null, 'timeout');
  }
  if (failure) {
    if (!opts.quiet && !opts.silent) toast(MSG.networkError);
    throw new ApiError(0, MSG.networkError, null, 'network');
  }

  const reply = parseReply(text);
  if (!httpOk) handleHttp(httpStatus, reply, ctx);
  if (!reply) {
    if (!opts.quiet && !opts.silent) void alertMsg(MSG.serverError);
    throw new ApiError(httpStatus, MSG.serverError, text, 'http');
  }
  return handleReply(reply as Reply<DataOf<C>>, ctx);
}

/** Calls `def` and resolves with `data` of a successful reply; rejects with ApiError otherwise. */
export async function call<C extends CallDef>(def: C, params: ParamsOf<C>, opts?: CallOptions): Promise<DataOf<C>> {
  return (await callReply(def, params, opts)).data;
}
