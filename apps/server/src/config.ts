import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { configProblems } from './config-check.ts';
import { smsConfigProblems, smsConfigShape } from './platform/sms/config.ts';

/** Empty strings in the environment mean "not set". */
const unset = (v: unknown) => (v === '' ? undefined : v);
const truthy = (v: unknown) => (typeof v === 'string' ? ['1', 'true', 'yes', 'on'].includes(v.trim().toLowerCase()) : Boolean(v));

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The server's environment, parsed once at start. The type below is inferred from this schema. */
export const configSchema = z.object({
  /** TCP port to listen on. */
  PORT: z.preprocess(unset, z.coerce.number().int().min(0).max(65535).default(3000)),
  /** Interface to listen on. */
  HOST: z.preprocess(unset, z.string().default('0.0.0.0')),
  /**
   * Pending connections the kernel holds until the server accepts them (capped by net.core.somaxconn). Node's
   * default 511 overflows when thousands of examinees start or hand in within seconds (docs/exam-day.md).
   */
  LISTEN_BACKLOG: z.preprocess(unset, z.coerce.number().int().min(1).max(65535).default(4096)),
  /**
   * Slow clients (docs/server.md, 'Timeouts and limits'): the whole request (headers and body) must arrive within
   * REQUEST_TIMEOUT_MS and its headers within HEADERS_TIMEOUT_MS, else the connection is answered 408 and closed;
   * an idle keep-alive connection closes after KEEP_ALIVE_TIMEOUT_MS.
   */
  REQUEST_TIMEOUT_MS: z.preprocess(unset, z.coerce.number().int().min(100).max(600_000).default(30_000)),
  HEADERS_TIMEOUT_MS: z.preprocess(unset, z.coerce.number().int().min(100).max(600_000).default(10_000)),
  KEEP_ALIVE_TIMEOUT_MS: z.preprocess(unset, z.coerce.number().int().min(100).max(600_000).default(10_000)),
  /** Days a tracking event (clicks, page views, dwell times, front-end errors, logins) is kept; older ones are deleted hourly. */
  EVENTS_RETENTION_DAYS: z.preprocess(unset, z.coerce.number().int().min(1).max(3650).default(90)),
  /** Directory of the embedded PGlite database (used when DATABASE_URL is not set); 'memory://' keeps it in memory. */
  DATA_DIR: z.preprocess(unset, z.string().default('./data')),
  /**
   * Where the embedded PGlite runs: 'main' (the server's own thread) or 'worker' (a thread of its own, each
   * statement a message between threads). Measured on this 2-core host the worker lost (submitReply 417 vs 542
   * req/s: PGlite's own work is the limit and the thread hops add to it), so 'main' is the default;
   * bench/README.md has the comparison (PGLITE_THREAD=worker npm run bench:hot -w bench).
   */
  PGLITE_THREAD: z.preprocess(unset, z.enum(['worker', 'main']).default('main')),
  /**
   * Server processes sharing the port (node:cluster), for both cores and more; needs DATABASE_URL (the embedded
   * database belongs to one process). SIGHUP restarts them one by one. docs/server.md, "Several processes".
   */
  WEB_CONCURRENCY: z.preprocess(unset, z.coerce.number().int().min(1).max(64).default(1)),
  /**
   * Machines serving this database (docs/operations.md, "Several machines"), as the operator declares it. Above 1 the
   * start refuses what one machine cannot share: the embedded database, no Redis, media in a folder of one machine.
   */
  MACHINES: z.preprocess(unset, z.coerce.number().int().min(1).max(1000).default(1)),
  /** Truthy: MEDIA_DIR is a folder every machine mounts (NFS or the like), so the machines share lesson media and uploads. */
  MEDIA_SHARED: z.preprocess(truthy, z.boolean()),
  /** PostgreSQL connection string; when set, PostgreSQL is used instead of PGlite. */
  DATABASE_URL: z.preprocess(unset, z.string().optional()),
  /** Redis connection string; when set, rate limits are kept in Redis (shared by every instance). */
  REDIS_URL: z.preprocess(unset, z.string().optional()),
  /** Truthy (1/true/yes/on) → every call answers body status 408; static files are still served. */
  MAINTENANCE: z.preprocess(truthy, z.boolean()),
  /** development | test | production. The development SMS provider refuses to run in production. */
  NODE_ENV: z.preprocess(unset, z.enum(['development', 'test', 'production']).default('development')),
  /** Directory of the built web app served with history-mode fallback; skipped with a warning when missing. */
  WEB_DIST: z.preprocess(unset, z.string().default(defaultWebDist)),
  /** pino log level: fatal, error, warn, info, debug, trace or silent. */
  LOG_LEVEL: z.preprocess(unset, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  /** SMS: the provider, keys, sign name and templates (platform/sms/config.ts, docs/sms.md). */
  ...smsConfigShape,
  /**
   * The sandbox payment provider (never in production) retries a notification on WeChat Pay's schedule times
   * this factor: 0.01 sends the first retry after 150 ms instead of 15 s (docs/shop.md).
   */
  SANDBOX_RETRY_SCALE: z.preprocess(unset, z.coerce.number().min(0.0001).max(1).default(0.01)),
  /**
   * A JSON file with the sandbox provider's keys ({privateKeyPem, serial, apiV3Key}); read when it exists, else
   * made at start and written there (mode 0600). Lets a bench or a separate tool sign notifications. Not set:
   * keys made at start and kept in memory only.
   */
  SANDBOX_KEYS_FILE: z.preprocess(unset, z.string().optional()),
  /**
   * The site's public address (https://…, no trailing slash): providers send notifications to it and learners
   * back to it. Needed by WeChat Pay and Alipay.
   */
  PUBLIC_BASE_URL: z.preprocess(unset, z.url().optional()),
  /**
   * WeChat Pay API v3 (docs/shop.md, "Providers"); on when MCHID, APPID, MERCHANT_SERIAL, PRIVATE_KEY,
   * PLATFORM_SERIAL, PLATFORM_KEY and APIV3_KEY are all set. Keys are PEM text or the path of a PEM file. The
   * platform key is the WeChat Pay public key (or the platform certificate's) with its id or serial.
   */
  WECHATPAY_MCHID: z.preprocess(unset, z.string().optional()),
  WECHATPAY_APPID: z.preprocess(unset, z.string().optional()),
  WECHATPAY_MERCHANT_SERIAL: z.preprocess(unset, z.string().optional()),
  WECHATPAY_PRIVATE_KEY: z.preprocess(unset, z.string().optional()),
  WECHATPAY_PLATFORM_SERIAL: z.preprocess(unset, z.string().optional()),
  WECHATPAY_PLATFORM_KEY: z.preprocess(unset, z.string().optional()),
  WECHATPAY_APIV3_KEY: z.preprocess(unset, z.string().length(32).optional()),
  /** The official account's secret (WECHATPAY_APPID's): JSAPI inside WeChat needs the payer's openid from it. */
  WECHAT_MP_SECRET: z.preprocess(unset, z.string().optional()),
  /** WeChat's hosts, replaced only by tests (a local fake). */
  WECHATPAY_BASE_URL: z.preprocess(unset, z.url().default('https://api.mch.weixin.qq.com/')),
  WECHAT_API_BASE_URL: z.preprocess(unset, z.url().default('https://api.weixin.qq.com/')),
  /** Alipay (open platform, RSA2); on when APP_ID, PRIVATE_KEY and PUBLIC_KEY (Alipay's) are all set. PEM text or path. */
  ALIPAY_APP_ID: z.preprocess(unset, z.string().optional()),
  ALIPAY_PRIVATE_KEY: z.preprocess(unset, z.string().optional()),
  ALIPAY_PUBLIC_KEY: z.preprocess(unset, z.string().optional()),
  /** Our Alipay seller id (the 2088… PID): when set, a notification of another seller's trade is refused. */
  ALIPAY_SELLER_ID: z.preprocess(
    unset,
    z
      .string()
      .regex(/^2088\d{12}$/, 'ALIPAY_SELLER_ID must be the 16-digit 2088… PID')
      .optional(),
  ),
  /** Alipay's gateway, replaced only by tests (a local fake) or for Alipay's own sandbox. */
  ALIPAY_GATEWAY: z.preprocess(unset, z.url().default('https://openapi.alipay.com/gateway.do')),
  /**
   * The key of the video play tokens (docs/video.md, "Protected delivery"), at least 32 characters. Not set: one is
   * made once and kept in the database (server_secrets), so every process of it shares it.
   */
  VIDEO_TOKEN_KEY: z.preprocess(unset, z.string().min(32).optional()),
  /**
   * Where lesson media and uploads are kept (docs/video.md): HLS playlists and segments, posters, sprites, images.
   * Not set: `<DATA_DIR>/media` (nothing is written beside the code; see `dataPath`).
   */
  MEDIA_DIR: z.preprocess(unset, z.string().optional()),
  /**
   * Lesson media in an S3-compatible bucket instead of MEDIA_DIR (docs/video.md): the bucket, its endpoint (none: AWS),
   * region, keys (none: the SDK's default chain, e.g. an instance role) and a key prefix.
   */
  MEDIA_S3_BUCKET: z.preprocess(unset, z.string().min(3).optional()),
  MEDIA_S3_ENDPOINT: z.preprocess(unset, z.url().optional()),
  MEDIA_S3_REGION: z.preprocess(unset, z.string().default('us-east-1')),
  MEDIA_S3_ACCESS_KEY_ID: z.preprocess(unset, z.string().optional()),
  MEDIA_S3_SECRET_ACCESS_KEY: z.preprocess(unset, z.string().optional()),
  MEDIA_S3_PREFIX: z.preprocess(
    unset,
    z
      .string()
      .regex(/^([A-Za-z0-9_.-]+\/)*$/)
      .default(''),
  ),
  /**
   * The demo video lessons (content/demo/video): rendered with ffmpeg from the committed slides and narration and
   * imported in the background after the first start (one process only), when ffmpeg is present; 'off' skips them.
   */
  DEMO_VIDEO: z.preprocess(unset, z.enum(['on', 'off']).default('on')),
  /**
   * The demo learners (content/demo/learners.json), who sign in with the README's password. Not set: made except
   * with NODE_ENV=production, where a known password must not open an account; 'on' there makes a demo site.
   */
  DEMO_LEARNERS: z.preprocess(unset, z.enum(['on', 'off']).optional()),
  /**
   * The demo's always-live class (docs/live.md, "Demo content"): a looping demo stream pushed by ffmpeg into an nginx
   * RTMP ingest of its own while the server runs (one process only). Not set: on where the demo video is on, except
   * with NODE_ENV=production.
   */
  DEMO_LIVE: z.preprocess(unset, z.enum(['on', 'off']).optional()),
  /**
   * Live classes (docs/live.md): where the RTMP ingest (nginx, `npm run live:ingest`) writes its HLS and its
   * recordings; the RTMP address encoders publish to (printed with a stream key); the secret nginx's callbacks
   * carry (not set: callbacks are accepted from loopback only); the third-party players' hosts /cczbPage may frame.
   */
  LIVE_HLS_DIR: z.preprocess(unset, z.string().optional()),
  LIVE_RECORD_DIR: z.preprocess(unset, z.string().optional()),
  LIVE_RTMP_URL: z.preprocess(unset, z.string().default('rtmp://127.0.0.1:1935/live')),
  LIVE_INGEST_SECRET: z.preprocess(unset, z.string().min(16).optional()),
  LIVE_CC_HOSTS: z.preprocess(unset, z.string().default('view.csslcloud.net')),
  /** Orders (and upgrades) one learner may create in 10 minutes (docs/shop.md); a bench raises it. */
  ORDER_RATE_LIMIT: z.preprocess(unset, z.coerce.number().int().min(1).max(1_000_000).default(20)),
  /**
   * GET /metrics (docs/operations.md, "Metrics"): with a token, answered to `Authorization: Bearer <token>` from
   * anywhere; without, only to loopback connections that came through no proxy.
   */
  METRICS_TOKEN: z.preprocess(unset, z.string().min(16).optional()),
  /**
   * The reverse proxies whose X-Forwarded-For gives the client's address (rate limits, updateIP; docs/deploy.md):
   * off (not set, 0/false/no/off); on (1/true/yes/on) means a proxy on this machine (loopback); or a comma-separated
   * list of addresses and CIDR ranges. A forwarded address from anyone else is ignored, so a client cannot pick its own.
   */
  TRUST_PROXY: z.preprocess(
    (v) => {
      if (typeof v !== 'string' || v.trim() === '') return false;
      const t = v.trim().toLowerCase();
      if (['0', 'false', 'no', 'off'].includes(t)) return false;
      return ['1', 'true', 'yes', 'on'].includes(t) ? 'loopback' : v.trim();
    },
    z.union([
      z.literal(false),
      z.string().regex(/^[0-9A-Za-z.:/]+(\s*,\s*[0-9A-Za-z.:/]+)*$/, 'TRUST_PROXY must be on, off, or a comma-separated list of proxy addresses or CIDR ranges'),
    ]),
  ),
  /**
   * A folder of extra paper files laid out like content/demo/papers (`<appID>/*.json`), seeded with the demo
   * papers at start (the browser journeys' one-minute paper, e2e/papers). Not set: the demo papers only.
   */
  EXTRA_PAPERS_DIR: z.preprocess(unset, z.string().optional()),
});

/** The folders that default to a place under DATA_DIR. */
type DataFolders = 'MEDIA_DIR' | 'LIVE_HLS_DIR' | 'LIVE_RECORD_DIR';
export type Config = Omit<z.infer<typeof configSchema>, DataFolders> & Record<DataFolders, string>;

/**
 * A folder under DATA_DIR: what the server writes lives there, never beside the code. An in-memory database
 * (`memory://`, tests and journeys) gets a folder of this process under the system's temporary folder instead.
 */
export function dataPath(dataDir: string, sub: string): string {
  return dataDir.startsWith('memory://') ? join(tmpdir(), `kaoshi-memory-${process.pid}`, sub) : join(dataDir, sub);
}

/** Whether the seed makes the demo learners (DEMO_LEARNERS, else not in production). */
export const demoLearnersOn = (c: Pick<Config, 'DEMO_LEARNERS' | 'NODE_ENV'>): boolean => (c.DEMO_LEARNERS ? c.DEMO_LEARNERS === 'on' : c.NODE_ENV !== 'production');

/** Whether the demo's always-live class streams (DEMO_LIVE, else its default). */
export const demoLiveOn = (c: Pick<Config, 'DEMO_LIVE' | 'DEMO_VIDEO' | 'NODE_ENV'>): boolean =>
  c.DEMO_LIVE ? c.DEMO_LIVE === 'on' : c.DEMO_VIDEO === 'on' && c.NODE_ENV !== 'production';

/** What several machines (MACHINES > 1) need and this configuration lacks (docs/operations.md, "Several machines"). */
export function severalMachinesProblems(c: Pick<z.infer<typeof configSchema>, 'MACHINES' | 'DATABASE_URL' | 'REDIS_URL' | 'MEDIA_S3_BUCKET' | 'MEDIA_SHARED'>): string[] {
  if (c.MACHINES <= 1) return [];
  const problems: string[] = [];
  if (!c.DATABASE_URL) problems.push('several machines need DATABASE_URL (PostgreSQL): the embedded database belongs to one process');
  if (!c.REDIS_URL) problems.push('several machines need REDIS_URL: live chat reaches the learners of other machines through Redis');
  if (!c.MEDIA_S3_BUCKET && !c.MEDIA_SHARED) {
    problems.push('several machines need media every machine reaches: MEDIA_S3_BUCKET, or MEDIA_SHARED=on with MEDIA_DIR on a folder they all mount');
  }
  return problems;
}

/** Where lesson media and uploads are, for the start-up log: and what it means for several processes or machines. */
export function mediaPlacement(c: Pick<Config, 'MEDIA_S3_BUCKET' | 'MEDIA_S3_PREFIX' | 'MEDIA_SHARED' | 'MEDIA_DIR' | 'MACHINES' | 'WEB_CONCURRENCY'>): string {
  if (c.MEDIA_S3_BUCKET) return `media: S3 bucket ${c.MEDIA_S3_BUCKET}${c.MEDIA_S3_PREFIX ? ` under ${c.MEDIA_S3_PREFIX}` : ''} (every machine reaches it)`;
  if (c.MEDIA_SHARED) return `media: ${c.MEDIA_DIR}, a folder every machine mounts (MEDIA_SHARED)`;
  const processes = c.WEB_CONCURRENCY > 1 ? `, shared by its ${c.WEB_CONCURRENCY} server processes` : '';
  return `media: ${c.MEDIA_DIR}, a folder of this machine only${processes}; several machines need MEDIA_S3_BUCKET or MEDIA_SHARED=on (docs/operations.md, "Several machines")`;
}

/**
 * Parse the environment and check it as a whole; throws with every problem listed together (malformed values and
 * the checks across settings of config-check.ts), so one failed start tells an operator everything to fix.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  // With malformed values, the checks across settings still run on the rest (the malformed ones at their defaults).
  const bad = new Set(parsed.success ? [] : parsed.error.issues.map((i) => String(i.path[0])));
  const data = parsed.success ? parsed.data : configSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([k]) => !bad.has(k)))).data;
  // The SMS provider's own checks (platform/sms/config.ts) are listed with the rest.
  if (data) {
    problems.push(...configProblems(data), ...severalMachinesProblems(data).map((p) => `MACHINES: ${p}`), ...smsConfigProblems(data).map((p) => `${p.path}: ${p.message}`));
  }
  if (problems.length > 0 || !data) throw new Error(`Invalid configuration (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n  - ${problems.join('\n  - ')}`);
  const c = data;
  return {
    ...c,
    MEDIA_DIR: c.MEDIA_DIR ?? dataPath(c.DATA_DIR, 'media'),
    LIVE_HLS_DIR: c.LIVE_HLS_DIR ?? dataPath(c.DATA_DIR, 'live/hls'),
    LIVE_RECORD_DIR: c.LIVE_RECORD_DIR ?? dataPath(c.DATA_DIR, 'live/rec'),
  };
}
