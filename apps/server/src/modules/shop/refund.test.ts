import { getChangeInfo, messageList, pricelist, queryUserOrder, vipChange, vipinfo } from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRefundArgs } from '../../cli/refund.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { createRefunder } from './index.ts';
import { DAY_MS } from './quote.ts';
import { confirmPay, order, requestId, waitForStatus } from './shop-setup.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const refund = async (orderNo: string) => {
  const outcome = await (await createRefunder(t.db, t.config, () => t.clock.now))(orderNo, '学员申请退款');
  t.forgetCaches(); // written beside the app, as the operator's command does
  return outcome;
};
async function bought(guid: string, vn: string) {
  const o = (await order(t, guid, vn)).data;
  await confirmPay(t, o.payUrl);
  await waitForStatus(t, guid, o.orderID, 'fulfilled');
  return o.orderID as string;
}
const heldUntil = async (guid: string, vn: string) =>
  ((await t.call(pricelist, { guid, appID: 1001 })).data.items as { vn: string; heldUntil: string | null }[]).find((i) => i.vn === vn)!.heldUntil;

describe('refunds', () => {
  it('pay the order back and close the version at once; the other devices hear of it; a second run changes nothing', async () => {
    const guid = await t.newLearner();
    const orderID = await bought(guid, '2');
    await t.call(getChangeInfo, { guid });
    expect(await refund(orderID)).toBe('refunded');
    expect((await t.call(queryUserOrder, { guid, orderID })).data.status).toBe('refunded');
    expect((await t.call(vipinfo, { guid, appID: 1001 })).data.vipdata).toBeFalsy();
    expect((await t.call(getChangeInfo, { guid })).status).toBe(200);
    expect(await refund(orderID)).toBe('already');
  });

  it('tell the learner in 订单物流: 购买成功 when paid, 退款成功 when refunded, each once, opening the order', async () => {
    const guid = await t.newLearner();
    const orders = async () => (await t.call(messageList, { guid, tab: 'order' })).data as { list: { title: string; body: string; link: string; read: boolean }[] };
    const orderID = await bought(guid, '2');
    const paid = await orders();
    expect(paid.list).toHaveLength(1);
    expect(paid.list[0]).toMatchObject({ title: '购买成功', link: `/receiptDetail?orderID=${orderID}`, read: false });
    expect(paid.list[0]!.body).toContain(orderID);
    expect(await refund(orderID)).toBe('refunded');
    expect(await refund(orderID)).toBe('already');
    const after = await orders();
    expect(after.list.map((m) => m.title)).toEqual(['退款成功', '购买成功']);
    expect(after.list[0]!.body).toContain('学员申请退款');
  });

  it('take back only the time the refunded order added', async () => {
    const guid = await t.newLearner();
    await bought(guid, '1');
    const second = await bought(guid, '1');
    expect(Date.parse((await heldUntil(guid, '1'))!) - t.clock.now).toBe(730 * DAY_MS);
    expect(await refund(second)).toBe('refunded');
    expect(Date.parse((await heldUntil(guid, '1'))!) - t.clock.now).toBe(365 * DAY_MS);
  });

  it('refuse an unpaid or unknown order', async () => {
    const guid = await t.newLearner();
    const o = (await order(t, guid, '1')).data;
    expect(await refund(o.orderID)).toEqual({ refused: 'order is created, not paid' });
    expect(await refund('KS00000000000000000000')).toEqual({ refused: 'unknown order' });
    expect(parseRefundArgs(['--order', o.orderID, '--reason', 'x'])).toEqual({ order: o.orderID, reason: 'x' });
    expect(parseRefundArgs(['--order', o.orderID])).toMatchObject({ error: expect.stringContaining('--reason') });
  });
});

describe('refunds unwind what was built on them (issue 31)', () => {
  const upgraded = async (guid: string, from: string, to: string) => {
    const o = (await t.call(vipChange, { guid, appID: 1001, vn: from, toVn: to, payType: 'sandbox', requestId: requestId() })).data;
    await confirmPay(t, o.payUrl);
    await waitForStatus(t, guid, o.orderID, 'fulfilled');
    return o as { orderID: string; amount: number };
  };
  const daysLeftOf = async (guid: string, vn: string) => {
    const until = await heldUntil(guid, vn);
    return until ? (Date.parse(until) - t.clock.now) / DAY_MS : 0;
  };

  it('three 基础班 refunded after an upgrade to 至尊班: 至尊班 keeps what its ¥1,500 buys (784 days), not three years, and the learner is told', async () => {
    const guid = await t.newLearner();
    const bases = [await bought(guid, '1'), await bought(guid, '1'), await bought(guid, '1')];
    const up = await upgraded(guid, '1', '3');
    expect(up.amount).toBe(150000);
    expect(await daysLeftOf(guid, '3')).toBe(3 * 365);
    expect(await refund(bases[0]!)).toBe('refunded');
    // Two years still backed by 基础班; the third year's ¥500 of the upgrade buys 261 days of 至尊班.
    expect(Math.floor(await daysLeftOf(guid, '3'))).toBe(730 + 261);
    for (const o of bases.slice(1)) expect(await refund(o)).toBe('refunded');
    expect(await daysLeftOf(guid, '1')).toBe(0);
    expect(Math.floor(await daysLeftOf(guid, '3'))).toBe(784);
    const told = (await t.call(messageList, { guid, tab: 'order' })).data.list as { title: string; body: string }[];
    expect(told[0]!.body).toMatch(/「至尊班」的有效期随之调整至 \d{4}-\d{2}-\d{2}/);
    // Refunding the upgrade as well ends 至尊班 now.
    expect(await refund(up.orderID)).toBe('refunded');
    expect(await daysLeftOf(guid, '3')).toBe(0);
  });

  it('a chain 基础班 → VIP班 → 至尊班 unwinds link by link when 基础班 is refunded', async () => {
    const guid = await t.newLearner();
    const base = await bought(guid, '1');
    const toVip = await upgraded(guid, '1', '2'); // ¥200 for the year
    const toTop = await upgraded(guid, '2', '3'); // ¥300 for the year
    expect([toVip.amount, toTop.amount]).toEqual([20000, 30000]);
    expect(await refund(base)).toBe('refunded');
    // VIP班 keeps what ¥200 buys of it (¥398 a year): 183 days; 至尊班 keeps those 183 days backed by VIP班 and
    // what is left of its ¥300 after paying the difference on them buys more of 至尊班 at ¥698 a year.
    const vip = await daysLeftOf(guid, '2');
    expect(Math.floor(vip)).toBe(Math.floor((20000 / 39800) * 365));
    const rest = 30000 - (30000 / 365) * vip;
    expect(Math.floor(await daysLeftOf(guid, '3'))).toBe(Math.floor(vip + (rest / 69800) * 365));
  });

  it('a renewal refunded while the base still covers the upgrade changes nothing of it', async () => {
    const guid = await t.newLearner();
    await bought(guid, '1');
    await upgraded(guid, '1', '3');
    const renewal = await bought(guid, '1'); // 基础班 now runs two years; 至尊班 one
    expect(await refund(renewal)).toBe('refunded');
    expect(await daysLeftOf(guid, '3')).toBe(365);
  });
});
