import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { CallDef } from '@kaoshi/contract';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());

let status: typeof import('./status');
let callMock: Mock;
let ApiError: typeof import('../../api/errors').ApiError;

async function load() {
  vi.resetModules();
  status = await import('./status');
  callMock = vi.mocked((await import('../../api/client')).call) as unknown as Mock;
  ApiError = (await import('../../api/errors')).ApiError;
  callMock.mockReset();
}
const offline = () => {
  throw new ApiError(0, '网络异常', null, 'network');
};
const online = async (def: CallDef) => {
  if (def.id === 'exam.addSimulationReplys') return { refused: [], serverTime: '', remainingS: 100 };
  if (def.id === 'reading.mark') return { mark: {} };
  return { inBook: false };
};

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  localStorage.setItem('guid', `${'g'.repeat(31)}7`);
  localStorage.setItem('userID', '7');
  await load();
});

/** One pending item in each channel, written while offline. */
async function queueOneOfEach() {
  callMock.mockImplementation(offline);
  const practice = await import('./practice');
  const exam = await import('./exam');
  const reading = await import('./reading');
  const video = await import('./video');
  await practice.queueReply({ appID: 1001, cptID: 1, allTestID: 11, childTableID: 1, childTableName: 'A1', lastUserReply: 'A', spendTime: 3 } as never);
  await exam.queueExamReply(55, { allTestID: 21, lastUserReply: 'B', flagged: false });
  await exam.queueExamReply(56, { allTestID: 22, lastUserReply: 'C', flagged: true });
  await reading.queuePosition(1001, 3, 'p1', 40);
  await video.queueProgress(12, 30, [[0, 30]]);
  // Let the background sends fail and settle.
  await practice.flushOutbox();
  await reading.flushReading();
  await video.flushProgress();
}

describe('the outbox status of /abnormal_repair', () => {
  it('counts what waits in every channel, only the signed-in learner’s', async () => {
    await queueOneOfEach();
    expect(await status.outboxStatus()).toEqual({ practice: 1, exam: 2, reading: 1, video: 1, total: 5 });
    localStorage.setItem('userID', '8');
    expect((await status.outboxStatus()).total).toBe(0);
  });

  it('sync sends every channel (each exam with entries) and answers nothing left', async () => {
    await queueOneOfEach();
    callMock.mockImplementation(online);
    expect(await status.syncOutbox()).toEqual({ practice: 0, exam: 0, reading: 0, video: 0, total: 0 });
    const ids = callMock.mock.calls.map(([def]) => (def as CallDef).id);
    expect(ids).toEqual(expect.arrayContaining(['practice.submitReply', 'exam.addSimulationReplys', 'reading.position', 'video.progress']));
    const examIDs = callMock.mock.calls.filter(([def]) => (def as CallDef).id === 'exam.addSimulationReplys').map(([, p]) => (p as { examHistoryID: number }).examHistoryID);
    expect(new Set(examIDs)).toEqual(new Set([55, 56]));
  });

  it('offline, a sync keeps everything and says how much is left', async () => {
    await queueOneOfEach();
    callMock.mockImplementation(offline);
    expect((await status.syncOutbox()).total).toBe(5);
  });
});
