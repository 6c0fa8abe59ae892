import { allCalls } from '@kaoshi/contract';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database } from './db/index.ts';
import { agentRoutes } from './modules/agent/routes.ts';
import { bookRoutes } from './modules/book/routes.ts';
import { bookLookup, createBookHooks, createBookService } from './modules/book/service.ts';
import { createBookStore } from './modules/book/store.ts';
import { createAgentService } from './modules/agent/service.ts';
import { createAgentStore } from './modules/agent/store.ts';
import { aiRoutes } from './modules/ai/routes.ts';
import { createAiService } from './modules/ai/service.ts';
import { createAiStore } from './modules/ai/store.ts';
import { clearanceRoutes } from './modules/clearance/routes.ts';
import { createClearanceService } from './modules/clearance/service.ts';
import { createClearanceStore } from './modules/clearance/store.ts';
import { grabPointRoutes } from './modules/grab-point/routes.ts';
import { createGrabPointService } from './modules/grab-point/service.ts';
import { createGrabPointStore } from './modules/grab-point/store.ts';
import { examRoutes } from './modules/exams/routes.ts';
import { createExamService } from './modules/exams/service.ts';
import { createExamStore } from './modules/exams/store.ts';
import { everyDayRoutes } from './modules/every-day/routes.ts';
import { createEveryDayService } from './modules/every-day/service.ts';
import { createEveryDayStore } from './modules/every-day/store.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { createCatalogService } from './modules/catalog/service.ts';
import { createCatalogStore } from './modules/catalog/store.ts';
import { createEntitlementService } from './modules/entitlement/service.ts';
import { createEntitlementStore } from './modules/entitlement/store.ts';
import { changeLogRoutes } from './modules/change-log/routes.ts';
import { createChangeLogService } from './modules/change-log/service.ts';
import { createChangeLogStore } from './modules/change-log/store.ts';
import { installImageRoute } from './modules/questions/routes.ts';
import { createQuestionStore } from './modules/questions/store.ts';
import { practiceRoutes } from './modules/practice/routes.ts';
import type { MarkHooks } from './modules/practice/service.ts';
import { createPracticeService } from './modules/practice/service.ts';
import { createPracticeStore } from './modules/practice/store.ts';
import { subjectRoutes } from './modules/subject/routes.ts';
import { sprintRoutes } from './modules/sprint/routes.ts';
import { createSprintService } from './modules/sprint/service.ts';
import { createSprintStore } from './modules/sprint/store.ts';
import { zhiyeRoutes } from './modules/zhiye/routes.ts';
import { createZhiyeService } from './modules/zhiye/service.ts';
import { studyRoutes } from './modules/study/routes.ts';
import { createStudyService, markHooks } from './modules/study/service.ts';
import { createReportStore } from './modules/study/reports-store.ts';
import { createStudyStore } from './modules/study/store.ts';
import { createSubjectService } from './modules/subject/service.ts';
import { createSubjectStore } from './modules/subject/store.ts';
import { smsCodeRoutes } from './modules/sms-code/routes.ts';
import { createSmsCodeService } from './modules/sms-code/service.ts';
import { createSmsCodeStore } from './modules/sms-code/store.ts';
import { trackingRoutes } from './modules/tracking/routes.ts';
import { createTrackingService } from './modules/tracking/service.ts';
import { createTrackingStore } from './modules/tracking/store.ts';
import { userRoutes } from './modules/user/routes.ts';
import { createAccountService, existenceProbeLimit } from './modules/user/service.ts';
import { createUserStore } from './modules/user/store.ts';
import { DEFAULT_BODY_LIMIT, registerCalls } from './platform/calls.ts';
import { clientErrorHandler, MAX_HEADER_BYTES } from './platform/client-errors.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { installErrorHandler } from './platform/error-handler.ts';
import { loggerOptions, type LogOptions } from './platform/logger.ts';
import type { PasswordHasher } from './platform/passwords.ts';
import { createDbRateLimiter } from './platform/rate-limit/db-store.ts';
import type { RateLimiter } from './platform/rate-limit/limiter.ts';
import { createRedisRateLimiter } from './platform/rate-limit/redis.ts';
import { createSessionService } from './platform/session/service.ts';
import { createSessionStore } from './platform/session/store.ts';
import { createDevSmsProvider } from './platform/sms/dev.ts';
import { createDisabledSmsProvider } from './platform/sms/disabled.ts';
import type { SmsProvider } from './platform/sms/provider.ts';
import { installSecurityHeaders } from './platform/security-headers.ts';
import { installWebAndFallback } from './platform/static.ts';

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
}

