import { pricedetails, pricelist, SHOP_MSG, vipChange, vipinfo } from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextPhone, type TestApp } from '../../test/helpers.ts';
import { DAY_MS } from './quote.ts';
import { confirmPay, order, requestId, waitForStatus } from './shop-setup.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A new learner who bought 基础班 of 1001 through the sandbox. */
async function basicHolder() {
  const phone = nextPhone();
  const { guid } = await t.register(phone);
  const o = (await order(t, guid, '1')).data;
  await confirmPay(t, o.payUrl);
  await waitForStatus(t, guid, o.orderID, 'fulfilled');
  const held = (await t.call(pricelist, { guid, appID: 1001 })).data.items.find((i: { vn: string }) => i.vn === '1');
  return { guid, phone, endsAt: Date.parse(held.heldUntil) };
}
const upgrade = (guid: string, vn: string, toVn: string) => t.call(vipChange, { guid, appID: 1001, vn, toVn, payType: 'sandbox', requestId: requestId() });

describe('upgrades (vipChange)', () => {
  it('基础班 → 至尊班 pays the daily difference for the days left, and 至尊班 then runs to the same end', async () => {
    const { guid, endsAt } = await basicHolder();
    const quote = (await t.call(pricedetails, { guid, appID: 1001, vn: '3', fromVn: '1' })).data;
    expect(quote).toMatchObject({ kind: 'upgrade', fromVname: '基础班', vname: '至尊班', base: 50000, amount: 50000, endsAt: new Date(endsAt).toISOString() });
    const o = (await upgrade(guid, '1', '3')).data;
    expect(o).toMatchObject({ kind: 'upgrade', fromVn: '1', vn: '3', amount: 50000 });
    await confirmPay(t, o.payUrl);
    await waitForStatus(t, guid, o.orderID, 'fulfilled');
    const v = (await t.call(vipinfo, { guid, appID: 1001 })).data.vipdata;
    expect(v).toMatchObject({ AppVn: '3', EndTime: new Date(endsAt).toISOString() });
  });

  it('half a year in, pays half; on the last day, one day of the difference', async () => {
    const { phone } = await basicHolder();
    t.clock.advance(182.5 * DAY_MS);
    let guid = await t.login(phone, 'Passw0rd!');
    expect((await t.call(pricedetails, { guid, appID: 1001, vn: '3', fromVn: '1' })).data.amount).toBe(Math.ceil((50000 / 365) * 183));
    t.clock.advance(182 * DAY_MS);
    guid = await t.login(phone, 'Passw0rd!');
    expect((await t.call(pricedetails, { guid, appID: 1001, vn: '3', fromVn: '1' })).data.amount).toBe(Math.ceil(50000 / 365));
  });

  it('refuses an expired or unheld version, the same version and a downgrade', async () => {
    const { guid, phone } = await basicHolder();
    expect((await upgrade(guid, '1', '1')).msg).toBe(SHOP_MSG.upgradeSame);
    expect((await upgrade(guid, '2', '3')).msg).toBe(SHOP_MSG.upgradeNotHeld);
    const vip = (await order(t, guid, '2')).data;
    await confirmPay(t, vip.payUrl);
    await waitForStatus(t, guid, vip.orderID, 'fulfilled');
    expect((await upgrade(guid, '2', '1')).msg).toBe(SHOP_MSG.upgradeDown);
    t.clock.advance(366 * DAY_MS);
    const later = await t.login(phone, 'Passw0rd!');
    expect((await upgrade(later, '1', '3')).msg).toBe(SHOP_MSG.upgradeNotHeld);
    expect((await t.callRaw(vipChange, { guid: later, appID: 1001, vn: '1', toVn: '3', payType: 'sandbox' })).msg).toBe('请填写请求编号');
  });
});
