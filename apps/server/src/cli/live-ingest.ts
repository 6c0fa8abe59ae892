import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { delimiter, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { dataPath, loadConfig } from '../config.ts';
import { runIfEntry } from './run.ts';

const run = promisify(execFile);
const TEMPLATE = new URL('./live-ingest.nginx.conf', import.meta.url);
export const RTMP_MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so';

const USAGE = `usage: npm run live:ingest [-- --rtmp-port <port>] [--callback <url>] [--work <folder>] [--fragment 1s|2s]
  Starts the live ingest (docs/live.md, "Ingest"): nginx with its RTMP module (Debian: apt-get install nginx-light
  libnginx-mod-rtmp), listening for encoders (OBS: server LIVE_RTMP_URL, stream key from \`npm run live -- key <id>\`),
  writing HLS into LIVE_HLS_DIR and recordings into LIVE_RECORD_DIR, and asking the server (the callbacks, default
  http://127.0.0.1:PORT/live/ingest) whether a stream key may publish. Runs in the foreground; Ctrl-C stops it.
  The server does not need it (npm start runs without; live rooms then wait for a stream).
  Defaults: the RTMP port of LIVE_RTMP_URL, work folder DATA_DIR/live/ingest (nginx.conf, nginx.pid, error.log), 2s fragments.`;

export interface IngestOptions {
  /** The folder of nginx.conf, its pid, error log and temp files. */
  work: string;
  hlsDir: string;
  recordDir: string;
  rtmpPort: number;
  /** The server's callback base, e.g. http://127.0.0.1:3000/live/ingest. */
  callback: string;
  secret?: string;
  fragment: '1s' | '2s';
  /** The module's file to load, or null when nginx has it built in. */
  module: string | null;
  logLevel?: 'info' | 'notice' | 'warn' | 'error';
  /** Record every stream for its replay (default); the demo's looping class (demo-stream.ts) records nothing. */
  record?: boolean;
}

/** The nginx configuration of the ingest, from the template. */
export async function ingestConfig(o: IngestOptions): Promise<string> {
  const query = o.secret ? `?secret=${encodeURIComponent(o.secret)}` : '';
  const values: Record<string, string> = {
    WORK: resolve(o.work),
    LOAD_MODULE: o.module ? `load_module ${o.module};` : '# the RTMP module is built into this nginx',
    // As root, nginx would run its worker as nobody, who cannot write our folders; else the directive is moot.
    USER: process.getuid?.() === 0 ? 'user root;' : '',
    LOG_LEVEL: o.logLevel ?? 'warn',
    RTMP_PORT: String(o.rtmpPort),
    CALLBACK: o.callback.replace(/\/+$/, ''),
    QUERY: query,
    FRAGMENT: o.fragment,
    HLS_DIR: resolve(o.hlsDir),
    RECORD_DIR: resolve(o.recordDir),
    RECORD: o.record === false ? 'off' : 'all',
  };
  const template = await readFile(TEMPLATE, 'utf8');
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (_, k: string) => {
    const v = values[k];
    if (v === undefined) throw new Error(`the ingest template names an unknown value ${k}`);
    if (/[;{}"'\s]/.test(v) && k !== 'LOAD_MODULE' && k !== 'USER') throw new Error(`${k} may not contain spaces, quotes, ; or braces: ${v}`);
    return v;
  });
}

/** The nginx binary (NGINX or on the PATH, /usr/sbin included), or null. */
export function findNginx(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.NGINX) return existsSync(env.NGINX) ? env.NGINX : null;
  const dirs = [...(env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin', '/usr/local/nginx/sbin'];
  return dirs.map((d) => join(d, 'nginx')).find((p) => existsSync(p)) ?? null;
}

/** How nginx gets the RTMP module: the module file to load, null when built in, or why it cannot. */
export async function rtmpModule(nginx: string, file = RTMP_MODULE): Promise<{ module: string | null } | { error: string }> {
  if (existsSync(file)) return { module: file };
  const { stderr } = await run(nginx, ['-V']).catch(() => ({ stderr: '' }));
  if (/rtmp/i.test(stderr)) return { module: null };
  return { error: `the RTMP module of nginx is missing (no ${file}; Debian: apt-get install libnginx-mod-rtmp)` };
}

/** Resolves once something accepts TCP connections on 127.0.0.1:port (or rejects after `ms`). */
export async function waitForPort(port: number, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const open = await new Promise<boolean>((ok) => {
      const s = connect(port, '127.0.0.1');
      s.once('connect', () => (s.destroy(), ok(true)));
      s.once('error', () => ok(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`nothing listens on port ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface RunningIngest {
  process: ChildProcess;
  /** The exit code (or the signal's name) once nginx has stopped. */
  exited: Promise<number | string>;
  stop(): Promise<void>;
}

/** Writes the configuration, checks it (nginx -t) and starts nginx in the foreground; resolves once RTMP listens. */
export async function startIngest(nginx: string, o: IngestOptions): Promise<RunningIngest> {
  const work = resolve(o.work);
  for (const d of [work, o.hlsDir, o.recordDir]) await mkdir(resolve(d), { recursive: true });
  const conf = join(work, 'nginx.conf');
  await writeFile(conf, await ingestConfig(o));
  const base = ['-p', `${work}/`, '-c', conf, '-e', join(work, 'error.log')];
  await run(nginx, ['-t', '-q', ...base]).catch((e: { stderr?: string }) => {
    throw new Error(`nginx refused ${conf}:\n${e.stderr ?? String(e)}`);
  });
  const child = spawn(nginx, [...base, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<number | string>((ok) => child.once('exit', (code, signal) => ok(code ?? signal ?? 0)));
  const failed = exited.then(async (code) => {
    const log = await readFile(join(work, 'error.log'), 'utf8').catch(() => '');
    throw new Error(`nginx stopped at start (${code}): ${log.split('\n').slice(-6).join('\n')}`);
  });
  await Promise.race([waitForPort(o.rtmpPort), failed]);
  void failed.catch(() => undefined);
  return {
    process: child,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The command: 0 after nginx stopped normally, 1 when it cannot start, 2 usage. */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env, out = console.log, err = console.error): Promise<number> {
  const config = loadConfig(env);
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 2) {
    const [k, v] = [argv[i]!, argv[i + 1]];
    if (!['--rtmp-port', '--callback', '--work', '--fragment'].includes(k) || v === undefined) return (err(k === '--help' ? '' : `unknown argument ${k}`), err(USAGE), 2);
    flags[k] = v;
  }
  const rtmpPort = Number(flags['--rtmp-port'] ?? (new URL(config.LIVE_RTMP_URL).port || 1935));
  const fragment = flags['--fragment'] ?? '2s';
  if (!Number.isInteger(rtmpPort) || rtmpPort < 1 || rtmpPort > 65535) return (err(`bad RTMP port ${rtmpPort}`), 2);
  if (fragment !== '1s' && fragment !== '2s') return (err('--fragment is 1s or 2s'), 2);
  const nginx = findNginx(env);
  if (!nginx) return (err('nginx is not installed (Debian: apt-get install nginx-light libnginx-mod-rtmp); the live ingest cannot start'), 1);
  const mod = await rtmpModule(nginx, env.LIVE_RTMP_MODULE ?? RTMP_MODULE);
  if ('error' in mod) return (err(`${mod.error}; the live ingest cannot start`), 1);
  const o: IngestOptions = {
    work: flags['--work'] ?? dataPath(config.DATA_DIR, 'live/ingest'),
    hlsDir: config.LIVE_HLS_DIR,
    recordDir: config.LIVE_RECORD_DIR,
    rtmpPort,
    callback: flags['--callback'] ?? `http://127.0.0.1:${config.PORT}/live/ingest`,
    secret: config.LIVE_INGEST_SECRET,
    fragment,
    module: mod.module,
  };
  const ingest = await startIngest(nginx, o);
  out(`live ingest: nginx (${nginx}) with the RTMP module${mod.module ? ` (${mod.module})` : ''}, pid ${ingest.process.pid}`);
  out(`  encoders publish to ${config.LIVE_RTMP_URL} (port ${rtmpPort}) with a session's stream key (npm run live -- key <id>)`);
  out(`  HLS (${fragment} fragments) into ${resolve(o.hlsDir)}, recordings into ${resolve(o.recordDir)}`);
  out(`  callbacks to ${o.callback}/{publish,publish_done,record_done,update}${o.secret ? ' with LIVE_INGEST_SECRET' : ' (loopback only)'}: start the server too`);
  out(`  config ${resolve(o.work, 'nginx.conf')}, log ${resolve(o.work, 'error.log')}; Ctrl-C stops it`);
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => void ingest.stop());
  const code = await ingest.exited;
  out(`live ingest stopped (${code})`);
  return code === 0 || code === 'SIGTERM' ? 0 : 1;
}

runIfEntry(import.meta.url, 'live:ingest', (argv) => main(argv));
