import { allCalls } from '@kaoshi/contract';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { installHealth, readinessProbe } from './platform/health.ts';
import { createMetrics, installMetricsRoute, type PoolStats } from './platform/metrics.ts';
import type { Config } from './config.ts';
import type { Database, Listen } from './db/index.ts';
import { createAgentModule } from './modules/agent/index.ts';
import { createAiModule } from './modules/ai/index.ts';
import { createBookModule } from './modules/book/index.ts';
import { catalogFacts, createCatalogModule } from './modules/catalog/index.ts';
import { createEntitlements } from './modules/entitlement/index.ts';
import { createChangeLogModule } from './modules/change-log/index.ts';
import { createClearanceModule } from './modules/clearance/index.ts';
import { createEveryDayModule } from './modules/every-day/index.ts';
import { createExamsModule } from './modules/exam/index.ts';
import { createGrabPointModule } from './modules/grab-point/index.ts';
import { createPlanModule } from './modules/plan/index.ts';
import { createPracticeModule } from './modules/practice/index.ts';
import { createShopModule, type SandboxProvider } from './modules/shop/index.ts';
import { createVideoModule, type PlayTokens } from './modules/video/index.ts';
import { createReadingModule } from './modules/reading/index.ts';
import { createLiveModule } from './modules/live/index.ts';
import { createMessageModule } from './modules/message/index.ts';
import { createUploadModule } from './modules/upload/index.ts';
import { createFeedbackModule } from './modules/feedback/index.ts';
import { createHelpModule } from './modules/help/index.ts';
import { createProfileModule } from './modules/profile/index.ts';
import { createCampaignModule } from './modules/campaign/index.ts';
import { createDiscussionModule } from './modules/discussion/index.ts';
import { createAccountModule } from './modules/account/index.ts';
import { createSearchModule } from './modules/search/index.ts';
import { createWxappModule } from './modules/wxapp/index.ts';
import { cachedChapterTree, createQuestionsModule } from './modules/questions/index.ts';
import { createSprintModule } from './modules/sprint/index.ts';
import { createStudyModule } from './modules/study/index.ts';
import { createSubjectModule } from './modules/subject/index.ts';
import { createTrackingModule } from './modules/tracking/index.ts';
import { createUserModule } from './modules/user/index.ts';
import { createZhiyeModule } from './modules/zhiye/index.ts';
import { DEFAULT_BODY_LIMIT, registerCalls } from './platform/calls.ts';
import { clientErrorHandler, MAX_HEADER_BYTES } from './platform/client-errors.ts';
import { createCacheBus, type CacheBus } from './platform/cache/bus.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { installErrorHandler } from './platform/error-handler.ts';
import { installCallLog, loggerOptions, type LogOptions } from './platform/logger.ts';
import { createJobClaim } from './platform/job-claim.ts';
import { machineCheckJob } from './platform/machines.ts';
import { HOUR, runJobs, type Platform, type ServerModule } from './platform/module.ts';
import type { PasswordHasher } from './platform/passwords.ts';
import { createDbRateLimiter } from './platform/rate-limit/db-store.ts';
import type { RateLimiter } from './platform/rate-limit/limiter.ts';
import { createRedisRateLimiter } from './platform/rate-limit/redis.ts';
import { createSessionService } from './platform/session/service.ts';
import { createSessionStore } from './platform/session/store.ts';
import { createSmsProvider } from './platform/sms/index.ts';
import type { SmsProvider } from './platform/sms/provider.ts';
import { installSecurityHeaders } from './platform/security-headers.ts';
import { installWebAndFallback } from './platform/static.ts';

// Handles for the tests (docs/server.md, "Test-only hooks"): decorated only under NODE_ENV=test, like the
// /__test__/… routes; nothing else may use them.
declare module 'fastify' {
  interface FastifyInstance {
    /** The app's cache invalidations (platform/cache/bus.ts). */
    cacheBus: CacheBus;
    /** The sandbox payment provider (undefined in production): tests sign notifications with it. */
    paymentSandbox: SandboxProvider | undefined;
    /** The video play tokens (modules/video): the lesson call gives them; tests mint them. */
    videoTokens: () => PlayTokens;
    /** Live classes (modules/live): media tokens and one run of the reminders job, for tests. */
    live: { tokens: () => PlayTokens; remind: () => Promise<number>; practise: () => Promise<number> };
    /** The study plan (modules/plan): one run of the reminders job, for tests. */
    plan: { remind: () => Promise<number> };
    /** Image uploads (modules/upload): one run of the orphan sweep, for tests. */
    uploads: { sweep: () => Promise<number> };
  }
}

type TestHandle = 'cacheBus' | 'paymentSandbox' | 'videoTokens' | 'live' | 'plan' | 'uploads';

