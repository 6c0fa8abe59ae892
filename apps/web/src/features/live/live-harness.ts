import type { LiveCard, LiveHostMessage, LiveItem, LiveServerFrame } from '@kaoshi/contract';
import type { ReplyData } from '../../test/fake-api';

/** Test doubles of the live room (tests only): a fake WebSocket the tests drive, and builders of messages and cards. */

export class FakeSocket {
  static all: FakeSocket[] = [];
  static last(): FakeSocket {
    const s = FakeSocket.all[FakeSocket.all.length - 1];
    if (!s) throw new Error('no socket opened');
    return s;
  }
  static reset() {
    FakeSocket.all = [];
  }

  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  send(text: string) {
    this.sent.push(JSON.parse(text));
  }

  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }

  /** The server accepted the connection. */
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  /** The server sent a frame. */
  receive(f: LiveServerFrame | Record<string, unknown>) {
    this.onmessage?.({ data: JSON.stringify(f) } as MessageEvent);
  }

  /** The connection dropped (or the server closed it with a code). */
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }

  /** Frames of one kind the client sent. */
  frames(t: string) {
    return this.sent.filter((f) => (f as { t: string }).t === t) as Record<string, unknown>[];
  }
}

export const msg = (id: number, over: Partial<LiveHostMessage> = {}): LiveHostMessage => ({
  id,
  name: `学员${id}`,
  text: `第${id}条`,
  second: id,
  host: false,
  mine: false,
  userId: 100 + id,
  ...over,
});

export const welcome = (over: Record<string, unknown> = {}): LiveServerFrame =>
  ({
    t: 'welcome',
    name: '小明',
    host: false,
    mutedUntil: null,
    online: 12,
    likes: 3,
    pinned: '',
    status: 1,
    missed: [],
    gap: false,
    cards: [],
    ...over,
  }) as LiveServerFrame;

export const frame = (over: Record<string, unknown> = {}): LiveServerFrame => ({ t: 'frame', messages: [], deleted: [], ...over }) as LiveServerFrame;

export const card = (id: number, over: Partial<LiveCard> = {}): LiveCard => ({
  id,
  stem: `题目${id}：成人正常体温是？`,
  options: [
    { key: 'A', text: '35℃' },
    { key: 'B', text: '36.5℃' },
    { key: 'C', text: '38℃' },
  ],
  state: 'open',
  second: 60,
  answer: null,
  explanation: '',
  results: null,
  ...over,
});

export const item = (over: Partial<LiveItem> = {}): LiveItem => ({
  id: 5,
  appID: 1001,
  courseId: 2,
  courseTitle: '护理直播课',
  title: '生命体征串讲',
  chapterName: '第一章',
  teacher: { id: 3, name: '王老师', title: '主管护师' },
  startsAt: '2026-11-20T11:00:00.000Z',
  endsAt: '2026-11-20T12:00:00.000Z',
  status: 1,
  statusText: '直播中',
  free: false,
  provider: 'self',
  reservations: 3,
  reserved: false,
  collected: false,
  ...over,
});

export const roomReply = (over: Partial<ReplyData<'live.room'>> = {}): ReplyData<'live.room'> => ({
  item: item(),
  play: { url: '/media/l/5/tok1/index.m3u8', expiresAt: '2099-01-01T00:00:00.000Z' },
  external: null,
  socket: '/api/live/ws?liveID=5',
  host: false,
  pinned: '',
  online: 10,
  likes: 2,
  cards: [],
  myAnswers: {},
  ...over,
});
