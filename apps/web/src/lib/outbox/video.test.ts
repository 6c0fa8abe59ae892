import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { CallDef } from '@kaoshi/contract';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());

type Channel = typeof import('./video');
let v: Channel;
let callMock: Mock;
let ApiError: typeof import('../../api/errors').ApiError;

/** A fresh page load over the same IndexedDB (module state gone, stored saves kept). */
async function load() {
  vi.resetModules();
  v = await import('./video');
  callMock = vi.mocked((await import('../../api/client')).call) as unknown as Mock;
  ApiError = (await import('../../api/errors')).ApiError;
  callMock.mockReset();
}
const sends = () => callMock.mock.calls.filter(([def]) => (def as CallDef).id === 'video.progress').map(([, params]) => params as Record<string, unknown>);
const offline = () => {
  throw new ApiError(0, '网络异常', null, 'network');
};
const saved = { position: 30, watchedS: 25, percent: 30, completed: false, updatedAt: '2026-11-25T00:00:00.000Z' };

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  localStorage.setItem('guid', `${'g'.repeat(31)}7`);
  localStorage.setItem('userID', '7');
  await load();
});

describe('the video outbox: no progress lost offline', () => {
  it('keeps saves made offline across a reload, then sends them as one merged call per lesson', async () => {
    callMock.mockImplementation(offline);
    await v.queueProgress(12, 10, [[0, 10]], 1000);
    await v.queueProgress(12, 25, [[10, 25]], 2000);
    await v.queueProgress(13, 5, [[0, 5]], 1500);
    await v.flushProgress();
    expect(await v.pendingPosition(12)).toEqual({ position: 25, at: 2000 });

    await load(); // the page is closed and opened again, now online
    callMock.mockImplementation(async () => saved);
    const heard: number[] = [];
    v.onProgressSaved((lessonID) => heard.push(lessonID));
    await v.flushProgress();
    expect(sends()).toEqual([
      { lessonID: 12, position: 25, ranges: '0-25', at: 2000 },
      { lessonID: 13, position: 5, ranges: '0-5', at: 1500 },
    ]);
    expect(heard).toEqual([12, 13]);
    expect(await v.pendingPosition(12)).toBe(null);
    await v.flushProgress();
    expect(sends()).toHaveLength(2);
  });

  it('drops a save the server refuses for good, keeps one refused for now (401, busy), and keeps other learners’ saves', async () => {
    callMock.mockImplementation(async () => {
      throw new ApiError(400, '观看区间格式不正确', null, 'reply');
    });
    await v.queueProgress(12, 10, [[0, 10]], 1000);
    await v.flushProgress();
    expect(await v.pendingPosition(12)).toBe(null);

    callMock.mockImplementation(async () => {
      throw new ApiError(401, '请先登录', null, 'reply');
    });
    await v.queueProgress(12, 11, [[10, 11]], 1100);
    await v.flushProgress();
    expect(await v.pendingPosition(12)).toEqual({ position: 11, at: 1100 });

    localStorage.setItem('userID', '8');
    expect(await v.pendingPosition(12)).toBe(null);
    callMock.mockImplementation(async () => saved);
    await v.flushProgress();
    expect(sends().filter((p) => p.position === 11)).toHaveLength(1); // tried once as learner 7, never as learner 8
  });

  it('merges ranges: overlapping and touching stretches join', () => {
    expect(
      v.unionRanges([
        [5, 9],
        [0, 5],
        [20, 30],
        [25, 26],
      ]),
    ).toEqual([
      [0, 9],
      [20, 30],
    ]);
  });
});
