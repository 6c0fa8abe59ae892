import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { AGREEMENT_VERSION, freeFegist, sendcode, userlogin, type CallDef, type LoginData, type RequestOf } from '@kaoshi/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { eq } from 'drizzle-orm';
import { fromPglite, fromPool, type Database, type DatabaseHandle } from '../db/index.ts';
import { purchases, versions } from '../db/schema/index.ts';
import { seed } from '../seed/seed.ts';
import { buildPgliteTemplate, TEST_EPOCH } from './template.ts';

export { TEST_EPOCH };
export const md5 = (s: string) => createHash('md5').update(s).digest('hex');
/** The reply of a session call made without a valid session (spec §8: body status 401). */
export const NOT_LOGGED_IN = { status: 401, msg: '您当前尚未登录，请登录后再使用', data: null } as const;

export const DEMO = { owner: '13900000000', learner: '13800000000', password: 'Demo@2026' } as const;

/** A clock tests move by hand. */
export interface TestClock {
  now: number;
  advance(ms: number): void;
}
export const testClock = (start = TEST_EPOCH): TestClock => ({
  now: start,
  advance(ms) {
    this.now += ms;
  },
});

/** A reply as the client sees it. */
export interface Body<T = any> {
  status: number;
  msg: string;
  data: T;
}

export interface CallOptions {
  /** Client IP (default 127.0.0.1). */
  ip?: string;
  host?: string;
  headers?: Record<string, string>;
  /** Extra query parameters (common params, ac ...). */
  query?: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  clock: TestClock;
  config: Config;
  /** Call a contract call the way the web client does: GET → query string, POST → form body. */
  call<C extends CallDef>(call: C, input: { [K in keyof RequestOf<C>]?: unknown }, opts?: CallOptions): Promise<Body>;
  /** `call` with any fields, for tests that send what the contract does not name (fuzz, ignored user fields). */
  callRaw(call: CallDef, input: Record<string, unknown>, opts?: CallOptions): Promise<Body>;
  /** The last SMS code sent to a phone, through the test-only hook GET /__test__/sms. */
  lastSmsCode(phone: string): Promise<string>;
  /** Password login; returns the new guid. */
  login(phone: string, password: string): Promise<string>;
  /** Register a learner through sendcode + freeFegist (from a fresh IP each time). */
  /** A new account; `agentCode`: the agent it registers with (default: the default agent). */
  register(phone: string, password?: string, agentCode?: string): Promise<LoginData>;
  /** Register a new learner with the next unused phone (`nextPhone`); answers the guid. */
  newLearner(): Promise<string>;
  /**
   * Drop every cache of the app, after a test wrote the database itself. On PGlite the database's notification
   * arrives before the write resolves; on PostgreSQL it arrives a moment later, so a test asking at once says so.
   */
  forgetCaches(): void;
  /** Give a learner a valid purchase of a version (default: valid for a day from the test clock). */
  grant(userId: number, appId: number, version: { vn: string; vnOrder: number }, validMs?: number): Promise<void>;
  close(): Promise<void>;
}

let template: Promise<Blob> | undefined;
const pgliteTemplate = (): Promise<Blob> =>
  (template ??= (async () => {
    let file: string | undefined;
    try {
      file = inject('pgliteTemplate');
    } catch {
      file = undefined; // not under vitest's global setup
    }
    return file ? new Blob([readFileSync(file)]) : buildPgliteTemplate();
  })());

/** A fresh, migrated and seeded database: a PGlite copy of the template, or a new PostgreSQL database. */
async function freshDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return fromPglite(await PGlite.create({ loadDataDir: await pgliteTemplate() }));

  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: target.toString(), max: 4 });
  const handle = fromPool(pool);
  await handle.migrate();
  await seed(handle.db, TEST_EPOCH);
  return {
    ...handle,
    async close() {
      await pool.end();
      const drop = new pg.Client({ connectionString: url });
      await drop.connect();
      // pool.end() resolves before its connections are gone: wait for them rather than kill them.
      for (let attempt = 0; ; attempt++) {
        try {
          await drop.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 40 ? ' WITH (FORCE)' : ''}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt >= 40) throw error;
          await new Promise((r) => setTimeout(r, 25));
        }
      }
      await drop.end();
    },
  };
}

let ipCounter = 0;

/** Each test database's app cache reset (for helpers that write the database directly). */
const cacheOf = new WeakMap<Database, () => void>();

/** Sets how a module opens to learners without a version in every version of a subject, in this test database only. */
async function setModuleAccess(db: Database, appId: number, moduleId: string, access: { free: boolean }) {
  const rows = await db.select().from(versions).where(eq(versions.appId, appId));
  for (const v of rows) {
    await db
      .update(versions)
      .set({ vnjson: v.vnjson.map(({ trial: _trial, ...m }) => (m.id === moduleId ? { ...m, free: access.free } : { ...m, ...(_trial ? { trial: _trial } : {}) })) })
      .where(eq(versions.id, v.id));
  }
  cacheOf.get(db)?.();
}
/** Makes a module paid (neither free nor with a trial) in every version of a subject, in this test database only. */
export const makeModulePaid = (db: Database, appId: number, moduleId: string) => setModuleAccess(db, appId, moduleId, { free: false });
/**
 * Makes a module free (all of it, no trial limit) in every version of a subject, in this test database only:
 * for tests of practice itself, whose new learners answer any chapter (the trial rule has tests of its own).
 */
