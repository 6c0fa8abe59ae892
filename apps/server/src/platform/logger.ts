import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { Config } from '../config.ts';

/** Never logged: passwords, password hashes, session guids, cookies. */
export const REDACT_PATHS = [
  'req.headers["x-guid"]',
  'req.headers.cookie',
  'req.headers.authorization',
  'body.password',
  'body.oldPassword',
  'body.guid',
  'query.guid',
  'input.password',
  'input.oldPassword',
  'input.guid',
  'guid',
  'password',
  'oldPassword',
  'passwordHash',
];

/** Query parameters whose value never reaches the log, compared case-insensitively on the parsed name. */
const SECRET_NAMES = new Set(['guid', 'password', 'oldpassword', 'verifycode', 'code', 'token']);

/**
 * A URL fit for the log. The query is rebuilt from the names and values the framework parsed, so a secret is
 * redacted however it was spelt on the wire ('?%67uid=' is the parser's 'guid'); without the parsed query
 * every value is redacted.
 */
export function scrubUrl(url: string, parsed?: unknown): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const path = url.slice(0, at);
  if (!parsed || typeof parsed !== 'object') return `${path}?[redacted]`;
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(parsed as Record<string, unknown>)) {
    const secret = SECRET_NAMES.has(name.toLowerCase());
    for (const v of Array.isArray(value) ? value : [value]) pairs.push(`${encodeURIComponent(name)}=${secret ? '[redacted]' : encodeURIComponent(String(v))}`);
  }
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  code?: string;
  query?: string;
  stack: string;
  cause?: LoggedError;
}

/**
 * Errors as the log shows them: type, message, code, stack and cause, and nothing else. A failed query keeps its
 * SQL text but never its parameters (drizzle puts them into its message and stack); a database error's `detail`
 * (which quotes values) is left out.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error).slice(0, 500), stack: '' };
  const e = error as Error & { code?: unknown; query?: unknown; params?: unknown };
  const failedQuery = typeof e.query === 'string' && 'params' in e;
  const out: LoggedError = {
    type: e.name || e.constructor?.name || 'Error',
    message: failedQuery ? 'Failed query' : e.message,
    ...(typeof e.code === 'string' && { code: e.code }),
    ...(failedQuery && { query: (e.query as string).slice(0, 2000) }),
    // A failed query's stack starts with its message (and so its parameters): only the frames are kept.
    stack: failedQuery
      ? (e.stack ?? '')
          .split('\n')
          .filter((l) => /^\s+at /.test(l))
          .join('\n')
      : (e.stack ?? ''),
  };
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

export interface LogOptions {
  level?: string;
  /** Where log lines go (default stdout); tests pass a stream to read them. */
  stream?: { write(line: string): void };
}

/**
 * Where production's log lines go: stdout (journald), buffered. A synchronous write per line (pino's default) cost
 * moduleInfoX a fifth of its throughput at one line per call (bench/log-bench.ts); here lines are written in batches
 * of 4 KiB, and at least every 250 ms, so a quiet server's line is out within a quarter second. pino flushes what
 * is pending when the process exits.
 */
function productionStream() {
  const stream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => stream.flush(), 250).unref();
  return stream;
}

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'> & Partial<Pick<Config, 'NODE_ENV'>>, opts: LogOptions = {}): FastifyServerOptions['logger'] {
  return {
    level: opts.level ?? config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      err: serializeError,
      req: (req: { method: string; url: string; query?: unknown; hostname?: string; ip?: string }) => ({
        method: req.method,
        url: scrubUrl(req.url, req.query),
        host: req.hostname,
        remoteAddress: req.ip,
      }),
    },
    ...(opts.stream ? { stream: opts.stream } : config.NODE_ENV === 'production' && { stream: productionStream() }),
  };
}

/**
 * One log line per call, after its reply. A callback hook (no promise per request): method, path (never the query,
 * which may hold a session), client address, HTTP status and time. Routes with logLevel 'silent' (the probes,
 * /metrics) write nothing. Its cost is measured by bench/log-bench.ts (docs/operations.md, "Logs").
 *
 * The line is the one pino would write (level, time, the logger's pid and hostname, reqId, the fields, msg), put
 * together here and written to the logger's own stream: it runs on every request, and pino's general path (the
 * child's bindings, redaction, serializers, the object walk) cost about 6 µs of a moduleInfoX reply's 75 µs under
 * load, against about 1 µs for this (docs/operations.md, "Logs"). Nothing in it can hold a secret: the path has no
 * query, and method and address come from the parser.
 */
export function installCallLog(app: FastifyInstance): void {
  const root = app.log as unknown as Record<symbol, unknown>;
  const stream = root[pino.symbols.streamSym] as { write(line: string): void } | undefined;
  const bindings = String(root[pino.symbols.chindingsSym] ?? '');
  app.addHook('onResponse', (request, reply, done) => {
    if (!(request.log as unknown as pino.Logger).isLevelEnabled('info')) return done();
    const at = request.url.indexOf('?');
    const path = at < 0 ? request.url : request.url.slice(0, at);
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    if (stream) {
      stream.write(
        `{"level":30,"time":${Date.now()}${bindings},"reqId":${JSON.stringify(request.id)},"method":${JSON.stringify(request.method)},"path":${JSON.stringify(path)},"ip":${JSON.stringify(request.ip ?? null)},"status":${reply.statusCode},"ms":${ms},"msg":"call"}\n`,
      );
    } else {
      request.log.info({ method: request.method, path, ip: request.ip, status: reply.statusCode, ms }, 'call');
    }
    done();
  });
}
