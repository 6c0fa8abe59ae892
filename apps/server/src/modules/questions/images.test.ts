import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { importFiles } from './importer.ts';
import { SVG_CSP } from './routes.ts';

describe('GET /api/images/:appID/:name', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    expect(await importFiles(t.db, [fileURLToPath(new URL('./fixtures/good/bank.json', import.meta.url))])).toMatchObject({ ok: true });
  });
  afterAll(() => t.close());
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('serves an SVG with its type, nosniff, a long cache with the sha as ETag, and a CSP that forbids script', async () => {
    const res = await get('/api/images/1002/ecg.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(SVG_CSP);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(res.body).toContain('<svg');

    const again = await get('/api/images/1002/ecg.svg', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves a PNG as image/png (no SVG policy)', async () => {
    const res = await get('/api/images/1002/xray.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('answers 404 for an unknown image, another subject, a bad name or a bad subject number', async () => {
    for (const url of [
      '/api/images/1002/none.png',
      '/api/images/1001/xray.png',
      '/api/images/1002/ecg.exe',
      '/api/images/1002/..%2Fecg.svg',
      '/api/images/abc/ecg.svg',
      '/api/images/01002/ecg.svg',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});