export const makeModuleFree = (db: Database, appId: number, moduleId: string) => setModuleAccess(db, appId, moduleId, { free: true });

let phoneCounter = 0;
/** A mobile number no other learner of this test file has (1357 + 7 digits). */
export const nextPhone = () => `1357${String(++phoneCounter).padStart(7, '0')}`;

/**
 * Reply ids for answer calls: unique within the process and the database (a random run part), and of the
 * contract's form ([A-Za-z0-9_-], 16–64 characters).
 */
export function replyIds(prefix: string): () => string {
  const run = Math.random().toString(36).slice(2, 8);
  let n = 0;
  return () => `${prefix}-${run}-${String(++n).padStart(6, '0')}`;
}

/** A client IP no other request of this process has used. */
export const freshIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

type TestOverrides = { config?: Partial<Config>; deps?: Partial<Omit<AppDeps, 'config' | 'db'>>; clock?: TestClock };

/** Build the real app against a fresh database; overrides replace config variables or deps. */
export function createTestApp(overrides: TestOverrides = {}): Promise<TestApp> {
  return freshDatabase().then((handle) => appOn(handle, overrides, true));
}

/**
 * A second server on the database of `t` (its own caches and its own LISTEN connection, as another process
 * would have), sharing t's clock. Closing it leaves the database to `t`.
 */
export const createTwinApp = (t: TestApp, overrides: Omit<TestOverrides, 'clock'> = {}): Promise<TestApp> => appOn(handleOf.get(t)!, { ...overrides, clock: t.clock }, false);

const handleOf = new WeakMap<TestApp, DatabaseHandle>();

/** The test app on a database the test opened itself (a folder on disk, a PostgreSQL database); closing it closes that. */
export const createTestAppOn = (handle: DatabaseHandle, overrides: TestOverrides = {}): Promise<TestApp> => appOn(handle, overrides, true);

async function appOn(handle: DatabaseHandle, overrides: TestOverrides, ownsDatabase: boolean): Promise<TestApp> {
  const clock = overrides.clock ?? testClock();
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent-web-dist' }),
    ...overrides.config,
  };
  const app = await buildApp({ config, db: handle.db, clock: () => clock.now, listen: handle.listen, ...overrides.deps });
  await app.ready();
  if (ownsDatabase) cacheOf.set(handle.db, () => app.cacheBus.everything());

  const callRaw: TestApp['callRaw'] = async (def, input, opts = {}) => {
    const strings = Object.fromEntries(
      Object.entries(input as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    );
    const req: InjectOptions = {
      method: def.method,
      url: def.path,
      remoteAddress: opts.ip,
      headers: { ...(opts.host && { host: opts.host }), ...opts.headers },
      query: def.method === 'GET' ? { ...opts.query, ...strings } : opts.query,
      ...(def.method === 'POST' && { payload: new URLSearchParams(strings).toString() }),
    };
    if (def.method === 'POST') req.headers = { ...req.headers, 'content-type': 'application/x-www-form-urlencoded' };
    const res = await app.inject(req);
    return res.json() as Body;
  };
  const call: TestApp['call'] = (def, input, opts) => callRaw(def, input, opts);

  const self: TestApp = {
    app,
    db: handle.db,
    clock,
    config,
    call,
    callRaw,
    async lastSmsCode(phone) {
      const res = await app.inject({ method: 'GET', url: '/__test__/sms', query: { phone } });
      const body = res.json() as Body<{ code: string }>;
      if (body.status !== 200) throw new Error(`no SMS code was sent to ${phone}`);
      return body.data.code;
    },
    async login(phone, password) {
      const body = await call(userlogin, { username: phone, password: md5(password) }, { ip: freshIp() });
      if (body.status !== 200) throw new Error(`login of ${phone} failed: ${body.status} ${body.msg}`);
      return body.data.guid as string;
    },
    async register(phone, password = 'Passw0rd!', agentCode) {
      const ip = freshIp();
      const sent = await call(sendcode, { phone, op: 'register' }, { ip });
      if (sent.status !== 200) throw new Error(`sendcode for ${phone} failed: ${sent.msg}`);
      const code = await self.lastSmsCode(phone);
      const body = await call(freeFegist, { agreed: AGREEMENT_VERSION, phone, verifyCode: code, password: md5(password), ...(agentCode ? { agentCode } : {}) }, { ip });
      if (body.status !== 200) throw new Error(`registration of ${phone} failed: ${body.msg}`);
      return body.data as LoginData;
    },
    async newLearner() {
      return (await self.register(nextPhone())).guid;
    },
    async grant(userId, appId, version, validMs = 86_400_000) {
      await handle.db.insert(purchases).values({
        userId,
        appId,
        vn: version.vn,
        vnOrder: version.vnOrder,
        endTime: new Date(clock.now + validMs),
        source: 'order',
        createdAt: new Date(clock.now),
      });
      self.forgetCaches();
    },
    forgetCaches: () => app.cacheBus.everything(),
    async close() {
      await app.close();
      if (ownsDatabase) await handle.close();
    },
  };
  handleOf.set(self, handle);
  return self;
}
