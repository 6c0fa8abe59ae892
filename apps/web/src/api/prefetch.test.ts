import { getAgentInfo, getUserInfo } from '@kaoshi/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../lib/navigation';
import { alertMsg, toast } from '../ui/dialogs';
import { installFetch, ok, reply } from '../test/fake-fetch';
import { call, inflightCount, prefetchCall, PREFETCH_KEEP_MS } from './client';

vi.mock('../ui/dialogs'); // ui/__mocks__/dialogs.ts

const GUID = 'p'.repeat(32);

beforeEach(() => {
  localStorage.setItem('guid', GUID);
  vi.mocked(alertMsg).mockClear();
  vi.mocked(toast).mockClear();
  setNavigator(vi.fn());
});

afterEach(() => {
  vi.useRealTimers();
  setNavigator(null);
});

describe('prefetchCall (the first screen asked for at start-up)', () => {
  it('the same call with the same params takes the prefetched reply: one request, already under way', async () => {
    let answered = 0;
    const f = installFetch(() => ok({ userID: ++answered }));
    prefetchCall(getUserInfo, { guid: GUID });
    expect(f.requests()).toHaveLength(1);
    await expect(call(getUserInfo, { guid: GUID })).resolves.toEqual({ userID: 1 });
    expect(f.requests()).toHaveLength(1);
    // Taken once: the next call asks the server again.
    await expect(call(getUserInfo, { guid: GUID })).resolves.toEqual({ userID: 2 });
    expect(f.requests()).toHaveLength(2);
    expect(inflightCount()).toBe(0);
  });

  it('another call, or other params, makes its own request', async () => {
    const f = installFetch((req) => ok({ AgentCode: req.query.get('agentCode') ?? 'default' }));
    prefetchCall(getAgentInfo, { agentCode: '888' });
    await call(getAgentInfo, { agentCode: '777' });
    expect(f.requests().map((r) => r.query.get('agentCode'))).toEqual(['888', '777']);
    await call(getAgentInfo, { agentCode: '888' });
    expect(f.requests()).toHaveLength(2);
  });

  it('a failed prefetch is silent; the call then asks again and reports its own failure as its options say', async () => {
    const f = installFetch(() => reply(500, null, '服务器繁忙'));
    prefetchCall(getUserInfo, { guid: GUID });
    await Promise.resolve();
    expect(alertMsg).not.toHaveBeenCalled();
    await expect(call(getUserInfo, { guid: GUID })).rejects.toMatchObject({ status: 500 });
    expect(f.requests()).toHaveLength(2);
    expect(alertMsg).toHaveBeenCalledTimes(1);
  });

  it('a prefetched reply older than PREFETCH_KEEP_MS is not used', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let answered = 0;
    const f = installFetch(() => ok({ userID: ++answered }));
    prefetchCall(getUserInfo, { guid: GUID });
    vi.setSystemTime(Date.now() + PREFETCH_KEEP_MS + 1);
    await expect(call(getUserInfo, { guid: GUID })).resolves.toEqual({ userID: 2 });
    expect(f.requests()).toHaveLength(2);
  });
});
