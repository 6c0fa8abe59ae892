import { creategroupbuy, getgradeinfo, joingroupbuy, purchasedUserList, recommend, simpleSaleList } from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextPhone, type TestApp } from '../../test/helpers.ts';
import { confirmPay, order, requestId, waitForStatus } from './shop-setup.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const vns = (body: { data: { list: { vn: string }[] } }) => body.data.list.map((i) => i.vn);
async function bought(guid: string, vn: string) {
  const o = (await order(t, guid, vn)).data;
  await confirmPay(t, o.payUrl);
  await waitForStatus(t, guid, o.orderID, 'fulfilled');
}

describe('sale lists', () => {
  it('filter by sale-list group, and suggest what the learner does not hold (recommended first)', async () => {
    const guid = await t.newLearner();
    expect(vns(await t.call(simpleSaleList, { guid, appID: 1001, group: 1 }))).toEqual(['2']);
    expect(vns(await t.call(simpleSaleList, { guid, appID: 1001, group: 5 }))).toEqual(['4_MNDB']);
    expect(vns(await t.call(simpleSaleList, { guid, appID: 1001 }))).toEqual(['1', '2', '3', '4_MNDB']);
    expect(vns(await t.call(recommend, { guid, appID: 1001 }))).toEqual(['2', '3']);
    await bought(guid, '2');
    expect(vns(await t.call(recommend, { guid, appID: 1001 }))).toEqual(['3']);
  });

  it('list recent buyers of the subject at this agent, masked, 6 a page', async () => {
    const phones: string[] = [];
    for (let i = 0; i < 7; i++) {
      const phone = nextPhone();
      phones.push(phone);
      const { guid } = await t.register(phone);
      await bought(guid, '1');
      t.clock.advance(1000);
    }
    const guid = await t.newLearner();
    const first = (await t.call(purchasedUserList, { guid, appID: 1001 })).data;
    expect(first.list).toHaveLength(6);
    expect(first.hasMore).toBe(true);
    const last = phones.at(-1)!;
    expect(first.list[0]).toEqual({ user: `${last.slice(0, 3)}****${last.slice(-4)}`, vname: '基础班', at: expect.any(String) });
    expect(JSON.stringify(first)).not.toContain(last);
    // Another agent's learners see that agent's buyers (none here).
    const hushi = (await t.register(nextPhone(), undefined, '6001')).guid;
    expect((await t.call(purchasedUserList, { guid: hushi, appID: 1001 })).data.list).toEqual([]);
  });

  it('announce a group-buy order only once its group formed (delivered), not when it was paid', async () => {
    const mask = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;
    const [leader, member] = [nextPhone(), nextPhone()];
    const a = (await t.register(leader)).guid;
    const b = (await t.register(member)).guid;
    const viewer = await t.newLearner();
    const ticker = async () => (await t.call(purchasedUserList, { guid: viewer, appID: 1001 })).data.list as { user: string; vname: string; at: string }[];
    // 至尊班 in a group of 2: the leader pays and waits for a second member.
    const lead = (await t.call(creategroupbuy, { guid: a, appID: 1001, vn: '3', payType: 'sandbox', requestId: requestId() })).data;
    t.clock.advance(60_000);
    await confirmPay(t, lead.payUrl);
    await waitForStatus(t, a, lead.orderID, 'paid');
    expect((await ticker()).map((e) => e.user)).not.toContain(mask(leader));
    // The second member's payment forms the group: both are delivered and announced, at the time it formed.
    t.clock.advance(60_000);
    const joined = (await t.call(joingroupbuy, { guid: b, groupID: lead.groupID, payType: 'sandbox', requestId: requestId() })).data;
    await confirmPay(t, joined.payUrl);
    await waitForStatus(t, b, joined.orderID, 'fulfilled');
    const formed = (await ticker()).slice(0, 2);
    expect(formed.map((e) => e.user).sort()).toEqual([mask(leader), mask(member)].sort());
    for (const e of formed) expect(e).toMatchObject({ vname: '至尊班', at: new Date(t.clock.now).toISOString() });
  });

  it("give the learner's grade: the ladder, the current version and the next one with its upgrade price", async () => {
    const guid = await t.newLearner();
    const none = (await t.call(getgradeinfo, { guid, appID: 1001 })).data;
    expect(none.current).toBeNull();
    expect(none.next).toMatchObject({ vn: '1', price: 19800, upgradePrice: null });
    await bought(guid, '1');
    const basic = (await t.call(getgradeinfo, { guid, appID: 1001 })).data;
    expect(basic.levels.map((l: { vn: string; held: boolean }) => [l.vn, l.held])).toEqual([
      ['1', true],
      ['2', false],
      ['3', false],
    ]);
    expect(basic.current).toMatchObject({ vn: '1', vname: '基础班' });
    expect(basic.next).toMatchObject({ vn: '2', vname: 'VIP班', price: 39800, upgradePrice: 20000 });
  });
});
