import { getgradeinfo, purchasedUserList, recommend, simpleSaleList } from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextPhone, type TestApp } from '../../test/helpers.ts';
import { confirmPay, order, waitForStatus } from './shop-setup.ts';

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
