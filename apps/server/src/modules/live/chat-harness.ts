import type { AddressInfo } from 'node:net';
import type { LiveHostMessage, LiveServerFrame } from '@kaoshi/contract';
import { WebSocket } from 'ws';
import { liveCourses, liveSessions } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/helpers.ts';

/** Live-room tests (chat.test.ts, cards.test.ts, relay.test.ts): sessions, listening apps and socket peers. */

/** A subject whose module 'live' is paid (the seed's): learners need version 3, or a free session. */
export const APP = 1002;
export const TOP = { vn: '3', vnOrder: 3 };

let made = 0;
/** A live session of APP, started a minute ago (its stream time runs from there). */
export async function makeSession(t: TestApp, over: Partial<typeof liveSessions.$inferInsert> = {}) {
  const key = `chat-${process.pid}-${Date.now()}-${++made}`;
  const [course] = await t.db.insert(liveCourses).values({ key, appId: APP, title: '直播课' }).returning();
  const now = t.clock.now;
  const [s] = await t.db
    .insert(liveSessions)
    .values({
      key,
      courseId: course!.id,
      appId: APP,
      title: '第一讲',
      startsAt: new Date(now - 60_000),
      endsAt: new Date(now + 3600_000),
      streamKey: `stream-${key}`,
      hostKey: `host-${key}-secret`,
      state: 'live',
      liveStartedAt: new Date(now - 60_000),
      createdAt: new Date(now),
      ...over,
    })
    .returning();
  t.forgetCaches();
  return s!;
}

/** Starts the app listening on a free port; the sockets' base address. */
export async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

type Frame = LiveServerFrame & Record<string, any>;

/** A WebSocket client that keeps every frame it got; `wait` finds the first one not yet taken that matches. */
export class Peer {
  readonly frames: Frame[] = [];
  readonly closed: Promise<number>;
  private readonly taken = new Set<Frame>();
  private readonly wakers = new Set<() => void>();

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as Frame);
      for (const wake of this.wakers) wake();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
  }

  static async open(base: string, query: Record<string, string | number>): Promise<Peer> {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    const peer = new Peer(new WebSocket(`${base}/api/live/ws?${qs}`));
    await new Promise((resolve, reject) => {
      peer.ws.once('open', resolve);
      peer.ws.once('error', reject);
    });
    return peer;
  }

  /** Opens and says hello: the peer and its welcome. */
  static async join(base: string, query: Record<string, string | number>, since = 0): Promise<Peer & { welcome: Frame }> {
    const peer = await Peer.open(base, query);
    const welcome = await peer.hello(since);
    return Object.assign(peer, { welcome });
  }

  send(frame: Record<string, unknown>): void {
    this.ws.send(JSON.stringify(frame));
  }

  /**
   * A frame matching, among every frame received so far (taken or not) or still to come, leaving it for the others:
   * for a state such as the online count, which may ride on a frame another wait already took.
   */
  sighted(match: (f: Frame) => boolean, ms = 5000): Promise<Frame> {
    return this.wait(match, ms, false);
  }

  hello(since = 0): Promise<Frame> {
    this.send({ t: 'hello', since });
    return this.wait((f) => f.t === 'welcome');
  }

  wait(match: (f: Frame) => boolean, ms = 5000, take = true): Promise<Frame> {
    return new Promise((resolve, reject) => {
      const look = () => {
        const found = this.frames.find((f) => (!take || !this.taken.has(f)) && match(f));
        if (!found) return false;
        if (take) this.taken.add(found);
        this.wakers.delete(wake);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const wake = () => void look();
      const timer = setTimeout(() => {
        this.wakers.delete(wake);
        reject(new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(this.frames.slice(-5))}`));
      }, ms);
      if (!look()) this.wakers.add(wake);
    });
  }

  /** The next error frame's text. */
  async error(): Promise<string> {
    return (await this.wait((f) => f.t === 'error')).msg;
  }

  /** The message with this text, once a frame brought it. */
  async message(text: string): Promise<LiveHostMessage> {
    const f = await this.wait((f) => f.t === 'frame' && f.messages.some((m: LiveHostMessage) => m.text === text));
    return f.messages.find((m: LiveHostMessage) => m.text === text);
  }

  /** Every frame field `key` seen, in order. */
  seen<K extends string>(key: K): unknown[] {
    return this.frames.filter((f) => f.t === 'frame' && key in f).map((f) => f[key]);
  }

  close(): Promise<number> {
    this.ws.close();
    return this.closed;
  }
}
