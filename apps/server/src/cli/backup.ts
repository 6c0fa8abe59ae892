import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { dataPath, loadConfig, type Config } from '../config.ts';
import { pgliteDir } from '../db/index.ts';
import { knownMigrations } from '../platform/health.ts';
import { runIfEntry } from './run.ts';

const run = promisify(execFile);
const BIG = { maxBuffer: 64 * 1024 * 1024 };

const USAGE = `usage: npm run backup [-- --to <folder>]
       npm run restore -- --from <folder> [--force]
  backup: the database (PostgreSQL: pg_dump, custom format; the embedded PGlite: its data folder, gzipped; stop the
  server first, PGlite is one process's) and the media folder (MEDIA_DIR: lessons, uploads; a bucket is not copied:
  keep its versioning on) into a new folder (default DATA_DIR/backups/<date-time>), with manifest.json.
  restore: into an empty database and media folder (PostgreSQL: DATABASE_URL; PGlite: DATA_DIR), or, with --force,
  over them (PostgreSQL: objects dropped first; PGlite: the old folder kept as db.before-restore-<date-time>).
  docs/operations.md, "Backups".`;

export interface Manifest {
  createdAt: string;
  database: 'postgres' | 'pglite';
  /** Migrations of the build that made it (a restore into an older build would miss tables). */
  migrations: number;
  media: 'folder' | 'bucket' | 'none';
}

const stamp = (d = new Date()) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const emptyOrMissing = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/** PostgreSQL's client tools of the newest installed version (Debian keeps them per version), else the PATH's. */
export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(join(root, v, 'bin', name))) return join(root, v, 'bin', name);
  return name;
}

/**
 * libpq's environment for a DATABASE_URL: the tools get it there, not on their command line (where `ps` shows it),
 * and their errors then cannot quote the password.
 */
export function pgEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    PGHOST: decodeURIComponent(u.hostname) || (u.searchParams.get('host') ?? ''),
    PGPORT: u.port || '5432',
    PGUSER: decodeURIComponent(u.username),
    PGPASSWORD: decodeURIComponent(u.password),
    PGDATABASE: decodeURIComponent(u.pathname.replace(/^\//, '')),
  };
  const ssl = u.searchParams.get('sslmode');
  if (ssl) env.PGSSLMODE = ssl;
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v));
}

/** Runs a PostgreSQL tool; a failure says the tool's last line of stderr, never its arguments. */
async function pgRun(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  try {
    await run(pgTool(tool), args, { ...BIG, env: pgEnv(url) });
  } catch (err) {
    const said =
      String((err as { stderr?: unknown }).stderr ?? '')
        .trim()
        .split('\n')
        .pop() || 'it failed';
    throw new Error(`${tool}: ${said}`);
  }
}

