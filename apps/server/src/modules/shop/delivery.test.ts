import {
  adduserAddress,
  allDeliver,
  DELIVERY_MSG,
  destroyuserAddress,
  getexpressDetails,
  getuseraddresslist,
  messageList,
  pricedetails,
  pricelist,
  SHOP_MSG,
  setDeliverInfo,
  takeDeliveryInfo,
  updateuserAddress,
} from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, NOT_LOGGED_IN, type TestApp } from '../../test/helpers.ts';
import { parseShipArgs } from '../../cli/ship.ts';
import { createShipper } from './index.ts';
import { confirmPay, order, waitForStatus } from './shop-setup.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const home = { userName: '王小护', phone: '13912345678', address: '广东省 深圳市 南山区', details: '科技园一路 8 号 3 栋 502' };
const add = (guid: string, extra: Record<string, unknown> = {}) => t.call(adduserAddress, { guid, ...home, ...extra });
const bookIds = async (guid: string) => ((await t.call(pricelist, { guid, appID: 1001 })).data.books as { bookID: number; price: number }[]).map((b) => b.bookID);
const ship = (orderNo: string) => createShipper(t.db, () => t.clock.now)(orderNo, '顺丰速运', 'SF1234567890');

describe('the address book', () => {
  it('adds, lists (default first), changes, and deletes; the first address is the default, and a new default takes over', async () => {
    const guid = await t.newLearner();
    const first = (await add(guid)).data;
    expect(first).toMatchObject({ ...home, isdefault: 1 });
    const second = (await add(guid, { userName: '王小护（单位）', isdefault: 'true' })).data;
    let list = (await t.call(getuseraddresslist, { guid })).data.list;
    expect(list.map((a: { id: number; isdefault: number }) => [a.id, a.isdefault])).toEqual([
      [second.id, 1],
      [first.id, 0],
    ]);
    expect((await t.call(updateuserAddress, { guid, id: first.id, ...home, details: '科技园一路 9 号', isdefault: 'true' })).data).toMatchObject({
      details: '科技园一路 9 号',
      isdefault: 1,
    });
    expect((await t.call(destroyuserAddress, { guid, id: first.id })).status).toBe(200);
    list = (await t.call(getuseraddresslist, { guid })).data.list;
    expect(list.map((a: { id: number; isdefault: number }) => [a.id, a.isdefault])).toEqual([[second.id, 1]]);
  });

  it("validates the fields, keeps to 20 addresses, and never touches another learner's", async () => {
    const guid = await t.newLearner();
    const other = await t.newLearner();
    expect(await add(guid, { phone: '12345' })).toMatchObject({ status: 400, msg: '请输入正确的手机号' });
    expect((await add(guid, { details: '' })).status).toBe(400);
    expect(await t.call(getuseraddresslist, {})).toEqual(NOT_LOGGED_IN);
    const mine = (await add(guid)).data;
    expect((await t.call(updateuserAddress, { guid: other, id: mine.id, ...home })).msg).toBe(DELIVERY_MSG.addressUnknown);
    expect((await t.call(destroyuserAddress, { guid: other, id: mine.id })).msg).toBe(DELIVERY_MSG.addressUnknown);
    for (let i = 1; i < 20; i++) expect((await add(guid)).status).toBe(200);
    expect((await add(guid)).msg).toBe(DELIVERY_MSG.tooManyAddresses);
  });
});

