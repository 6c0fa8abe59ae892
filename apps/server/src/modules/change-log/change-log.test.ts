import { cancelChangeLog, getChangeInfo } from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChangeLogService } from './service.ts';
import { createChangeLogStore } from './store.ts';
import { createTestApp, NOT_LOGGED_IN, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('getChangeInfo and cancelChangeLog', () => {
  it('answers 202 "无变更" with no changes, 200 with the unseen changes, and 202 again once they are marked seen', async () => {
    const { guid, userID } = await t.register('13833330001');
    expect(await t.call(getChangeInfo, { guid })).toEqual({ status: 202, msg: '无变更', data: { changes: [] } });

    const changes = createChangeLogService(createChangeLogStore(t.db), () => t.clock.now);
    await changes.record(userID, 'purchase', 'AppID=1 vn=2');
    const body = await t.call(getChangeInfo, { guid });
    expect(body.status).toBe(200);
    expect(body.data.changes).toEqual([{ id: expect.any(Number), kind: 'purchase', detail: 'AppID=1 vn=2', createdAt: new Date(t.clock.now).toISOString() }]);

    expect(await t.call(cancelChangeLog, { guid })).toEqual({ status: 200, msg: '', data: { cleared: 1 } });
    expect((await t.call(getChangeInfo, { guid })).status).toBe(202);
    expect(await t.call(cancelChangeLog, { guid })).toEqual({ status: 200, msg: '', data: { cleared: 0 } });
  });

  it('reports only the caller’s own changes', async () => {
    const a = await t.register('13833330002');
    const b = await t.register('13833330003');
    await createChangeLogService(createChangeLogStore(t.db), () => t.clock.now).record(a.userID, 'refund');
    expect((await t.call(getChangeInfo, { guid: a.guid })).status).toBe(200);
    expect((await t.call(getChangeInfo, { guid: b.guid })).status).toBe(202);
  });

  it('every logged-in device notices a change once, whichever polls first; a later login starts with nothing to notice', async () => {
    const phone = '13833330004';
    const a = await t.register(phone);
    const b = { guid: await t.login(phone, 'Passw0rd!') };
    const changes = createChangeLogService(createChangeLogStore(t.db), () => t.clock.now);
    await changes.record(a.userID, 'purchase', 'AppID=1001 vn=2');

    expect((await t.call(getChangeInfo, { guid: a.guid })).status).toBe(200);
    expect((await t.call(cancelChangeLog, { guid: a.guid })).data).toEqual({ cleared: 1 });
    expect((await t.call(getChangeInfo, { guid: a.guid })).status).toBe(202);
    // Device B has not handled it yet.
    expect((await t.call(getChangeInfo, { guid: b.guid })).data.changes).toHaveLength(1);
    expect((await t.call(cancelChangeLog, { guid: b.guid })).data).toEqual({ cleared: 1 });
    expect((await t.call(getChangeInfo, { guid: b.guid })).status).toBe(202);

    const c = { guid: await t.login(phone, 'Passw0rd!') };
    expect((await t.call(getChangeInfo, { guid: c.guid })).status).toBe(202);
    await changes.record(a.userID, 'purchase', 'AppID=1001 vn=3');
    for (const guid of [a.guid, b.guid, c.guid]) expect((await t.call(getChangeInfo, { guid })).data.changes).toHaveLength(1);
  });

  it('needs a session', async () => {
    expect(await t.call(getChangeInfo, {})).toEqual(NOT_LOGGED_IN);
    expect((await t.call(cancelChangeLog, { guid: '0'.repeat(64) })).status).toBe(401);
  });
});
