import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { CallDef } from '@kaoshi/contract';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());

type Channel = typeof import('./reading');
let r: Channel;
let callMock: Mock;
let ApiError: typeof import('../../api/errors').ApiError;

/** A fresh page load over the same IndexedDB (module state gone, stored entries kept). */
async function load() {
  vi.resetModules();
  r = await import('./reading');
  callMock = vi.mocked((await import('../../api/client')).call) as unknown as Mock;
  ApiError = (await import('../../api/errors')).ApiError;
  callMock.mockReset();
}
/** The sends, in order, as [call id, parameters]. */
const sends = () => callMock.mock.calls.map(([def, params]) => [(def as CallDef).id, params as Record<string, unknown>] as const);
const offline = async () => {
  throw new ApiError(0, '网络异常', null, 'network');
};
/** The server: answers every save (a mark with its createdAt). */
const online = async (def: CallDef, p: Record<string, unknown>) => {
  if (def.id === 'reading.position') return { position: { anchor: p.anchor, percent: p.percent, updatedAt: '2026-11-25T00:00:00.000Z' } };
  if (def.id === 'reading.mark') {
    const { appID: _a, id: _i, at: _t, ...mark } = p;
    return { mark: { ...mark, createdAt: '2026-11-25T00:00:00.000Z' } };
  }
  return { removed: true };
};
const m = (clientId: string, over: Record<string, string> = {}) => ({
  clientId,
  anchor: 'vital',
  quote: '脉搏60～100次/分',
  prefix: '体温为36～37℃，',
  suffix: '。',
  note: '',
  color: 'yellow' as const,
  ...over,
});
/** Lets the flush each queue call starts settle. */
const idle = () => r.flushReading();

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  localStorage.setItem('guid', `${'g'.repeat(31)}7`);
  localStorage.setItem('userID', '7');
  await load();
});

