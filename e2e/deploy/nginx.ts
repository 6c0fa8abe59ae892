import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { REPO } from './ports';

/**
 * Debian's nginx running deploy/nginx/kaoshi.conf itself on this machine, with loopback ports and a certificate
 * made here: the deploy smoke (stack.ts) and the first-paint bench (bench/load-bench.ts) both start it.
 */
export const NGINX = '/usr/sbin/nginx';
export const BROTLI = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** Where the site listens and what it serves: nginx's https and http ports, the server processes, the web build. */
export interface SitePorts {
  https: number;
  http: number;
  /** The two upstream processes (the same port twice for a single process). */
  a: number;
  b: number;
  /** The built web app nginx serves /assets/ from (default: the checkout's apps/web/dist). */
  webRoot?: string;
}

function need(ok: boolean, what: string) {
  if (!ok) throw new Error(`deploy nginx: ${what}`);
}

/** The site file with this machine's ports, paths and certificate; each change must find its line, or the site moved. */
export function siteForTest(site: string, work: string, ports: SitePorts): string {
  const edits: [string | RegExp, string][] = [
    ['server 127.0.0.1:3001;', `server 127.0.0.1:${ports.a};`],
    ['server 127.0.0.1:3002;', `server 127.0.0.1:${ports.b};`],
    ['    listen 80;\n    listen [::]:80;', `    listen 127.0.0.1:${ports.http};`],
    ['    listen 443 ssl http2;\n    listen [::]:443 ssl http2;', `    listen 127.0.0.1:${ports.https} ssl http2;`],
    ['/etc/letsencrypt/live/exam.example.com/fullchain.pem', join(work, 'cert.pem')],
    ['/etc/letsencrypt/live/exam.example.com/privkey.pem', join(work, 'key.pem')],
    ['root /var/www/letsencrypt;', `root ${work};`],
    ['root /opt/kaoshi/apps/web/dist;', `root ${ports.webRoot ?? join(REPO, 'apps/web/dist')};`],
    // The smoke journey picks the process a browser talks to with a cookie (kaoshi_smoke_node=a|b), to prove that
    // what one process takes in reaches a learner of the other. Without the cookie: the site's own upstream.
    [/proxy_pass http:\/\/kaoshi;/g, 'proxy_pass http://$kaoshi_pick;'],
  ];
  let out = site;
  for (const [from, to] of edits) {
    need(typeof from === 'string' ? out.includes(from) : from.test(out), `deploy/nginx/kaoshi.conf no longer has ${String(from)}`);
    out = typeof from === 'string' ? out.replace(from, to) : out.replace(from, to);
  }
  const pick = `map $cookie_kaoshi_smoke_node $kaoshi_pick {\n    a 127.0.0.1:${ports.a};\n    b 127.0.0.1:${ports.b};\n    default kaoshi;\n}\n`;
  return `${pick}\n${out}`;
}

/** nginx's main file around the site, everything (pid, logs, temp files) in `work`. */
export function nginxConfig(work: string): string {
  return [
    `load_module ${BROTLI};`,
    // As root, nginx would run its worker as nobody, who may not read the checkout; else the directive is moot.
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${work}/nginx.pid;`,
    `error_log ${work}/error.log warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '    include /etc/nginx/mime.types;',
    '    default_type application/octet-stream;',
    `    access_log ${work}/access.log;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `    ${t}_temp_path ${work}/${t};`),
    `    include ${work}/site.conf;`,
    '}',
    '',
  ].join('\n');
}

/** The self-signed certificate the site serves (cert.pem, key.pem in `work`; browsers are told to accept it). */
export function makeCertificate(work: string): void {
  const cert = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1', '-keyout', join(work, 'key.pem'), '-out', join(work, 'cert.pem')],
    { stdio: 'pipe' },
  );
  need(cert.status === 0, `openssl could not make a certificate: ${cert.stderr}`);
}

/** Until a port takes connections (nginx answers only https there, with a certificate fetch would refuse). */
async function listening(port: number, child: ChildProcess, log: string) {
  for (let i = 0; i < 40; i++) {
    if (child.exitCode !== null) break;
    const open = await new Promise<boolean>((r) => {
      const s = connect(port, '127.0.0.1', () => (s.end(), r(true)));
      s.on('error', () => r(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`deploy nginx: nginx is not listening on ${port}:\n${existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : ''}`);
}

/**
 * Writes the site (deploy/nginx/kaoshi.conf through siteForTest) and nginx's main file into `work` (which holds
 * the certificate), checks them with `nginx -t`, starts nginx in the foreground and waits until https listens.
 * Stop it with SIGQUIT.
 */
export async function startNginx(work: string, ports: SitePorts): Promise<ChildProcess> {
  need(existsSync(NGINX) && existsSync(BROTLI), 'needs nginx and its brotli module (Debian: nginx-light libnginx-mod-http-brotli-static)');
  writeFileSync(join(work, 'site.conf'), siteForTest(readFileSync(join(REPO, 'deploy/nginx/kaoshi.conf'), 'utf8'), work, ports));
  writeFileSync(join(work, 'nginx.conf'), nginxConfig(work));
  const check = spawnSync(NGINX, ['-p', work, '-c', join(work, 'nginx.conf'), '-t'], { stdio: 'pipe' });
  need(check.status === 0, `nginx refused the site: ${check.stderr}`);
  const nginx = spawn(NGINX, ['-p', work, '-c', join(work, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'inherit' });
  try {
    await listening(ports.https, nginx, join(work, 'error.log'));
  } catch (err) {
    nginx.kill('SIGKILL');
    throw err;
  }
  return nginx;
}
