import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/index.ts';
import { seed } from './seed/seed.ts';

/** Read config, open and migrate the database, seed demo data, listen; close cleanly on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  const added = await seed(database.db, Date.now(), { extraPapersDir: config.EXTRA_PAPERS_DIR });

  const app = await buildApp({ config, db: database.db, listen: database.listen });
  app.log.info(
    `database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR} (${config.PGLITE_THREAD === 'worker' ? 'on a worker thread' : 'on the main thread'})`}; seeded ${added.agents} agents, ${added.users} users; rate limits in ${config.REDIS_URL ? 'Redis' : 'the database'}${config.MAINTENANCE ? '; MAINTENANCE on' : ''}`,
  );
  for (const line of added.banks) app.log.info(`demo question bank: ${line}`);
  for (const line of added.papers) app.log.info(`demo papers: ${line}`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
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
}

main().catch((err: unknown) => {
  console.error(`Server failed to start: ${err instanceof Error ? err.message : String(err)}`);
  if (err instanceof Error && err.stack && process.env.NODE_ENV !== 'production') console.error(err.stack);
  process.exit(1);
});
