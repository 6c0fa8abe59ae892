import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

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
});
