import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { CallDef } from '@kaoshi/contract';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../tracking', () => ({ reportError: vi.fn() }));

let callMock: Mock;
let ApiError: typeof import('../../api/errors').ApiError;
let stop: (() => void) | null = null;

/** A fresh page load over the same IndexedDB (module state gone, stored entries kept). */
async function load() {
  vi.resetModules();
  callMock = vi.mocked((await import('../../api/client')).call) as unknown as Mock;
  ApiError = (await import('../../api/errors')).ApiError;
  callMock.mockReset();
}
const offline = async () => {
  throw new ApiError(0, '网络异常', null, 'network');
};
/** The server: answers each channel's save. */
const online = async (def: CallDef, p: Record<string, unknown>) => {
  if (def.id === 'reading.mark') {
    const { appID: _a, id: _i, at: _t, ...mark } = p;
    return { mark: { ...mark, createdAt: '2026-11-25T00:00:00.000Z' } };
  }
  if (def.id === 'video.progress') return { position: p.position, watchedS: 10, percent: 10, completed: false, updatedAt: '2026-11-25T00:00:00.000Z' };
  if (def.id === 'practice.submitReply') return { replyID: p.replyID, right: true, score: 1, answer: 'A', stored: true };
  if (def.id === 'exam.addSimulationReplys') return { refused: [], serverNow: '2026-11-25T00:00:00.000Z', deadline: null };
  throw new Error(`unexpected call ${def.id}`);
};
const ids = () => callMock.mock.calls.map(([def]) => (def as CallDef).id);
const mark = { clientId: 'mark-a', anchor: 'vital', quote: '脉搏60～100次/分', prefix: '', suffix: '', note: '背下来', color: 'yellow' as const };

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  localStorage.setItem('guid', `${'g'.repeat(31)}7`);
  localStorage.setItem('userID', '7');
  await load();
});
afterEach(() => {
  stop?.();
  stop = null;
});

describe('every outbox channel from app start', () => {
  it('a reading mark and a video save queued offline are sent once the network returns, without their screens ever opening', async () => {
    // The reader and the player queued them offline on an earlier page load.
    callMock.mockImplementation(offline);
    await (await import('./reading')).queueMark(1001, 3, mark, 1000);
    await (await import('./video')).queueProgress(12, 25, [[0, 25]], 2000);
    await (await import('./practice')).queueReply({ appID: 3001, cptID: 11, allTestID: 101, lastUserReply: 'A', spendTime: 5 });
    await (await import('./exam')).queueExamReply(41, { allTestID: 1, lastUserReply: 'B', flagged: false });

    // A new page load on another screen (the home page), still offline: the app starts the scheduler.
    await load();
    callMock.mockImplementation(offline);
    stop = (await import('./start')).startOutboxes();
    await vi.waitFor(() => expect(new Set(ids())).toEqual(new Set(['reading.mark', 'video.progress', 'practice.submitReply', 'exam.addSimulationReplys'])));
    const status = await import('./status');
    await vi.waitFor(async () => expect((await status.outboxStatus()).total).toBe(4)); // tried, and kept

    // The network returns: every channel sends what it kept, nothing is left.
    callMock.mockReset();
    callMock.mockImplementation(online);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect(await status.outboxStatus()).toEqual({ practice: 0, exam: 0, reading: 0, video: 0, total: 0 }));
    const sent = callMock.mock.calls.map(([def, p]) => [(def as CallDef).id, p as Record<string, unknown>] as const);
    expect(sent).toEqual(
      expect.arrayContaining([
        ['reading.mark', { appID: 1001, id: 3, ...mark, at: 1000 }],
        ['video.progress', { lessonID: 12, position: 25, ranges: '0-25', at: 2000 }],
        ['practice.submitReply', expect.objectContaining({ appID: 3001, allTestID: 101, lastUserReply: 'A' })],
        ['exam.addSimulationReplys', expect.objectContaining({ examHistoryID: 41 })],
      ]),
    );
    expect(sent).toHaveLength(4); // each once
  });
});
