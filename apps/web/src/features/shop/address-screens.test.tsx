import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { sessionCache } from '../../lib/storage';
import { toast } from '../../ui/dialogs';
import { orderData, priceData, quoteData } from '../../test/fixtures/shop';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage, trialNursing, type ReplyData, type Handlers } from '../../test/screens';
import ExpressAddressScreen from './express-address-screen';
import PayPageScreen from './pay-page-screen';
import ReceiptDetailScreen from './receipt-detail-screen';

vi.mock('../../api/client', async () => ({ ...(await import('../../test/client-mock')).clientMock(), baseUrl: () => '' }));
vi.mock('../../ui/dialogs');
vi.mock('../../lib/client-kind', async (orig) => ({ ...(await orig<object>()), clientKind: () => 'web_h5' }));

const callMock = call as unknown as Mock;
/** The pay page's other calls: no discounts, no 花呗 quote. */
const around: Handlers = {
  'discount.discountlist': () => ({ list: [] }),
  'shop.getHuabeiPrice': () => null,
};
const home: ReplyData<'delivery.addressList'>['list'][number] = {
  id: 3,
  userName: '王小护',
  phone: '13912345678',
  address: '广东省 深圳市 南山区',
  details: '科技园一路 8 号',
  isdefault: 1,
};
const work: typeof home = { ...home, id: 5, userName: '王小护（单位）', details: '深南大道 100 号', isdefault: 0 };
const assign = vi.fn();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
  assign.mockReset();
  Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, origin: 'http://localhost', assign } });
});

describe('/expressAddress', () => {
  it('lists the addresses (默认 first), adds one through the form, and shows the server refusal', async () => {
    let saved = false;
    fakeApi(callMock, {
      ...around,
      'delivery.addressList': () => ({ list: saved ? [home, work] : [home] }),
      'delivery.addAddress': (p) => (p.phone === '12345' ? fail(400, '请输入正确的手机号') : ((saved = true), work)),
    });
    renderScreen(<ExpressAddressScreen />, { path: '/expressAddress' });
    expect(within((await screen.findByText(/王小护 13912345678/)).closest('li')!).getByText('默认')).toBeTruthy();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: '新增收货地址' }));
    await u.click(screen.getByRole('button', { name: '保存' }));
    expect(screen.getByRole('alert').textContent).toBe('请填写收货人');
    await u.type(screen.getByPlaceholderText('请输入收货人姓名'), '王小护（单位）');
    await u.type(screen.getByPlaceholderText('请输入手机号'), '12345');
    await u.type(screen.getByPlaceholderText(/省 市 区/), '广东省 深圳市 南山区');
    await u.type(screen.getByPlaceholderText('街道、楼栋、门牌号'), '深南大道 100 号');
    await u.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toBe('请输入正确的手机号');
    await u.clear(screen.getByPlaceholderText('请输入手机号'));
    await u.type(screen.getByPlaceholderText('请输入手机号'), '13912345678');
    await u.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(/深南大道 100 号/)).toBeTruthy();
    expect(callsTo(callMock, 'delivery.addAddress').at(-1)).toMatchObject({ userName: '王小护（单位）', phone: '13912345678', isdefault: false });
  });

  it('chooses an address for /payPage (kept for this tab) and goes back; deletes after confirming', async () => {
    fakeApi(callMock, {
      ...around,
      'delivery.addressList': () => ({ list: [home, work] }),
      'delivery.destroyAddress': () => ({ id: 5 }),
    });
    const { where } = renderScreen(<ExpressAddressScreen />, { path: '/expressAddress', url: '/expressAddress?pick=1', before: ['/payPage?appID=1001&vn=2&books=4'] });
    const u = userEvent.setup();
    const second = (await screen.findByText(/深南大道 100 号/)).closest('li')!;
    await u.click(within(second).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(callsTo(callMock, 'delivery.destroyAddress')).toEqual([{ id: 5 }]));
    await u.click(within(second).getByRole('button', { name: /王小护（单位）/ }));
    expect(sessionCache.get('pickedAddress')).toBe('5');
    expect(where()).toBe('/payPage?appID=1001&vn=2&books=4');
  });
});

describe('printed books on /payPage and /receiptDetail', () => {
  it('adds a book with the default address, and sends both with the order', async () => {
    fakeApi(callMock, {
      ...around,
      'shop.pricelist': () => priceData(),
      'shop.pricedetails': (p) => quoteData(p.couponUserID as number | undefined, p.branchBookList ? 6800 : 0),
      'delivery.addressList': () => ({ list: [home, work] }),
      'shop.getOrderNumber': () => orderData('created', { orderID: 'KS1', payUrl: '/sandbox/pay/x' }),
    });
    const { where } = renderScreen(<PayPageScreen />, { path: '/payPage', url: '/payPage?appID=1001&vn=2' });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('checkbox', { name: /护士执业资格考点精编/ }));
    expect(where()).toBe('/payPage?appID=1001&vn=2&books=4');
    expect(await screen.findByText('王小护 13912345678')).toBeTruthy();
    expect(await screen.findByText('¥436.00')).toBeTruthy();
    const pay = screen.getByRole('button', { name: '确认支付' });
    await waitFor(() => expect(pay).toHaveProperty('disabled', false));
    await u.click(pay);
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(callsTo(callMock, 'shop.getOrderNumber')[0]).toMatchObject({ branchBookList: '4', addressID: 3, couponUserID: 7 });
  });

  it('shows a shipped order with its courier and confirms receipt', async () => {
    let status: ReplyData<'delivery.take'>['status'] = 'shipped';
    const delivery = (): ReplyData<'delivery.take'> => ({
      orderID: 'KS1',
      status,
      books: [{ bookID: 4, title: '护士执业资格考点精编（纸质版）', price: 6800 }],
      address: { userName: '王小护', phone: '13912345678', address: '广东省 深圳市 南山区', details: '科技园一路 8 号' },
      courier: '顺丰速运',
      trackingNo: 'SF1234567890',
      shippedAt: '2026-11-26T04:00:00.000Z',
      receivedAt: null,
    });
    fakeApi(callMock, {
      ...around,
      'shop.queryUserOrder': () => ({ ...quoteOrder(), booksAmount: 6800, deliveryStatus: status }),
      'delivery.expressDetails': delivery,
      'delivery.take': () => ((status = 'received'), delivery()),
    });
    renderScreen(<ReceiptDetailScreen />, { path: '/receiptDetail', url: '/receiptDetail?orderID=KS1' });
    expect(await screen.findByText('顺丰速运 · 运单号 SF1234567890')).toBeTruthy();
    expect(screen.getByText('已发货')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: '确认收货' }));
    expect(toast).toHaveBeenCalledWith('已确认收货');
    expect(await screen.findByText('已签收')).toBeTruthy();
  });
});

const quoteOrder = () => orderData('fulfilled', { orderID: 'KS1', amount: 46600, paidAt: '2026-11-25T04:01:00.000Z' });