describe('the reading outbox: positions and marks survive going offline', () => {
  it('keeps what was queued offline across a reload, then sends the newest position per item and the newest change per mark', async () => {
    callMock.mockImplementation(offline);
    await r.queuePosition(1001, 3, 'vital', 10, 1000);
    await r.queuePosition(1001, 3, 'drugs', 60, 3000);
    await r.queuePosition(1001, 3, 'vital', 30, 2000);
    await r.queuePosition(1001, 4, '', 5, 1500);
    await r.queueMark(1001, 3, m('mark-a'), 1100);
    await r.queueMark(1001, 3, m('mark-a', { note: '记住上下限' }), 1200);
    await r.queueMark(1001, 3, m('mark-b', { quote: '口服给药' }), 1300);
    await r.queueUnmark(1001, 'mark-b', 1400);
    await idle();
    expect(callMock).toHaveBeenCalled(); // tried, and kept
    expect(await r.pendingMarks(3)).toEqual({ saved: [m('mark-a', { note: '记住上下限' })], removed: new Set(['mark-b']) });

    await load(); // the page is closed and opened again, now online
    callMock.mockImplementation(online);
    const heard: [number, string, string][] = [];
    r.onMarkSaved((itemID, mark) => heard.push([itemID, mark.clientId, mark.note]));
    await r.flushReading();
    // One send per item or mark, in the order they were first queued.
    expect(sends()).toEqual([
      ['reading.position', { appID: 1001, id: 3, anchor: 'drugs', percent: 60, at: 3000 }],
      ['reading.position', { appID: 1001, id: 4, anchor: '', percent: 5, at: 1500 }],
      ['reading.mark', { appID: 1001, id: 3, ...m('mark-a', { note: '记住上下限' }), at: 1200 }],
      // A mark made and removed offline: only its removal goes.
      ['reading.markDelete', { appID: 1001, clientId: 'mark-b' }],
    ]);
    for (const [, , opts] of callMock.mock.calls) expect(opts).toEqual({ silent: true, allowedRepeat: true });
    expect(heard).toEqual([[3, 'mark-a', '记住上下限']]);
    expect(await r.pendingMarks(3)).toEqual({ saved: [], removed: new Set() });
    await r.flushReading();
    expect(sends()).toHaveLength(4);
  });

  it('a queued entry is sent at once when online', async () => {
    callMock.mockImplementation(online);
    await r.queueMark(1001, 3, m('mark-c'), 1000);
    await idle();
    expect(sends()).toEqual([['reading.mark', { appID: 1001, id: 3, ...m('mark-c'), at: 1000 }]]);
    expect(await r.pendingMarks(3)).toEqual({ saved: [], removed: new Set() });
  });

  it('stays after a network error or a refusal for now (401, 5xx); is dropped when refused for good (400)', async () => {
    callMock.mockImplementation(offline);
    await r.queuePosition(1001, 3, 'vital', 40, 1000);
    await idle();
    callMock.mockImplementation(async () => {
      throw new ApiError(401, '请先登录', null, 'reply');
    });
    await r.flushReading();
    callMock.mockImplementation(async () => {
      throw new ApiError(500, '服务器繁忙', null, 'reply');
    });
    await r.flushReading();
    await load();
    callMock.mockImplementation(online);
    await r.flushReading();
    expect(sends()).toEqual([['reading.position', { appID: 1001, id: 3, anchor: 'vital', percent: 40, at: 1000 }]]);

    callMock.mockImplementation(offline);
    await r.queueMark(1001, 3, m('mark-d'), 2000);
    await r.queueUnmark(1001, 'mark-e', 2100);
    await idle();
    callMock.mockImplementation(async () => {
      throw new ApiError(400, '标注内容不能为空', null, 'reply');
    });
    await r.flushReading();
    // Both refused for good: dropped, and the flush went on past the first.
    expect(
      sends()
        .slice(-2)
        .map(([id]) => id),
    ).toEqual(['reading.mark', 'reading.markDelete']);
    expect(await r.pendingMarks(3)).toEqual({ saved: [], removed: new Set() });
    callMock.mockReset();
    callMock.mockImplementation(online);
    await r.flushReading();
    expect(sends()).toEqual([]);
  });

  it('a network error stops the flush: later entries wait for the next one', async () => {
    let n = 0;
    callMock.mockImplementation(async (def: CallDef, p: Record<string, unknown>) => (n++ === 0 ? offline() : online(def, p)));
    await r.queuePosition(1001, 3, 'vital', 40, 1000);
    await idle();
    expect(sends()).toHaveLength(1);
    await r.queuePosition(1001, 4, 'drugs', 20, 1100);
    await idle();
    expect(sends().map(([, p]) => p.id)).toEqual([3, 3, 4]);
  });

  it("pendingMarks(id): this item's unsent marks (newest version) and every unsent removal, for the signed-in learner only", async () => {
    callMock.mockImplementation(offline);
    await r.queueMark(1001, 3, m('mark-1'), 1000);
    await r.queueMark(1001, 3, m('mark-1', { note: '改过的笔记' }), 3000);
    await r.queueMark(1001, 3, m('mark-2', { quote: '口服给药' }), 1100);
    await r.queueMark(1001, 4, m('mark-3'), 1200);
    await r.queueUnmark(1001, 'mark-2', 1300);
    await r.queueUnmark(1001, 'server-mark', 1400);
    await r.queuePosition(1001, 3, 'vital', 50, 1500);
    await idle();
    const mine = await r.pendingMarks(3);
    expect(mine.saved).toEqual([m('mark-1', { note: '改过的笔记' })]);
    expect(mine.removed).toEqual(new Set(['mark-2', 'server-mark']));
    expect((await r.pendingMarks(4)).saved).toEqual([m('mark-3')]);
    // A removal then the same mark saved again: saved, not removed.
    await r.queueMark(1001, 3, m('mark-2', { quote: '口服给药' }), 5000);
    await idle();
    const back = await r.pendingMarks(3);
    expect(back.saved.map((x) => x.clientId)).toEqual(['mark-1', 'mark-2']);
    expect(back.removed).toEqual(new Set(['server-mark']));

    localStorage.setItem('userID', '8');
    expect(await r.pendingMarks(3)).toEqual({ saved: [], removed: new Set() });
    callMock.mockReset();
    callMock.mockImplementation(online);
    await r.flushReading();
    expect(sends()).toEqual([]); // learner 8 sends nothing of learner 7
    localStorage.removeItem('userID');
    await r.queueMark(1001, 3, m('nobody'), 6000);
    expect(await r.pendingMarks(3)).toEqual({ saved: [], removed: new Set() });
  });

  it('sends what was queued while a flush was running as soon as that flush ends, not at the scheduler’s next tick', async () => {
    let release!: () => void;
    const held = new Promise<void>((ok) => (release = ok));
    callMock.mockImplementation(async (def: CallDef, p: Record<string, unknown>) => {
      if (p.id === 3) await held;
      return online(def, p);
    });
    await r.queuePosition(1001, 3, 'vital', 10, 1000);
    await r.queuePosition(1001, 4, 'drugs', 20, 2000);
    release();
    await vi.waitFor(() => expect(sends().map(([, p]) => p.id)).toEqual([3, 4]));
  });
});
