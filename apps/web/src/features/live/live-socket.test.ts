import { LIVE_CLOSE, LIVE_MSG } from '@kaoshi/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket, frame, msg, welcome } from './live-harness';
import { BACKOFF, KEEP_MESSAGES, LikeBatcher, LiveSocket, mergeMessages, parseServerFrame } from './live-socket';

const connect = (onError?: (m: string) => void) => new LiveSocket('ws://x/api/live/ws?liveID=5&guid=g', { WebSocketImpl: FakeSocket, onError, random: () => 0 });

beforeEach(() => {
  FakeSocket.reset();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('live socket client', () => {
  it('says hello with since 0, then holds what the welcome brings', () => {
    const s = connect();
    const ws = FakeSocket.last();
    ws.open();
    expect(ws.sent).toEqual([{ t: 'hello', since: 0 }]);
    expect(s.snapshot().conn).toBe('connecting');
    ws.receive(welcome({ missed: [msg(1), msg(2)], online: 40, likes: 9, pinned: '今晚讲体温', status: 1 }));
    const st = s.snapshot();
    expect(st).toMatchObject({ conn: 'open', online: 40, likes: 9, pinned: '今晚讲体温', status: 1 });
    expect(st.messages.map((m) => m.id)).toEqual([1, 2]);
  });

  it('merges frames: new messages in order, duplicates by id ignored, deleted ids removed; counts and cards updated', () => {
    const s = connect();
    const ws = FakeSocket.last();
    ws.open();
    ws.receive(welcome({ missed: [msg(1), msg(2)] }));
    ws.receive(frame({ messages: [msg(2), msg(4), msg(3)], online: 41 }));
    expect(s.snapshot().messages.map((m) => m.id)).toEqual([1, 2, 3, 4]);
    ws.receive(frame({ messages: [msg(3)], deleted: [2], likes: 20, status: 2 }));
    expect(s.snapshot().messages.map((m) => m.id)).toEqual([1, 3, 4]);
    expect(s.snapshot()).toMatchObject({ online: 41, likes: 20, status: 2 });
    ws.receive({ t: 'nonsense' });
    ws.receive(frame({ messages: [], deleted: [], cards: [{ id: 7, state: 'open' }] }));
    expect(s.snapshot().cards[7]).toMatchObject({ state: 'open' });
  });

  it('after a drop it reconnects with a growing delay and says hello with since = the last id it saw', () => {
    const s = connect();
    FakeSocket.last().open();
    FakeSocket.last().receive(welcome({ missed: [msg(5), msg(8)] }));
    FakeSocket.last().drop();
    expect(s.snapshot().conn).toBe('connecting');
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(BACKOFF.firstMs);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.last().open();
    expect(FakeSocket.last().sent).toEqual([{ t: 'hello', since: 8 }]);
    // A second drop before any welcome waits twice as long.
    FakeSocket.last().drop();
    vi.advanceTimersByTime(BACKOFF.firstMs);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(BACKOFF.firstMs);
    expect(FakeSocket.all).toHaveLength(3);
    FakeSocket.last().open();
    FakeSocket.last().receive(welcome({ missed: [msg(8), msg(9)] }));
    expect(s.snapshot().messages.map((m) => m.id)).toEqual([5, 8, 9]);
  });

  it('since stays the highest id seen even when that message was deleted', () => {
    connect();
    FakeSocket.last().open();
    FakeSocket.last().receive(welcome({ missed: [msg(5), msg(8)] }));
    FakeSocket.last().receive(frame({ deleted: [8] }));
    FakeSocket.last().drop();
    vi.advanceTimersByTime(BACKOFF.firstMs);
    FakeSocket.last().open();
    expect(FakeSocket.last().sent).toEqual([{ t: 'hello', since: 8 }]);
  });

  it('does not come back after a close that retrying cannot mend', () => {
    const s = connect();
    FakeSocket.last().drop(LIVE_CLOSE.forbidden);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(s.snapshot()).toMatchObject({ conn: 'closed', closeCode: LIVE_CLOSE.forbidden });
  });

  it('error frames reach onError; the muted one marks me muted until the next welcome', () => {
    const errors: string[] = [];
    const s = connect((m) => errors.push(m));
    FakeSocket.last().open();
    FakeSocket.last().receive(welcome());
    FakeSocket.last().receive({ t: 'error', msg: LIVE_MSG.tooFast });
    FakeSocket.last().receive({ t: 'error', msg: LIVE_MSG.muted });
    expect(errors).toEqual([LIVE_MSG.tooFast, LIVE_MSG.muted]);
    expect(s.snapshot().mutedNow).toBe(true);
  });

  it('sends only while connected, and close() stops reconnecting', () => {
    const s = connect();
    expect(s.send({ t: 'say', text: '早' })).toBe(false);
    FakeSocket.last().open();
    FakeSocket.last().receive(welcome());
    expect(s.send({ t: 'say', text: '早' })).toBe(true);
    s.close();
    FakeSocket.last().drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('keeps the newest messages only', () => {
    const many = Array.from({ length: KEEP_MESSAGES + 10 }, (_, i) => msg(i + 1));
    const kept = mergeMessages([], many);
    expect(kept).toHaveLength(KEEP_MESSAGES);
    expect(kept[0]!.id).toBe(11);
  });

  it('drops malformed frames', () => {
    expect(parseServerFrame('not json')).toBeNull();
    expect(parseServerFrame(JSON.stringify({ t: 'frame' }))).toBeNull();
    expect(parseServerFrame(JSON.stringify({ t: 'error', msg: '发言太频繁' }))).toEqual({ t: 'error', msg: '发言太频繁' });
  });
});

describe('like batching', () => {
  it('taps within 500 ms go out as one like {n}; later taps as the next one', () => {
    const sent: number[] = [];
    const b = new LikeBatcher((n) => (sent.push(n), true));
    for (let i = 0; i < 7; i++) b.tap();
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(499);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([7]);
    b.tap();
    b.tap();
    vi.advanceTimersByTime(500);
    expect(sent).toEqual([7, 2]);
    vi.advanceTimersByTime(5000);
    expect(sent).toEqual([7, 2]);
  });

  it('sends at most 50 per frame, the rest 500 ms later; taps while offline are dropped', () => {
    const sent: number[] = [];
    let online = true;
    const b = new LikeBatcher((n) => online && (sent.push(n), true));
    for (let i = 0; i < 60; i++) b.tap();
    vi.advanceTimersByTime(500);
    expect(sent).toEqual([50]);
    vi.advanceTimersByTime(500);
    expect(sent).toEqual([50, 10]);
    online = false;
    b.tap();
    vi.advanceTimersByTime(500);
    expect(b.waiting()).toBe(0);
  });

  it('the socket counts sent likes at once', () => {
    const s = connect();
    FakeSocket.last().open();
    FakeSocket.last().receive(welcome({ likes: 3 }));
    s.like(4);
    expect(FakeSocket.last().frames('like')).toEqual([{ t: 'like', n: 4 }]);
    expect(s.snapshot().likes).toBe(7);
  });
});