/** Writes a backup into `to` (created; must not exist). Returns what it holds. */
export async function backup(config: Config, to: string, log: (line: string) => void): Promise<Manifest> {
  if (existsSync(to)) throw new Error(`${to} exists already: a backup goes into a new folder`);
  if (!config.DATABASE_URL && config.DATA_DIR.startsWith('memory://')) throw new Error('DATA_DIR is memory://: there is nothing on disk to back up');
  await mkdir(to, { recursive: true });
  let database: Manifest['database'];
  if (config.DATABASE_URL) {
    database = 'postgres';
    await pgRun('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', join(to, 'database.pgdump')], config.DATABASE_URL);
  } else {
    database = 'pglite';
    const client = await PGlite.create(pgliteDir(config.DATA_DIR));
    try {
      const dump = await client.dumpDataDir('gzip');
      await writeFile(join(to, 'database.tar.gz'), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await client.close();
    }
  }
  log(`database (${database}) saved`);
  let media: Manifest['media'] = 'none';
  if (config.MEDIA_S3_BUCKET) {
    media = 'bucket';
    log(`media are in the bucket ${config.MEDIA_S3_BUCKET}: not copied (keep the bucket's versioning or replication on)`);
  } else if (!emptyOrMissing(config.MEDIA_DIR)) {
    media = 'folder';
    await run('tar', ['-czf', join(to, 'media.tar.gz'), '-C', resolve(config.MEDIA_DIR), '.'], BIG);
    log(`media folder ${resolve(config.MEDIA_DIR)} saved`);
  }
  const manifest: Manifest = { createdAt: new Date().toISOString(), database, migrations: knownMigrations(), media };
  await writeFile(join(to, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Restores the backup in `from` into the configured database and media folder. */
export async function restore(config: Config, from: string, force: boolean, log: (line: string) => void): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(join(from, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.database !== (config.DATABASE_URL ? 'postgres' : 'pglite')) {
    throw new Error(`the backup holds a ${manifest.database} database; set ${manifest.database === 'postgres' ? 'DATABASE_URL' : 'DATA_DIR without DATABASE_URL'} to restore it`);
  }
  if (manifest.migrations > knownMigrations())
    throw new Error(`the backup is of a newer build (${manifest.migrations} migrations, this one has ${knownMigrations()}): restore it with that build`);
  if (config.DATABASE_URL) {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: config.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`);
    await client.end();
    if (rows[0]!.n > 0 && !force) throw new Error('the database has tables already: restore into an empty one, or add --force to replace them');
    await pgRun(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        ...(force ? ['--clean', '--if-exists'] : []),
        '--dbname',
        pgEnv(config.DATABASE_URL).PGDATABASE!,
        join(from, 'database.pgdump'),
      ],
      config.DATABASE_URL,
    );
  } else {
    if (config.DATA_DIR.startsWith('memory://')) throw new Error('DATA_DIR is memory://: nothing would be kept');
    const dir = pgliteDir(config.DATA_DIR);
    if (!emptyOrMissing(dir)) {
      if (!force) throw new Error(`${dir} holds a database already: restore into a new DATA_DIR, or add --force to set it aside`);
      const aside = `${dir.replace(/\/+$/, '')}.before-restore-${stamp()}`;
      await rename(dir, aside);
      log(`the database folder was set aside as ${aside}`);
    }
    // A new folder: a DATA_DIR that held the database at its root is restored into DATA_DIR/db.
    const target = join(config.DATA_DIR, 'db');
    await mkdir(target, { recursive: true });
    const dump = new Blob([await readFile(join(from, 'database.tar.gz'))]);
    const client = await PGlite.create(target, { loadDataDir: dump });
    await client.close();
  }
  log('database restored');
  if (manifest.media === 'folder') {
    if (!emptyOrMissing(config.MEDIA_DIR) && !force) throw new Error(`${resolve(config.MEDIA_DIR)} is not empty: restore into an empty media folder, or add --force to add to it`);
    await mkdir(config.MEDIA_DIR, { recursive: true });
    await run('tar', ['-xzf', join(from, 'media.tar.gz'), '-C', resolve(config.MEDIA_DIR)], BIG);
    log(`media restored into ${resolve(config.MEDIA_DIR)}`);
  }
  return manifest;
}

/** The commands: 0 done, 1 failed (said why), 2 usage. */
export async function main(command: 'backup' | 'restore', argv: string[], env: NodeJS.ProcessEnv = process.env, out = console.log): Promise<number> {
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--force') flags.set(a, true);
    else if ((a === '--to' && command === 'backup') || (a === '--from' && command === 'restore')) {
      const v = argv[++i];
      if (!v) return (out(`${a} needs a folder\n${USAGE}`), 2);
      flags.set(a, v);
    } else return (out(a === '--help' ? USAGE : `unknown argument ${a}\n${USAGE}`), a === '--help' ? 0 : 2);
  }
  const config = loadConfig(env);
  try {
    if (command === 'backup') {
      const to = resolve((flags.get('--to') as string | undefined) ?? dataPath(config.DATA_DIR, join('backups', stamp())));
      const m = await backup(config, to, out);
      out(`backup written to ${to} (${m.database}, media: ${m.media}); copy it off this machine`);
    } else {
      const from = flags.get('--from');
      if (typeof from !== 'string') return (out(`--from is required\n${USAGE}`), 2);
      const m = await restore(config, resolve(from), flags.has('--force'), out);
      out(`restored the backup of ${m.createdAt}; the server migrates it to this build at its next start`);
    }
    return 0;
  } catch (err) {
    out(`${command} failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    return 1;
  }
}

runIfEntry(import.meta.url, 'backup', (argv) => main(argv[0] === 'restore' ? 'restore' : 'backup', argv.slice(argv[0] === 'restore' || argv[0] === 'backup' ? 1 : 0)));
