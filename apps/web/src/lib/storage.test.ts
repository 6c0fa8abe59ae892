import { COOKIE_KEYS, LOCAL_KEYS } from '@kaoshi/contract';
import { describe, expect, it } from 'vitest';
import { cookieString, cookies, local, sessionCache } from './storage';

describe('storage keys (spec §3)', () => {
  it('uses the spec names, owned by the contract', () => {
    expect(LOCAL_KEYS).toEqual([
      'guid',
      'userID',
      'username',
      'ac',
      'classType',
      'newClassType',
      'targetPath',
      'tryReload',
      'vipinfo',
      'moduleInfoX',
      'curVipData',
      'vipAppData',
      'curvipAppData',
      'temporaryAppinfo',
    ]);
    expect(COOKIE_KEYS).toEqual(['AGENTCODE', 'SELECTEDAPPNEW', 'APPFLAG', 'LOGIN_TYPE', 'freeTry', 'wechatType', 'YILIUQUDAOID']);
  });
});

describe('local storage', () => {
  it('gets, sets and removes strings and JSON', () => {
    local.set('guid', 'abc');
    expect(local.get('guid')).toBe('abc');
    expect(localStorage.getItem('guid')).toBe('abc');
    local.setJSON('vipinfo', { list: [1] });
    expect(local.getJSON<{ list: number[] }>('vipinfo')).toEqual({ list: [1] });
    local.set('curVipData', 'not json');
    expect(local.getJSON('curVipData')).toBeNull();
    local.remove('guid');
    expect(local.get('guid')).toBeNull();
  });

  it('clears everything but the wechat type and the device preferences', () => {
    for (const key of ['guid', 'userID', 'username', 'ac', 'vipinfo', 'temporaryAppinfo']) localStorage.setItem(key, 'x');
    localStorage.setItem('wechatType', '1');
    localStorage.setItem('recentAccounts', '["a"]');
    localStorage.setItem('nightMode', '1');
    local.clearAllKeepingWechatType();
    expect(localStorage.length).toBe(3);
    expect(localStorage.getItem('wechatType')).toBe('1');
    expect(localStorage.getItem('recentAccounts')).toBe('["a"]');
    expect(localStorage.getItem('nightMode')).toBe('1');
  });

  it('behaves as empty when storage throws', () => {
    const original = Storage.prototype.getItem;
    Storage.prototype.getItem = () => {
      throw new Error('SecurityError');
    };
    try {
      expect(local.get('guid')).toBeNull();
    } finally {
      Storage.prototype.getItem = original;
    }
  });
});

describe('session cache', () => {
  it('keeps agent info in sessionStorage', () => {
    sessionCache.setJSON('agentInfo', { AgentCode: '888' });
    expect(JSON.parse(sessionStorage.getItem('agentInfo')!)).toEqual({ AgentCode: '888' });
    expect(sessionCache.getJSON('agentInfo')).toEqual({ AgentCode: '888' });
  });
});

describe('cookies', () => {
  it('last 30 days by default, on path /', () => {
    const now = Date.UTC(2026, 0, 1);
    const text = cookieString('AGENTCODE', '888', 30, now);
    expect(text).toBe(`AGENTCODE=888; expires=${new Date(now + 30 * 86_400_000).toUTCString()}; path=/; SameSite=Lax`);
  });

  it('writes through document.cookie with a 30-day expiry', () => {
    const writes: string[] = [];
    const desc = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => desc.get!.call(document),
      set: (v: string) => {
        writes.push(v);
        desc.set!.call(document, v);
      },
    });
    try {
      const before = Date.now();
      cookies.set('APPFLAG', 'iosKe');
      const expires = Date.parse(/expires=([^;]+)/.exec(writes[0])![1]);
      expect(expires - before).toBeGreaterThan(30 * 86_400_000 - 2000);
      expect(expires - before).toBeLessThan(30 * 86_400_000 + 2000);
    } finally {
      delete (document as { cookie?: string }).cookie;
    }
    expect(cookies.get('APPFLAG')).toBe('iosKe');
  });

  it('round-trips encoded values and JSON, and removes', () => {
    cookies.setJSON('SELECTEDAPPNEW', { AppName: '护士资格', AppID: 1, curAppvn: -1 });
    expect(cookies.getJSON('SELECTEDAPPNEW')).toEqual({ AppName: '护士资格', AppID: 1, curAppvn: -1 });
    cookies.set('LOGIN_TYPE', 'a b;c');
    expect(cookies.get('LOGIN_TYPE')).toBe('a b;c');
    cookies.remove('LOGIN_TYPE');
    expect(cookies.get('LOGIN_TYPE')).toBeNull();
    expect(cookies.get('freeTry')).toBeNull();
  });
});