const HOUR = 3600_000;
const MINUTE = 60_000;

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
  const sms =
    deps.sms ??
    (config.SMS_PROVIDER === 'disabled' ? createDisabledSmsProvider() : createDevSmsProvider(config.NODE_ENV, app.log.child({ module: 'sms' })));

  const sessions = createSessionService(createSessionStore(db), clock);
  const agents = createAgentService(createAgentStore(db), clock);
  const tracking = createTrackingService(createTrackingStore(db), clock, { limiter, retentionDays: config.EVENTS_RETENTION_DAYS });
  const changes = createChangeLogService(createChangeLogStore(db), clock);
  const userStore = createUserStore(db);
  const codes = createSmsCodeService({
    store: createSmsCodeStore(db),
    limiter,
    sms,
    clock,
    phoneTaken: async (phone) => (await userStore.byLogin(phone)) !== undefined,
    phoneBound: async (phone) => (await userStore.byPhone(phone)) !== undefined,
    countExistenceProbe: existenceProbeLimit(limiter),
  });
  const accounts = createAccountService({ users: userStore, sessions, codes, limiter, tracking, clock, passwords: deps.passwords });
  const catalogStore = createCatalogStore(db);
  const entitlements = createEntitlementService({ store: createEntitlementStore(db), catalog: catalogStore, clock, limiter });
  const catalog = createCatalogService({ store: catalogStore, entitlements, clock });
  const subject = createSubjectService({ store: createSubjectStore(db), catalog: catalogStore, entitlements, clock });
  // Practice feeds the wrong-answer book (modules/book) and shows the learner's marks (modules/study).
  const bookStore = createBookStore(db);
  const book = createBookHooks(bookStore);
  const studyStore = createStudyStore(db);
  const marks: MarkHooks = markHooks(studyStore);
  const practice = createPracticeService({ store: createPracticeStore(db), entitlements, clock, book, marks });
  const sprintStore = createSprintStore(db);
  const sprint = createSprintService({ store: sprintStore, entitlements, practice });
  const zhiye = createZhiyeService({ store: sprintStore, entitlements, practice });
  const exams = createExamService({ store: createExamStore(db), entitlements, clock, book });
  // Levels (闯关) and 抢分 rounds are practice sessions of the exam engine.
  const clearance = createClearanceService({ store: createClearanceStore(db), entitlements, exams });
  const grabPoint = createGrabPointService({ store: createGrabPointStore(db), entitlements, exams, clock });
  const study = createStudyService({ store: studyStore, reports: createReportStore(db), practice, limiter, clock, bookOf: bookLookup(bookStore) });
  const ai = createAiService({ store: createAiStore(db), entitlements, exams, study, clock });

  installSecurityHeaders(app);
  await app.register(formbody);
  installErrorHandler(app);
  registerCalls(
    app,
    allCalls,
    [...agentRoutes(), ...userRoutes(accounts), ...smsCodeRoutes(codes), ...changeLogRoutes(changes), ...trackingRoutes(tracking), ...catalogRoutes(catalog, userStore), ...subjectRoutes(subject, tracking), ...practiceRoutes(practice), ...studyRoutes(study), ...bookRoutes(createBookService({ store: bookStore, clock, practice })), ...examRoutes(exams), ...clearanceRoutes(clearance), ...grabPointRoutes(grabPoint), ...everyDayRoutes(createEveryDayService({ store: createEveryDayStore(db), exams, entitlements, clock })), ...aiRoutes(ai), ...sprintRoutes(sprint), ...zhiyeRoutes(zhiye)],
    { sessions, resolveTenant: agents.resolve, maintenance: config.MAINTENANCE, checkReplies: config.NODE_ENV !== 'production' },
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

  installImageRoute(app, createQuestionStore(db));

  await installWebAndFallback(app, config.WEB_DIST, { maintenance: config.MAINTENANCE });

  // Housekeeping: forget closed rate windows, old SMS codes and long-expired sessions.
  const purge = () =>
    Promise.all([dbLimiter.purge(), codes.purge(), sessions.purge(), tracking.purge()]).catch((err) => app.log.warn({ err }, 'housekeeping failed'));
  const timer = setInterval(purge, HOUR).unref();
  // Exams past their deadline (and the grace) are handed in at the deadline even when the learner never returns.
  const sweep = () => exams.sweep().catch((err) => app.log.warn({ err }, 'exam deadline sweep failed'));
  const sweepTimer = setInterval(sweep, MINUTE).unref();
  app.addHook('onReady', async () => void purge());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearInterval(sweepTimer);
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
  });
  await app.register(appPlugin, deps);
  return app;
}
