import { getChangeInfo, useCode, vipinfo } from '@kaoshi/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashCode } from './codes.ts';
import { purchases } from '../../db/schema/index.ts';
import { createEntitlementStore } from './store.ts';
import { createTestApp, DEMO, freshIp, type TestApp } from '../../test/helpers.ts';

const DAY = 86_400_000;
let t: TestApp;
let store: ReturnType<typeof createEntitlementStore>;
beforeAll(async () => {
  t = await createTestApp();
  store = createEntitlementStore(t.db);
});
afterAll(() => t.close());

const addCode = (code: string, appId: number, vn: string, validityDays = 30) =>
  store.addCode({ codeHash: hashCode(code), appId, vn, validityDays, expiresAt: new Date(t.clock.now + 365 * DAY), createdAt: new Date(t.clock.now) });

describe('useCode', () => {
  it('grants the code’s version, writes a change row that getChangeInfo reports, and opens the version in vipinfo', async () => {
    const guid = await t.login(DEMO.learner, DEMO.password);
    const body = await t.call(useCode, { guid, code: 'hszy-vip2-2026', userName: DEMO.learner, appID: 1001, device: 'web_h5' });
    expect(body).toEqual({
      status: 200,
      msg: '',
      data: { AppID: 1001, AppVn: '2', AppVnName: 'VIP班', VnOrder: 2, EndTime: new Date(t.clock.now + 365 * DAY).toISOString() },
    });
    const changes = await t.call(getChangeInfo, { guid });
    expect(changes.status).toBe(200);
    expect(changes.data.changes).toEqual([expect.objectContaining({ kind: 'purchase', detail: 'AppID=1001 vn=2 source=code' })]);
    expect((await t.call(vipinfo, { guid, appID: 1001 })).data.vipdata).toMatchObject({ AppVn: '2', VnOrder: 2 });

    // Used now: the same code again, by anyone.
    const again = await t.call(useCode, { guid, code: 'HSZY-VIP2-2026', userName: DEMO.learner, appID: 1001 });
    expect(again).toEqual({ status: 400, msg: '激活码已被使用', data: null });
  });

  it('extends a purchase of the same version only when the new end is later', async () => {
    const { guid, userName } = await t.register('13866660001');
    await addCode('EXT-SHORT-1', 2001, '1', 30);
    await addCode('EXT-LONG-1', 2001, '1', 90);
    await addCode('EXT-SHORT-2', 2001, '1', 10);
    expect((await t.call(useCode, { guid, code: 'EXT-LONG-1', userName, appID: 2001 })).data.EndTime).toBe(new Date(t.clock.now + 90 * DAY).toISOString());
    expect((await t.call(useCode, { guid, code: 'EXT-SHORT-2', userName, appID: 2001 })).data.EndTime).toBe(new Date(t.clock.now + 90 * DAY).toISOString());
    t.clock.advance(70 * DAY);
    try {
      const later = await t.login(userName, 'Passw0rd!'); // the first session has idled out by now
      expect((await t.call(useCode, { guid: later, code: 'EXT-SHORT-1', userName, appID: 2001 })).data.EndTime).toBe(new Date(t.clock.now + 30 * DAY).toISOString());
    } finally {
      t.clock.advance(-70 * DAY);
    }
  });

  it('answers distinct messages: unknown, wrong subject, expired', async () => {
    const { guid, userName } = await t.register('13866660002');
    expect(await t.call(useCode, { guid, code: 'NO-SUCH-CODE', userName, appID: 1001 })).toEqual({ status: 400, msg: '激活码不存在', data: null });
    expect(await t.call(useCode, { guid, code: 'ZGHS-JCB1-2026', userName, appID: 1001 })).toEqual({
      status: 400,
      msg: '该激活码不适用于当前科目',
      data: null,
    });
    expect(await t.call(useCode, { guid, code: 'HSZY-OLD1-2025', userName, appID: 1001 })).toEqual({ status: 400, msg: '激活码已过期', data: null });
    // The wrong-subject attempt did not use the code up.
    expect((await t.call(useCode, { guid, code: 'ZGHS-JCB1-2026', userName, appID: 1002 })).data).toMatchObject({ AppID: 1002, AppVn: '1' });
  });

  it('redeems a code once when two redemptions race', async () => {
    await addCode('RACE-CODE-1', 3001, '2');
    const a = await t.register('13866660003');
    const b = await t.register('13866660004');
    const results = await Promise.all([
      t.call(useCode, { guid: a.guid, code: 'RACE-CODE-1', userName: a.userName, appID: 3001 }, { ip: freshIp() }),
      t.call(useCode, { guid: b.guid, code: 'RACE-CODE-1', userName: b.userName, appID: 3001 }, { ip: freshIp() }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.msg).toBe('激活码已被使用');
    expect(
      await t.db
        .select()
        .from(purchases)
        .where(and(eq(purchases.appId, 3001), eq(purchases.vn, '2'))),
    ).toHaveLength(1);
  });

  it('counts only codes that do not exist: nine learners losing a race from one IP can still redeem from it', async () => {
    await addCode('RACE-CODE-9', 3001, '1');
    const ip = freshIp();
    const racers = await Promise.all(Array.from({ length: 10 }, (_, i) => t.register(`138666603${String(i).padStart(2, '0')}`)));
    const results = await Promise.all(racers.map((r) => t.call(useCode, { guid: r.guid, code: 'RACE-CODE-9', userName: r.userName, appID: 3001 }, { ip })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.msg === '激活码已被使用')).toHaveLength(9);
    // The used code again, then an expired one, from the same IP: still not guesses.
    for (const r of racers.slice(0, 3)) await t.call(useCode, { guid: r.guid, code: 'RACE-CODE-9', userName: r.userName, appID: 3001 }, { ip });
    await t.call(useCode, { guid: racers[4]!.guid, code: 'HSZY-OLD1-2025', userName: racers[4]!.userName, appID: 1001 }, { ip });
    for (let i = 0; i < 3; i++) {
      await addCode(`NEXT-CODE-${i}`, 3001, '3');
      const r = racers[i + 5]!;
      expect((await t.call(useCode, { guid: r.guid, code: `NEXT-CODE-${i}`, userName: r.userName, appID: 3001 }, { ip })).status, `redemption ${i}`).toBe(200);
    }
  });

  it('limits wrong guesses per learner (10 an hour) and per IP', async () => {
    const { guid, userName } = await t.register('13866660005');
    for (let i = 0; i < 10; i++) expect((await t.call(useCode, { guid, code: `GUESS-${i}-XX`, userName, appID: 1001 }, { ip: freshIp() })).status).toBe(400);
    expect(await t.call(useCode, { guid, code: 'LCYS-MNDB-2026', userName, appID: 3001 }, { ip: freshIp() })).toEqual({
      status: 429,
      msg: '尝试次数过多，请稍后再试',
      data: null,
    });
    t.clock.advance(3600_000);
    try {
      expect((await t.call(useCode, { guid, code: 'LCYS-MNDB-2026', userName, appID: 3001 }, { ip: freshIp() })).status).toBe(200);
    } finally {
      t.clock.advance(-3600_000);
    }

    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const other = await t.register(`138666601${String(i).padStart(2, '0')}`);
      await t.call(useCode, { guid: other.guid, code: `IPGUESS-${i}`, userName: other.userName, appID: 1001 }, { ip });
    }
    const next = await t.register('13866660200');
    expect((await t.call(useCode, { guid: next.guid, code: 'YSXY-VIP2-2026', userName: next.userName, appID: 2001 }, { ip })).status).toBe(429);
  });

  it('redeems only for the signed-in learner', async () => {
    const guid = await t.login(DEMO.learner, DEMO.password);
    expect(await t.call(useCode, { guid, code: 'HSZY-ZZB3-2026', userName: DEMO.owner, appID: 1001 })).toEqual({
      status: 403,
      msg: '账号与当前登录用户不一致',
      data: null,
    });
  });

  it('needs a session and valid input', async () => {
    expect(await t.call(useCode, { code: 'HSZY-ZZB3-2026', userName: DEMO.learner, appID: 1001 })).toEqual({
      status: 401,
      msg: '您当前尚未登录，请登录后再使用',
      data: null,
    });
    const guid = await t.login(DEMO.learner, DEMO.password);
    expect(await t.call(useCode, { guid, userName: DEMO.learner, appID: 1001 })).toEqual({ status: 400, msg: '请填写激活码', data: null });
    expect(await t.call(useCode, { guid, code: 'X'.repeat(65), userName: DEMO.learner, appID: 1001 })).toEqual({
      status: 400,
      msg: '激活码不能超过64个字符',
      data: null,
    });
  });
});
