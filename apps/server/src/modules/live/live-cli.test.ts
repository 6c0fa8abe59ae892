import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSecret, parseChinaTime, runLive } from '../../cli/live.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { createIngestStore } from './ingest-store.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { LIVE_RTMP_URL: 'rtmp://live.example.cn:1935/live', PUBLIC_BASE_URL: 'https://exam.example.cn' } });
});
afterAll(() => t?.close());

const live = async (...argv: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runLive(
    t.db,
    t.config,
    argv,
    (l) => out.push(l),
    (l) => err.push(l),
    () => t.clock.now,
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
};

describe('npm run live (operators)', () => {
  it('schedules a session with a fresh stream key and host link, and lists it', async () => {
    const r = await live('schedule', '--app', '1001', '--title', '内科护理直播', '--start', '2026-03-05 19:30', '--minutes', '90', '--free');
    expect(r.code).toBe(0);
    const id = Number(/^session (\d+) scheduled: 内科护理直播, 2026-03-05 19:30–21:00/.exec(r.out)?.[1]);
    const s = (await createIngestStore(t.db).byId(id))!;
    expect(s.startsAt.toISOString()).toBe('2026-03-05T11:30:00.000Z');
    expect([s.provider, s.state, s.free]).toEqual(['self', 'scheduled', true]);
    expect(s.streamKey).toMatch(/^[A-Za-z0-9]{28}$/);
    expect(r.out).toContain(`stream key:  ${s.streamKey}`);
    expect(r.out).toContain(`rtmp://live.example.cn:1935/live/${s.streamKey}`);
    expect(r.out).toContain(`https://exam.example.cn/liveroom?liveID=${id}&host=${s.hostKey}`);
    // The course is made once and reused.
    const again = await live('schedule', '--app', '1001', '--title', '第二讲', '--start', '2026-03-06 19:30');
    const second = (await createIngestStore(t.db).byId(Number(/^session (\d+)/.exec(again.out)![1])))!;
    expect(second.courseId).toBe(s.courseId);
    expect(second.streamKey).not.toBe(s.streamKey);

    const list = await live('list', '--app', '1001');
    expect(list.code).toBe(0);
    expect(list.out).toContain(`#${id}  2026-03-05 19:30–21:00  1001  内科护理直播  scheduled  replay none`);
    expect((await live('key', String(id))).out).toContain(s.streamKey);
  });

  it('ends a session so its encoder cannot re-open it', async () => {
    const r = await live('schedule', '--app', '1001', '--title', '取消的直播', '--start', '2026-03-02 10:30');
    const id = /^session (\d+)/.exec(r.out)![1]!;
    expect((await live('end', id)).out).toBe(`session ${id} ended: 取消的直播`);
    expect((await createIngestStore(t.db).byId(Number(id)))?.state).toBe('ended');
    expect((await live('end', '99999999')).code).toBe(1);
  });

  it('schedules a third party’s (CC直播) session on an allowed host, with no stream key to print', async () => {
    const url = 'https://view.csslcloud.net/api/view/index?roomid=R1&userid=U1';
    const r = await live('schedule', '--app', '1001', '--title', '合作直播', '--start', '2026-03-07 20:00', '--cc', url);
    expect(r.code).toBe(0);
    const id = Number(/^session (\d+)/.exec(r.out)![1]);
    expect(r.out).toContain(`third-party player: ${url}`);
    expect(r.out).not.toContain('stream key');
    expect(await createIngestStore(t.db).byId(id)).toMatchObject({ provider: 'cc', providerUrl: url });
    expect((await live('key', String(id))).code).toBe(1);
    for (const bad of ['http://view.csslcloud.net/x', 'https://evil.example.com/x', 'not a url'])
      expect((await live('schedule', '--app', '1001', '--title', 'x', '--start', '2026-03-07 20:00', '--cc', bad)).code).toBe(2);
  });

  it('refuses bad arguments with the usage', async () => {
    for (const argv of [
      ['schedule', '--app', '1001', '--title', 'x'],
      ['schedule', '--app', '1001', '--title', 'x', '--start', '2026-02-30 10:00'],
      ['schedule', '--app', 'abc', '--title', 'x', '--start', '2026-03-02 10:00'],
      ['list', '--bogus'],
      ['key'],
      ['frobnicate'],
    ]) {
      const r = await live(...argv);
      expect([argv, r.code]).toEqual([argv, 2]);
      expect(r.err).toContain('usage: npm run live');
    }
    expect((await live('schedule', '--app', '424242', '--title', 'x', '--start', '2026-03-02 10:00')).err).toBe('no subject 424242');
  });

  it('reads China time and makes secrets of letters and digits', () => {
    expect(parseChinaTime('2026-03-01 00:15')?.toISOString()).toBe('2026-02-28T16:15:00.000Z');
    expect(parseChinaTime('2026-13-01 00:15')).toBeNull();
    expect(new Set(Array.from({ length: 50 }, () => newSecret(28))).size).toBe(50);
  });
});