export interface AppDeps {
  config: Config;
  db: Database;
  /** SMS provider; default: the development provider (log only, refused when NODE_ENV=production). */
  sms?: SmsProvider;
  /** Time source for sessions, codes and limits (tests move it). Redis rate limits use Redis's own clock. */
  clock?: Clock;
  /** Log level and destination; default LOG_LEVEL to stdout. */
  logger?: LogOptions;
  /** Password hashing; default argon2id (tests wrap it to count the checks). */
  passwords?: PasswordHasher;
  /**
   * The database's LISTEN (DatabaseHandle.listen): cache invalidations from the database's triggers, so a change
   * made by another process (another server, an import, an operator) reaches this one. main.ts always passes it;
   * without it this app's caches hear only its own changes.
   */
  listen?: Listen;
  /** The PostgreSQL pool's clients (DatabaseHandle.poolStats), for the metrics; none with PGlite. */
  poolStats?: () => PoolStats;
}

/**
 * The whole server as one plugin: platform (errors, sessions, tenancy, limits, SMS), then the modules'
 * handlers registered from the contract, then the web app. main.ts and the tests both build it this way.
 */
export const appPlugin = fp<AppDeps>(async (app, deps) => {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;

  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;
  redis?.on('error', (err) => app.log.warn({ err }, 'Redis connection error'));
  const dbLimiter = createDbRateLimiter(db, clock);
  const limiter: RateLimiter = redis ? createRedisRateLimiter(redis) : dbLimiter;
  const metrics = createMetrics();
  metrics.install(app);

  const bus = await createCacheBus(deps.listen, app.log);
  const p: Platform = { db, clock, config, limiter, log: app.log, bus };
  // Test handles: only under NODE_ENV=test (the declaration above). For tests that write the database behind the
  // app's back, app.cacheBus.everything() drops every cache.
  const forTests = <K extends TestHandle>(name: K, value: FastifyInstance[K]) => {
    if (config.NODE_ENV === 'test') app.decorate<unknown>(name, value);
  };
  forTests('cacheBus', bus);
  const sessions = createSessionService(createSessionStore(db), clock, bus);

  // The modules, each built by its index.ts (docs/server.md lists them and the tables they own). A module gets
  // the platform and the faces of the modules it uses.
  const agent = createAgentModule(p);
  // SMS (docs/sms.md): an agent's own sign name and templates come from its row (cached by the agent module).
  const sms = metrics.countSms(
    deps.sms ??
      createSmsProvider(config, app.log.child({ module: 'sms' }), async (code) => {
        const row = await agent.resolve({ code }).catch(() => undefined);
        return row && { signName: row.smsSignName, templates: row.smsTemplates };
      }),
  );
  const tracking = createTrackingModule(p);
  const user = createUserModule(p, { sessions, tracking: tracking.tracking, sms, passwords: deps.passwords });
  // Entitlements decide on the catalog's facts and the bank's chapter tree (trial rules); the catalog gets them back.
  const facts = catalogFacts(p.db, p.bus);
  const entitlements = createEntitlements(p, facts, cachedChapterTree(p));
  const catalog = createCatalogModule(p, { facts, accounts: user.directory, entitlements });
  // Practice first: the book and study present their questions through it and connect themselves to its links.
  const practice = createPracticeModule(p, { entitlements });
  const book = createBookModule(p, { practice: practice.practice, links: practice.links });
  const study = createStudyModule(p, { practice: practice.practice, links: practice.links, bookOf: book.lookup });
  const exams = createExamsModule(p, { entitlements, book: book.hooks });
  const sprint = createSprintModule(p, { practice: practice.practice });
  const messages = createMessageModule(p);
  const shop = createShopModule(p, {
    catalog: facts,
    entitlements,
    postMessage: messages.postMessage,
    accounts: user.directory,
    agentByCode: (code) => agent.resolve({ code }),
  });
  forTests('paymentSandbox', shop.sandbox);
  const video = createVideoModule(p, { entitlements });
  forTests('videoTokens', video.tokens);
  const live = createLiveModule(p, {
    entitlements,
    sessions,
    accounts: user.directory,
    sms,
    postMessage: messages.postMessage,
    video: { store: video.store, appoint: video.appoint },
  });
  forTests('live', { tokens: live.tokens, remind: live.remind, practise: live.practise });
  const plan = createPlanModule(p, { entitlements, exams: exams.exams, sms, postMessage: messages.postMessage });
  forTests('plan', { remind: plan.remind });
  // Image uploads (avatars, feedback screenshots): their keys are checked, served and deleted through upload.uploads.
  const upload = createUploadModule(p);
  forTests('uploads', { sweep: upload.sweep });
  const modules: ServerModule[] = [
    agent,
    user,
    createChangeLogModule(p),
    tracking,
    catalog,
    createSubjectModule(p, { catalog: facts, entitlements, tracking: tracking.tracking }),
    practice,
    study,
    book,
    exams,
    createClearanceModule(p, { exams: exams.exams }),
    createGrabPointModule(p, { entitlements, exams: exams.exams }),
    createEveryDayModule(p, { exams: exams.exams }),
    createAiModule(p, { exams: exams.exams, study: study.study }),
    sprint,
    createZhiyeModule(p, { pool: sprint.pool, entitlements, practice: practice.practice }),
    createQuestionsModule(p),
    shop,
    video,
    createReadingModule(p, { entitlements, mastery: study.study.masteryOf, lessons: video.lessonsForPoint }),
    live,
    plan,
    messages,
    upload,
    createProfileModule(p, { uploads: upload.uploads }),
    createFeedbackModule(p, { uploads: upload.uploads }),
    createHelpModule(p),
    createCampaignModule(p),
    createDiscussionModule(p, { avatarUrl: (key) => upload.uploads.uploadUrl(key) || null, postMessage: messages.postMessage }),
    createAccountModule(p, { sessions, sms, deleteUpload: upload.uploads.deleteUpload }),
    createSearchModule(p, { entitlements, catalog: facts }),
    createWxappModule(p),
  ];

  installSecurityHeaders(app, { frameHosts: config.LIVE_CC_HOSTS.split(',').map((h) => h.trim()) });
  await app.register(formbody);
  // Replies above 2 KiB go out compressed when the client accepts it (brotli quality 4, gzip); the web app's
  // assets are precompressed at build time (platform/static.ts). Compressed request bodies are not accepted.
  await app.register(compress, { threshold: 2048, encodings: ['br', 'gzip'], globalDecompression: false });
  installErrorHandler(app);
  // Probes for the load balancer and the service manager (docs/operations.md), answered even in maintenance.
  installHealth(
    app,
    readinessProbe(db, redis, (msg) => app.log.warn(msg)),
  );
  metrics.gauges(db, live.stats, deps.poolStats);
  installMetricsRoute(app, metrics, config.METRICS_TOKEN);
  const gates = { gate: entitlements.gate, itemPolicy: entitlements.itemAccess, items: modules.flatMap((m) => m.items ?? []) };
  registerCalls(
    app,
    allCalls,
    modules.flatMap((m) => m.handlers),
    { sessions, ...gates, resolveTenant: agent.resolve, maintenance: config.MAINTENANCE, checkReplies: config.NODE_ENV !== 'production' },
  );

  // Test-only hook: the last SMS code sent to a phone. Exists only under NODE_ENV=test.
  if (config.NODE_ENV === 'test' && sms.lastCode) {
    const lastCode = sms.lastCode.bind(sms);
    app.get('/__test__/sms', async (request) => {
      const phone = String((request.query as Record<string, unknown>).phone ?? '');
      const code = lastCode(phone);
      return code ? { status: 200, msg: '', data: { code } } : { status: 404, msg: 'no code sent to this phone', data: null };
    });
  }

  for (const m of modules) await m.install?.(app);

  await installWebAndFallback(app, config.WEB_DIST, { maintenance: config.MAINTENANCE, agentInfo: agent.info });

  // Housekeeping and sweeps: the modules' jobs, plus the platform's (closed rate windows, long-expired sessions, the
  // other machines on this database).
  runJobs(
    app,
    [
      ...modules.flatMap((m) => m.jobs ?? []),
      { name: 'rate window purge', everyMs: HOUR, atReady: true, run: dbLimiter.purge },
      { name: 'session purge', everyMs: HOUR, atReady: true, run: sessions.purge },
      machineCheckJob({ db, config, log: app.log }),
    ],
    createJobClaim(db, { onLost: (name) => app.log.warn(`${name}: its claim lapsed while it ran (another process may run it too)`) }),
    metrics.job,
  );
  app.addHook('onClose', async () => {
    await bus.stop();
    await redis?.quit();
  });
});

/** Build the Fastify instance with logging from the config, and the app plugin. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(config, deps.logger),
    trustProxy: config.TRUST_PROXY,
    // Routes outside the contract; each call has its own limit (platform/calls.ts, bodyLimitOf).
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Slow clients (docs/server.md): a half-sent request is answered 408 and closed.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: config.HEADERS_TIMEOUT_MS,
      maxHeaderSize: MAX_HEADER_BYTES,
      // How often Node looks for requests past their timeouts (its default, 30 s, lets them live that much longer).
      connectionsCheckingInterval: Math.min(1000, config.HEADERS_TIMEOUT_MS),
    },
    clientErrorHandler,
    // A request that arrives on an open connection while the server closes is answered, not refused with 503.
    return503OnClosing: false,
    // One log line per call, written after the reply (below), instead of Fastify's two (incoming, completed).
    logController: new LogController({ disableRequestLogging: true }),
  });
  installCallLog(app);
  await app.register(appPlugin, deps);
  return app;
}
