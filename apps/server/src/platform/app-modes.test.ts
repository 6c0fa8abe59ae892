import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { allCalls, changePassword, getAgentInfo, getChapterTestEx, sendcode, userlogin } from '@kaoshi/contract';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestApp, DEMO, md5 } from '../test/helpers.ts';

/** A production configuration (config-check.ts); the tests pass their own database to buildApp. */
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://exam.example.com', SMS_PROVIDER: 'disabled' };

describe('MAINTENANCE', () => {
  it('answers body status 408 to every call and unknown /api path, and still serves the web app', async () => {
    const web = mkdtempSync(join(tmpdir(), 'web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>app</title>');
    const t = await createTestApp({ config: { MAINTENANCE: true, WEB_DIST: web } });
    try {
      for (const call of allCalls) {
        expect(await t.call(call, {}), call.id).toEqual({ status: 408, msg: '系统维护中，请稍后再试', data: null });
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/whatever' })).json()).toMatchObject({ status: 408 });
      const page = await t.app.inject({ method: 'GET', url: '/maintain', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>app</title>');
    } finally {
      await t.close();
    }
  });
});

describe('the web app', () => {
  const web = mkdtempSync(join(tmpdir(), 'web-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>exam app</title>');
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'assets', 'index-abc123.js'), 'console.log(1)');

  it('serves index.html uncached, assets cached for a year, and index.html for any page path (history mode)', async () => {
    const t = await createTestApp({ config: { WEB_DIST: web } });
    try {
      const root = await t.app.inject({ method: 'GET', url: '/' });
      expect(root.statusCode).toBe(200);
      expect(root.headers['cache-control']).toBe('no-cache');
      const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const deep = await t.app.inject({ method: 'GET', url: '/homePage?ac=6001', headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(deep.statusCode).toBe(200);
      expect(deep.headers['cache-control']).toBe('no-cache');
      expect(deep.body).toContain('exam app');
      expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } })).statusCode).toBe(404);
      const api = await t.app.inject({ method: 'GET', url: '/api/missing', headers: { accept: 'text/html' } });
      expect(api.json()).toEqual({ status: 404, msg: '接口不存在', data: null });
    } finally {
      await t.close();
    }
  });

  it("puts each route's screen chunks into its page as preloads (route-preload.json of the web build)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'web-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>exam app</title></head><body></body></html>');
    const preloads = {
      '/login': { js: ['/assets/login-abc.js', '/assets/api-def.js'], css: ['/assets/login-abc.css'] },
      '/Experience': { js: ['/assets/exp-1.js', 'javascript:alert(1)', '/assets/"><script>x.js'], css: [] },
    };
    writeFileSync(join(dir, 'route-preload.json'), JSON.stringify(preloads));
    const t = await createTestApp({ config: { WEB_DIST: dir } });
    try {
      const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const login = await page('/login?ac=6001');
      expect(login.headers['content-type']).toMatch(/^text\/html/);
      expect(login.headers['cache-control']).toBe('no-cache');
      expect(login.body).toContain('<link rel="modulepreload" crossorigin href="/assets/login-abc.js">');
      expect(login.body).toContain('<link rel="modulepreload" crossorigin href="/assets/api-def.js">');
      expect(login.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/login-abc.css">');
      expect(login.body.indexOf('login-abc.js')).toBeLessThan(login.body.indexOf('</head>'));
      // The router matches without regard to case; only hashed asset paths reach the page.
      const experience = await page('/experience/');
      expect(experience.body).toContain('href="/assets/exp-1.js"');
      expect(experience.body).not.toContain('javascript:');
      expect(experience.body).not.toContain('<script>');
      // A route without preloads, and '/' for any client, get index.html as it is.
      expect((await page('/homePage')).body).not.toContain('modulepreload');
      const root = await t.app.inject({ method: 'GET', url: '/', headers: { accept: '*/*' } });
      expect(root.statusCode).toBe(200);
      expect(root.body).toContain('<title>exam app</title>');
      // The page carries the agent info call's data for its tenant (the ac of its URL, else the host's agent).
      const carried = (body: string) => /<script type="application\/json" id="kaoshi-agent">(.*?)<\/script>/.exec(body)?.[1];
      const agent = await t.app.inject({ method: 'GET', url: getAgentInfo.path, query: { agentCode: '888' } });
      expect(JSON.parse(carried(login.body) ?? 'null')).toEqual({ ac: '6001', data: expect.objectContaining({ AgentCode: '6001' }) });
      expect(JSON.parse(carried(root.body) ?? 'null')).toEqual({ ac: null, data: agent.json().data });
      for (const url of ['/login?ac=abc', '/login?ac=99999999']) expect(carried((await page(url)).body)).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('sends the precompressed copy the client accepts (brotli, then gzip), with Vary, and the file otherwise', async () => {
    const js = 'export const answer = 42;\n'.repeat(200);
    writeFileSync(join(web, 'assets', 'app-def456.js'), js);
    writeFileSync(join(web, 'assets', 'app-def456.js.br'), brotliCompressSync(js));
    writeFileSync(join(web, 'assets', 'app-def456.js.gz'), gzipSync(js));
    const t = await createTestApp({ config: { WEB_DIST: web } });
    try {
      const get = (encoding?: string) => t.app.inject({ method: 'GET', url: '/assets/app-def456.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
      const br = await get('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);
      const gz = await get('gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(js);
      const plain = await get();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(js);
    } finally {
      await t.close();
    }
  });

  it('compresses call replies above 2 KiB for clients that accept it; small replies go as they are', async () => {
    const t = await createTestApp({ config: { WEB_DIST: web } });
    try {
      const guid = await t.login(DEMO.owner, DEMO.password);
      const page = (encoding?: string) =>
        t.app.inject({
          method: 'GET',
          url: getChapterTestEx.path,
          query: { guid, appID: '1001', cptID: '7', pageSize: '50' },
          headers: encoding ? { 'accept-encoding': encoding } : {},
        });
      const plain = await page();
      expect(plain.json()).toMatchObject({ status: 200 });
      expect(plain.rawPayload.length).toBeGreaterThan(2048);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = await page('gzip, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const small = await t.app.inject({ method: 'GET', url: getAgentInfo.path, headers: { 'accept-encoding': 'gzip, br' } });
      expect(small.rawPayload.length).toBeLessThan(2048);
      expect(small.headers['content-encoding']).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('sends security headers: a CSP that allows scripts from this origin only, nosniff, no framing by others', async () => {
    const t = await createTestApp({ config: { WEB_DIST: web } });
    try {
      const page = await t.app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      const api = await t.app.inject({ method: 'GET', url: '/api/agentInfo/getAgentInfo' });
      expect(api.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await t.close();
    }
  });

  it('is skipped with a warning when WEB_DIST does not exist', async () => {
    const lines: string[] = [];
    const t = await createTestApp({
      config: { WEB_DIST: join(web, 'nope') },
      deps: { logger: { level: 'warn', stream: { write: (l) => void lines.push(l) } } },
    });
    try {
      expect(lines.join('')).toContain('Web app not found');
      expect((await t.call(getAgentInfo, {})).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('SMS provider and the test hook', () => {
  it('the hook GET /__test__/sms exists under NODE_ENV=test only', async () => {
    const t = await createTestApp();
    const dev = await createTestApp({ config: { NODE_ENV: 'development' } });
    try {
      await t.call(sendcode, { phone: '13400000001' });
      expect((await t.app.inject({ method: 'GET', url: '/__test__/sms?phone=13400000001' })).json()).toEqual({
        status: 200,
        msg: '',
        data: { code: expect.stringMatching(/^\d{6}$/) },
      });
      await dev.call(sendcode, { phone: '13400000001' });
      expect(dev.app.hasRoute({ method: 'GET', url: '/__test__/sms' })).toBe(false);
      expect((await dev.app.inject({ method: 'GET', url: '/__test__/sms?phone=13400000001' })).json()).toMatchObject({ status: 404 });
    } finally {
      await Promise.all([t.close(), dev.close()]);
    }
  });

  it('the development provider is refused with NODE_ENV=production; a real provider is accepted', async () => {
    expect(() => loadConfig({ ...PRODUCTION, SMS_PROVIDER: '', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' })).toThrow(
      /SMS_PROVIDER: the development provider \(dev, the default\) .* set SMS_PROVIDER=aliyun or SMS_PROVIDER=tencent/,
    );
    // A configuration made by hand (not through loadConfig) is refused by the provider itself.
    const config = { ...loadConfig({ ...PRODUCTION, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }), SMS_PROVIDER: 'dev' as const };
    const t = await createTestApp();
    try {
      await expect(buildApp({ config, db: t.db })).rejects.toThrow(/development SMS provider cannot run with NODE_ENV=production/);
      const prod = await buildApp({ config, db: t.db, sms: { name: 'real', send: async () => undefined } });
      expect(prod.hasRoute({ method: 'GET', url: '/__test__/sms' })).toBe(false);
      await prod.close();
    } finally {
      await t.close();
    }
  });

  it('SMS_PROVIDER=disabled starts in production and refuses to send, in Chinese, without logging a code', async () => {
    const lines: string[] = [];
    const config = loadConfig({ ...PRODUCTION, SMS_PROVIDER: 'disabled', LOG_LEVEL: 'info', WEB_DIST: '/nonexistent' });
    const t = await createTestApp();
    try {
      const prod = await buildApp({ config, db: t.db, logger: { level: 'info', stream: { write: (l) => void lines.push(l) } } });
      const res = await prod.inject({ method: 'POST', url: '/api/user/sendcode', payload: { phone: '13500000001', op: 'login' } });
      expect(res.json()).toMatchObject({ status: 503, msg: '短信服务暂不可用，请使用密码登录', data: null });
      expect(lines.join('')).not.toMatch(/SMS code/);
      await prod.close();
    } finally {
      await t.close();
    }
  });

  it('the development provider writes the code to the log in English with the phone masked', async () => {
    const lines: string[] = [];
    const t = await createTestApp({ deps: { logger: { level: 'info', stream: { write: (l) => void lines.push(l) } } } });
    try {
      await t.call(sendcode, { phone: '13800138000', op: 'register' });
      const code = await t.lastSmsCode('13800138000');
      expect(lines.join('')).toContain(`dev SMS code for 138****8000 (op=register): ${code}`);
    } finally {
      await t.close();
    }
  });
});

describe('logging', () => {
  it('never writes passwords, password hashes or guids', async () => {
    const lines: string[] = [];
    const t = await createTestApp({ deps: { logger: { level: 'trace', stream: { write: (l) => void lines.push(l) } } } });
    try {
      const guid = await t.login(DEMO.learner, DEMO.password);
      await t.app.inject({ method: 'GET', url: `/api/user/getUserInfo?guid=${guid}` });
      await t.call(changePassword, { oldPassword: md5(DEMO.password), password: md5('n3w'), time: '120000' }, { headers: { 'x-guid': guid } });
      await t.call(userlogin, { username: DEMO.learner, password: md5('wrong') });
      const log = lines.join('\n');
      expect(log).toContain('"path":"/api/user/getUserInfo"');
      for (const secret of [guid, md5(DEMO.password), md5('n3w'), md5('wrong'), '$argon2id$']) expect(log).not.toContain(secret);
    } finally {
      await t.close();
    }
  });

  it('writes one line per call after its reply (method, path without the query, status, time) and none for the probes', async () => {
    const lines: string[] = [];
    const t = await createTestApp({ deps: { logger: { level: 'info', stream: { write: (l) => void lines.push(l) } } } });
    try {
      lines.length = 0;
      await t.app.inject({ method: 'GET', url: '/api/user/getUserInfo?guid=not-a-session' });
      await t.app.inject({ method: 'GET', url: '/healthz' });
      await t.app.inject({ method: 'GET', url: '/readyz' });
      const calls = lines.map((l) => JSON.parse(l) as { msg: string; method?: string; path?: string; status?: number; ms?: number });
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({ msg: 'call', method: 'GET', path: '/api/user/getUserInfo', ip: '127.0.0.1', status: 200 });
      // The fields every pino line of the app carries: level, time, the process, the request's id.
      expect(calls[0]).toMatchObject({ level: 30, time: expect.any(Number), pid: process.pid, reqId: expect.any(String) });
      expect(lines[0]).not.toContain('not-a-session');
      expect(calls[0]!.ms).toBeGreaterThanOrEqual(0);
    } finally {
      await t.close();
    }
  });

  it('a production app has no test hooks: no /__test__/ route answers and no test handle is on the app', async () => {
    const config = loadConfig({ ...PRODUCTION, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
    const t = await createTestApp();
    try {
      const prod = await buildApp({ config, db: t.db, sms: { name: 'real', send: async () => undefined } });
      await prod.ready();
      for (const url of ['/__test__/sms', '/__test__/captcha']) expect((await prod.inject({ method: 'GET', url })).json()).toMatchObject({ status: 404 });
      for (const url of ['/__test__/live', '/__test__/refund', '/__test__/group-expiry', '/__test__/feedback-answer']) {
        expect((await prod.inject({ method: 'POST', url, payload: {} })).json()).toMatchObject({ status: 404 });
      }
      for (const handle of ['cacheBus', 'paymentSandbox', 'videoTokens', 'live', 'plan', 'uploads', 'accountErasure', 'liveIngestSweep'])
        expect(prod.hasDecorator(handle)).toBe(false);
      // The same app under NODE_ENV=test has them (the tests' own handles).
      expect(t.app.hasDecorator('paymentSandbox') && t.app.hasDecorator('accountErasure')).toBe(true);
      await prod.close();
    } finally {
      await t.close();
    }
  });
});
