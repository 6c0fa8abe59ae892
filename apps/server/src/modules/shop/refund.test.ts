import { getChangeInfo, messageList, pricelist, queryUserOrder, vipinfo } from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRefundArgs } from '../../cli/refund.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { createRefunder } from './index.ts';
import { DAY_MS } from './quote.ts';
import { confirmPay, order, waitForStatus } from './shop-setup.ts';

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
