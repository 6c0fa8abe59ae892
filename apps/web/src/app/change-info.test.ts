import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFetch, reply } from '../test/fake-fetch';
import { checkChangeInfo, startChangeInfoPoll } from './change-info';
import { SUBJECT_CACHE_KEYS as CHANGE_CLEARED_LOCAL_KEYS } from '../lib/subject';

vi.mock('../ui/dialogs'); // ui/__mocks__/dialogs.ts

const GUID = 'g'.repeat(32);

function seedCaches() {
  localStorage.setItem('guid', GUID);
  localStorage.setItem('username', '13800000000');
  for (const key of CHANGE_CLEARED_LOCAL_KEYS) localStorage.setItem(key, '{"x":1}');
  document.cookie = `SELECTEDAPPNEW=${encodeURIComponent('{"AppID":1}')}; path=/`;
}

function server(status: number) {
  return installFetch((req) => {
    if (req.path === '/api/getChangeInfo') return reply(status, { changes: [] });
    if (req.path === '/api/cancelChangeLog') return reply(200, { cleared: 1 });
    return reply(200, null);
  });
}

const navigate = vi.fn();
beforeEach(() => navigate.mockReset());
afterEach(() => vi.useRealTimers());

describe('change-info check (every 30 s with a session)', () => {
  it('on status 200 clears subject, tier and purchase caches, cancels the change log and goes to /homePage?fromUrl=mainJS', async () => {
    window.history.replaceState(null, '', '/settings?ac=123');
    seedCaches();
    const f = server(200);
    await expect(checkChangeInfo(navigate)).resolves.toBe(true);
    expect(f.to('/api/getChangeInfo')[0].query.get('guid')).toBe(GUID);
    for (const key of ['vipinfo', 'curVipData', 'vipAppData', 'curvipAppData', 'moduleInfoX']) expect(localStorage.getItem(key)).toBeNull();
    expect(document.cookie).not.toContain('SELECTEDAPPNEW');
    expect(localStorage.getItem('guid')).toBe(GUID);
    expect(localStorage.getItem('username')).toBe('13800000000');
    const cancel = f.to('/api/cancelChangeLog');
    expect(cancel).toHaveLength(1);
    expect(cancel[0].method).toBe('POST');
    expect(cancel[0].form?.get('guid')).toBe(GUID);
    expect(navigate).toHaveBeenCalledWith('/homePage?fromUrl=mainJS&ac=123');
  });

  it('on status 202 does nothing', async () => {
    seedCaches();
    const f = server(202);
    await expect(checkChangeInfo(navigate)).resolves.toBe(false);
    expect(localStorage.getItem('vipinfo')).toBe('{"x":1}');
    expect(document.cookie).toContain('SELECTEDAPPNEW');
    expect(f.to('/api/cancelChangeLog')).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not call the server without a session', async () => {
    const f = server(200);
    await expect(checkChangeInfo(navigate)).resolves.toBe(false);
    expect(f.requests()).toHaveLength(0);
  });

  it('polls every 30 seconds while a session exists', async () => {
    vi.useFakeTimers();
    const f = server(202);
    const stop = startChangeInfoPoll({ navigate });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(f.requests()).toHaveLength(0);
    localStorage.setItem('guid', GUID);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(f.requests()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.to('/api/getChangeInfo')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(f.to('/api/getChangeInfo')).toHaveLength(2);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(f.to('/api/getChangeInfo')).toHaveLength(2);
  });
});