describe('printed books with an order', () => {
  it('adds the books at their price to the amount, needs an address, and follows the delivery to 确认收货', async () => {
    const guid = await t.newLearner();
    const other = await t.newLearner();
    const ids = await bookIds(guid);
    expect(ids).toHaveLength(2);
    expect((await order(t, guid, '2', { branchBookList: ids.join(',') })).msg).toBe(DELIVERY_MSG.needAddress);
    expect((await order(t, guid, '2', { branchBookList: '99999', addressID: 1 })).msg).toBe(DELIVERY_MSG.bookUnknown);
    const addr = (await add(guid)).data;
    expect((await order(t, guid, '2', { branchBookList: String(ids[0]), addressID: (await add(other)).data.id })).msg).toBe(DELIVERY_MSG.addressUnknown);
    const quote = (await t.call(pricedetails, { guid, appID: 1001, vn: '2', branchBookList: ids.join(',') })).data;
    expect(quote).toMatchObject({ base: 39800, booksAmount: 12600, amount: 52400 });
    const o = (await order(t, guid, '2', { branchBookList: ids.join(','), addressID: addr.id })).data;
    expect(o).toMatchObject({ amount: 39800 + 6800 + 5800, booksAmount: 12600, deliveryStatus: 'waiting' });

    // Not paid yet: nothing to follow in the deliveries list, and nothing can be shipped.
    expect((await t.call(allDeliver, { guid })).data.list).toEqual([]);
    expect(await ship(o.orderID)).toBeUndefined();
    await confirmPay(t, o.payUrl);
    await waitForStatus(t, guid, o.orderID, 'fulfilled');

    const moved = (await add(guid, { details: '新地址 1 号' })).data;
    expect((await t.call(setDeliverInfo, { guid, orderID: o.orderID, addressID: moved.id })).data.address).toMatchObject({ details: '新地址 1 号' });
    expect((await t.call(takeDeliveryInfo, { guid, orderID: o.orderID })).msg).toBe(DELIVERY_MSG.notShipped);
    expect((await ship(o.orderID))?.deliveryStatus).toBe('shipped');
    // The learner hears of it in 订单物流, once: a second ship is refused and writes nothing.
    expect(await ship(o.orderID)).toBeUndefined();
    const told = (await t.call(messageList, { guid, tab: 'order' })).data.list.filter((m: { kind: string }) => m.kind === 'delivery');
    expect(told).toEqual([expect.objectContaining({ title: '商品已发货', link: `/receiptDetail?orderID=${o.orderID}`, read: false })]);
    expect(told[0].body).toContain('顺丰速运');
    expect(told[0].body).toContain('SF1234567890');
    expect((await t.call(setDeliverInfo, { guid, orderID: o.orderID, addressID: addr.id })).msg).toBe(DELIVERY_MSG.shipped);
    // The address book may change; the order keeps the copy it was sent to.
    await t.call(updateuserAddress, { guid, id: moved.id, ...home, details: '改过的地址' });
    const d = (await t.call(getexpressDetails, { guid, orderID: o.orderID })).data;
    expect(d).toMatchObject({ status: 'shipped', courier: '顺丰速运', trackingNo: 'SF1234567890', address: { details: '新地址 1 号' } });
    expect(d.books.map((b: { title: string }) => b.title)).toEqual(['护士执业资格考点精编（纸质版）', '护士执业资格历年试题精解（纸质版）']);
    expect((await t.call(allDeliver, { guid })).data.list.map((x: { orderID: string }) => x.orderID)).toEqual([o.orderID]);
    expect(await t.call(getexpressDetails, { guid: other, orderID: o.orderID })).toMatchObject({ status: 403, msg: SHOP_MSG.notYourOrder });
    expect((await t.call(takeDeliveryInfo, { guid: other, orderID: o.orderID })).status).toBe(403);
    expect((await t.call(takeDeliveryInfo, { guid, orderID: o.orderID })).data).toMatchObject({ status: 'received' });
  });

  it('an order without books has nothing to deliver', async () => {
    const guid = await t.newLearner();
    const o = (await order(t, guid, '1')).data;
    expect(o).toMatchObject({ booksAmount: 0, deliveryStatus: 'none' });
    const addr = (await add(guid)).data;
    expect((await t.call(setDeliverInfo, { guid, orderID: o.orderID, addressID: addr.id })).msg).toBe(DELIVERY_MSG.noBooks);
  });
});

describe('npm run ship (the operator marks an order shipped)', () => {
  it('reads its arguments and refuses wrong ones', () => {
    expect(parseShipArgs(['--order', 'KS20261125120000123456', '--courier', '顺丰速运', '--tracking', 'SF1234567890'])).toEqual({
      order: 'KS20261125120000123456',
      courier: '顺丰速运',
      tracking: 'SF1234567890',
    });
    expect(parseShipArgs(['--order', 'x', '--courier', 'a', '--tracking', 'SF1234'])).toMatchObject({ error: expect.stringContaining('--order') });
    expect(parseShipArgs(['--order', 'KS20261125120000123456', '--courier', 'a', '--tracking', 'x y'])).toMatchObject({ error: expect.stringContaining('--tracking') });
    expect(parseShipArgs(['--bogus'])).toMatchObject({ error: 'unknown argument --bogus' });
  });
});
