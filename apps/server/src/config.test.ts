import { describe, expect, it } from 'vitest';
import { loadConfig, mediaPlacement } from './config.ts';

describe('config', () => {
  it('has defaults for everything', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      MAINTENANCE: false,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.REDIS_URL).toBeUndefined();
    expect(c.WEB_DIST).toMatch(/apps[\\/]web[\\/]dist$/);
  });

  it('reads truthy MAINTENANCE values and treats empty strings as unset', () => {
    for (const v of ['1', 'true', 'YES', 'on']) expect(loadConfig({ MAINTENANCE: v }).MAINTENANCE).toBe(true);
    for (const v of ['0', 'false', '', 'off']) expect(loadConfig({ MAINTENANCE: v }).MAINTENANCE).toBe(false);
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ PORT: 3000, DATABASE_URL: undefined });
  });

  it('refuses malformed values, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
    expect(() => loadConfig({ ALIPAY_SELLER_ID: '12345' })).toThrow(/ALIPAY_SELLER_ID/);
    expect(loadConfig({ ALIPAY_SELLER_ID: '2088102177846880' }).ALIPAY_SELLER_ID).toBe('2088102177846880');
  });

  it('refuses several machines (MACHINES) without PostgreSQL, Redis and media every machine reaches, naming each', () => {
    const shared = { MACHINES: '2', DATABASE_URL: 'postgres://db/kaoshi', REDIS_URL: 'redis://cache' };
    expect(() => loadConfig({ MACHINES: '3' })).toThrow(
      /MACHINES: several machines need DATABASE_URL.*; MACHINES: several machines need REDIS_URL.*; MACHINES: several machines need media/,
    );
    expect(() => loadConfig(shared)).toThrow(/^Invalid configuration: MACHINES: several machines need media every machine reaches: MEDIA_S3_BUCKET, or MEDIA_SHARED=on/);
    expect(loadConfig({ ...shared, MEDIA_SHARED: 'on', MEDIA_DIR: '/srv/kaoshi-media' })).toMatchObject({ MACHINES: 2, MEDIA_SHARED: true });
    expect(loadConfig({ ...shared, MEDIA_S3_BUCKET: 'kaoshi-media' }).MACHINES).toBe(2);
    // One machine (the default) with several processes: its own folder serves them all.
    expect(loadConfig({ WEB_CONCURRENCY: '4', DATABASE_URL: 'postgres://db/kaoshi' })).toMatchObject({ MACHINES: 1, MEDIA_SHARED: false });
  });

  it('says at start where media are and what that means for several machines', () => {
    const c = loadConfig({ DATA_DIR: '/var/lib/kaoshi', WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/kaoshi' });
    expect(mediaPlacement(c)).toBe(
      'media: /var/lib/kaoshi/media, a folder of this machine only, shared by its 2 server processes; several machines need MEDIA_S3_BUCKET or MEDIA_SHARED=on (docs/operations.md, "Several machines")',
    );
    expect(mediaPlacement({ ...c, MEDIA_SHARED: true })).toBe('media: /var/lib/kaoshi/media, a folder every machine mounts (MEDIA_SHARED)');
    expect(mediaPlacement({ ...c, MEDIA_S3_BUCKET: 'kaoshi-media', MEDIA_S3_PREFIX: 'prod/' })).toBe('media: S3 bucket kaoshi-media under prod/ (every machine reaches it)');
  });
});
