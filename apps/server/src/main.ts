import cluster, { type Worker } from 'node:cluster';
import { buildApp } from './app.ts';
import { demoLearnersOn, demoLiveOn, loadConfig, mediaPlacement, type Config } from './config.ts';
import { openDatabase } from './db/index.ts';
import { CONTENT_DIR, migrateAndSeed } from './seed/seed.ts';
import { renderDemoLiveReplays } from './seed/seed-live.ts';
import { startDemoLive } from './seed/demo-live-stream.ts';
import { mediaStoreOf, seedDemoVideo } from './modules/video/index.ts';

/** How long a closing server process of a cluster answers with Connection: close before it stops listening. */
const DRAIN_MS = 1000;

/**
 * Open and migrate the database and seed the demo data: once, in the one process or in the cluster's primary; under
 * the start lock, so several servers starting on one PostgreSQL database take turns (seed.ts, migrateAndSeed).
 */
async function prepareDatabase(config: Config) {
  const database = await openDatabase(config);
  const added = await migrateAndSeed(database, Date.now(), { extraPapersDir: config.EXTRA_PAPERS_DIR, learners: demoLearnersOn(config) });
  return { database, added };
}

type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Build the app on an open database and listen; close cleanly on SIGINT/SIGTERM. `afterListen` starts what needs
 * the server answering (the demo's live stream calls its ingest callbacks) and may return how to stop it.
 */
async function serve(
  config: Config,
  database: Awaited<ReturnType<typeof openDatabase>>,
  onReady: (app: App) => void,
  afterListen?: (app: App) => Promise<(() => Promise<void>) | undefined>,
) {
  const app = await buildApp({ config, db: database.db, listen: database.listen, poolStats: database.poolStats });
  onReady(app);
  // While a server process of a cluster drains, every reply says Connection: close, so clients open their next
  // connection to a process that stays (a keep-alive connection closed under a request would fail it).
  let draining = false;
  // A callback hook, not an async one: it runs on every reply, and an async hook costs a promise each time.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });

  let closing = false;
  let stopAfterListen: (() => Promise<void>) | undefined;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await stopAfterListen?.().catch((err: unknown) => app.log.warn({ err }, 'stopping the demo live stream failed'));
      if (cluster.isWorker) {
        draining = true;
        await new Promise((r) => setTimeout(r, DRAIN_MS));
      }
      await app.close();
      await database.close();
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while closing');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST, backlog: config.LISTEN_BACKLOG });
  if (afterListen) stopAfterListen = await afterListen(app);
}

/**
 * The cluster's primary (WEB_CONCURRENCY > 1): migrates and seeds once, forks the server processes (they share
 * the port), replaces one that dies, restarts them one by one on SIGHUP (a new one listening before the old one
 * closes), and stops them all on SIGINT/SIGTERM (each finishes its requests).
 */
async function primary(config: Config) {
  const log = (msg: string) => console.log(JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg }));
  const { database, added } = await prepareDatabase(config);
  await database.close();
  log(`database: PostgreSQL (DATABASE_URL), migrated; seeded ${added.agents} agents, ${added.users} users; starting ${config.WEB_CONCURRENCY} server processes`);
  log(mediaPlacement(config));
  if (demoLiveOn(config)) log('demo live class: off with WEB_CONCURRENCY above 1 (it streams from a one-process server)');

  let stopping = false;
  const retiring = new Set<Worker>();
  const fork = () => cluster.fork();
  const listening = (w: Worker) =>
    new Promise<void>((resolve, reject) => {
      w.once('listening', () => resolve());
      w.once('exit', (code) => reject(new Error(`server process ${w.process.pid} exited (${code}) before listening`)));
    });
  const retire = (w: Worker) =>
    new Promise<void>((resolve) => {
      retiring.add(w);
      w.once('exit', () => resolve());
      w.process.kill('SIGTERM');
    });

  cluster.on('exit', (w, code, signal) => {
    if (stopping || retiring.delete(w)) return;
    log(`server process ${w.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(fork, 1000).unref();
  });

  await Promise.all(Array.from({ length: config.WEB_CONCURRENCY }, () => listening(fork())));
  log(`${config.WEB_CONCURRENCY} server processes listening on ${config.HOST}:${config.PORT}`);

  let restarting = false;
  process.on('SIGHUP', () => {
    if (restarting || stopping) return;
    restarting = true;
    void (async () => {
      for (const old of Object.values(cluster.workers ?? {})) {
        if (!old || retiring.has(old)) continue;
        await listening(fork());
        await retire(old);
      }
      log('rolling restart done');
    })()
      .catch((err: unknown) => log(`rolling restart failed: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => (restarting = false));
  });
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received, stopping the server processes`);
    const all = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    void Promise.all(all.map((w) => new Promise((r) => (w.once('exit', r), w.process.kill('SIGTERM'))))).then(() => process.exit(0));
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/** Read config; one process (migrate, seed, listen), or the cluster's primary and its server processes. */
async function main() {
  const config = loadConfig();
  if (config.WEB_CONCURRENCY > 1 && cluster.isPrimary) return primary(config);

  if (cluster.isWorker) {
    // A server process of the cluster: the primary migrated and seeded already.
    const database = await openDatabase(config);
    return serve(config, database, (app) => app.log.info(`server process ${process.pid} of ${config.WEB_CONCURRENCY} ready`));
  }

  const { database, added } = await prepareDatabase(config);
  // The demo's always-live class (docs/live.md, "Demo content"): in the background once the server answers.
  const demoLive = async (app: App) => {
    if (!demoLiveOn(config)) return undefined;
    const live = await startDemoLive(database.db, config, CONTENT_DIR, (line) => app.log.info(line)).catch((err: unknown) => {
      app.log.warn({ err }, 'the demo live class failed to start');
      return null;
    });
    return live ? () => live.stop() : undefined;
  };
  return serve(
    config,
    database,
    (app) => {
      app.log.info(
        `database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR} (${config.PGLITE_THREAD === 'worker' ? 'on a worker thread' : 'on the main thread'})`}; seeded ${added.agents} agents, ${added.users} users; rate limits in ${config.REDIS_URL ? 'Redis' : 'the database'}${config.MAINTENANCE ? '; MAINTENANCE on' : ''}`,
      );
      app.log.info(mediaPlacement(config));
      for (const line of added.banks) app.log.info(`demo question bank: ${line}`);
      for (const line of added.papers) app.log.info(`demo papers: ${line}`);
      for (const line of added.reading) app.log.info(`demo reading: ${line}`);
      for (const line of added.live) app.log.info(`demo live classes: ${line}`);
      // The demo lessons take under a minute to render the first time: in the background, the server already
      // answers; then the demo's past live class gets its replay (docs/live.md, "Demo content"). One after the
      // other, so that one ffmpeg at a time shares the machine with the server.
      if (config.DEMO_VIDEO === 'on') {
        void seedDemoVideo(database.db, mediaStoreOf(config), new Date(), (line) => app.log.info(line))
          .catch((err: unknown) => app.log.warn({ err }, 'demo video lessons failed to render'))
          .then(() => renderDemoLiveReplays(database.db, mediaStoreOf(config), CONTENT_DIR, (line) => app.log.info(line)))
          .then((n) => n > 0 && app.log.info(`demo live classes: ${n} replay(s) rendered`))
          .catch((err: unknown) => app.log.warn({ err }, 'demo live replays failed to render'));
      }
    },
    demoLive,
  );
}

main().catch((err: unknown) => {
  console.error(`Server failed to start: ${err instanceof Error ? err.message : String(err)}`);
  if (err instanceof Error && err.stack && process.env.NODE_ENV !== 'production') console.error(err.stack);
  process.exit(1);
});
