import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { SHOP_MSG } from '@kaoshi/contract';
import { call } from '../../api/client';
import { agentStore, DEFAULT_AGENT } from '../../lib/agent';
import { chooseSubject } from '../../entities/subject/choose-subject';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { orderData, priceData, quoteData, type OrderStatus } from '../../test/fixtures/shop';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage, trialNursing, type Handlers } from '../../test/screens';
import BuyCallbackScreen from './buy-callback-screen';
import PayPageScreen from './pay-page-screen';

vi.mock('../../api/client', async () => ({ ...(await import('../../test/client-mock')).clientMock(), baseUrl: () => '' }));
vi.mock('../../ui/dialogs');
const kind = vi.hoisted(() => ({ value: 'web_h5' }));
vi.mock('../../lib/client-kind', async (orig) => ({ ...(await orig<object>()), clientKind: () => kind.value }));
vi.mock('../../entities/subject/choose-subject', () => ({ chooseSubject: vi.fn(async () => ({ kind: 'chosen' })) }));

const callMock = call as unknown as Mock;
/** The pay page's other calls (unless a test says): no discounts, no 花呗 quote. */
const around: Handlers = {
  'discount.discountlist': () => ({ list: [] }),
  'shop.getHuabeiPrice': () => null,
};
const assign = vi.fn();
beforeEach(() => {
  kind.value = 'web_h5';
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
  agentStore.set({ ...DEFAULT_AGENT, TelePhone: '400-888-0888' });
  assign.mockReset();
  Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, origin: 'http://localhost', assign } });
});

describe('/payPage', () => {
  it('shows the order, creates it once with one requestId (no amount sent), and goes to the provider page', async () => {
    fakeApi(callMock, {
      ...around,
      'shop.pricelist': () => priceData(),
      'shop.pricedetails': (p) => quoteData(p.couponUserID as number | undefined),
      'shop.getOrderNumber': () => orderData('created'),
    });
    renderScreen(<PayPageScreen />, { path: '/payPage', url: '/payPage?appID=1001&vn=2' });
    expect(await screen.findByText('VIP班')).toBeTruthy();
    expect(screen.getByText('护士执业资格')).toBeTruthy();
    expect(screen.getByRole('radio', { name: '沙箱支付（测试）' })).toHaveProperty('checked', true);
    // The best usable coupon is taken at first; the server's amount follows it.
    expect(await screen.findByText('¥368.00')).toBeTruthy();
    expect(screen.getByRole('radio', { name: /新人立减30元/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: /至尊班满500减100/ })).toHaveProperty('disabled', true);
    const pay = screen.getByRole('button', { name: '确认支付' });
    await waitFor(() => expect(pay).toHaveProperty('disabled', false));
    await userEvent.setup().click(pay);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/pay/abc'));
    const [sent] = callsTo(callMock, 'shop.getOrderNumber');
    expect(sent).toMatchObject({ appID: 1001, vn: '2', payType: 'sandbox', couponUserID: 7 });
    expect(sent).not.toHaveProperty('amount');
    expect(String(sent!.requestId)).toMatch(/^[A-Za-z0-9-]{8,64}$/);
  });

  it('on a desktop goes to the QR code page instead, for the phone to pay', async () => {
    kind.value = 'web_pc';
    fakeApi(callMock, {
      ...around,
      'shop.pricelist': () => priceData(),
      'shop.pricedetails': (p) => quoteData(p.couponUserID as number | undefined),
      'shop.getOrderNumber': () => orderData('created'),
    });
    const { where } = renderScreen(<PayPageScreen />, { path: '/payPage', url: '/payPage?appID=1001&vn=2' });
    const pay = await screen.findByRole('button', { name: '确认支付' });
    await waitFor(() => expect(pay).toHaveProperty('disabled', false));
    await userEvent.setup().click(pay);
    await waitFor(() => expect(where()).toBe('/qRcodePay?orderID=KS20261125120000123456'));
    expect(assign).not.toHaveBeenCalled();
  });

  it('offers 花呗分期 where the method takes it, with the server’s plans, and sends the chosen periods; WeChat Pay hides it', async () => {
    const plans = [
      { periods: 3, feeRatePermille: 23, fee: 846, sellerPays: true, total: 36800, perPeriod: 12266, firstPeriod: 12268 },
      { periods: 6, feeRatePermille: 45, fee: 1656, sellerPays: false, total: 38456, perPeriod: 6409, firstPeriod: 6411 },
    ];
    fakeApi(callMock, {
      ...around,
      'shop.pricelist': () => ({ ...priceData(), payTypes: ['wechat', 'alipay'] }),
      'shop.pricedetails': (p) => quoteData(p.couponUserID as number | undefined),
      'shop.getHuabeiPrice': () => ({ amount: 36800, available: true, reason: null, plans }),
      'shop.getOrderNumber': () => orderData('created'),
    });
    renderScreen(<PayPageScreen />, { path: '/payPage', url: '/payPage?appID=1001&vn=2' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: '支付宝' }));
    await user.click(await screen.findByRole('radio', { name: /¥64.09 × 6期/ }));
    expect(screen.getByText('含手续费 ¥16.56')).toBeTruthy();
    expect(screen.getByText(/分期总额 ¥384.56，首期 ¥64.11/)).toBeTruthy();
    expect(screen.getByRole('radio', { name: /¥122.66 × 3期\s*免手续费/ })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: '微信支付' }));
    expect(screen.queryByRole('group', { name: '花呗分期' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: '支付宝' }));
    await user.click(screen.getByRole('button', { name: '确认支付' }));
    await waitFor(() => expect(callsTo(callMock, 'shop.getOrderNumber')[0]).toMatchObject({ payType: 'alipay', hbfqnum: 6 }));
  });

  it("shows the server's refusal under the button", async () => {
    fakeApi(callMock, {
      ...around,
      'shop.pricelist': () => priceData(),
      'shop.pricedetails': () => quoteData(),
      'shop.getOrderNumber': () => fail(429, SHOP_MSG.tooMany),
    });
    renderScreen(<PayPageScreen />, { path: '/payPage', url: '/payPage?appID=1001&vn=2' });
    await userEvent.setup().click(await screen.findByRole('button', { name: '确认支付' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SHOP_MSG.tooMany);
    expect(assign).not.toHaveBeenCalled();
  });

  it("sends a custom-payment agent's learner to its page, and shows a buy-disabled agent's contacts", async () => {
    fakeApi(callMock, {
      ...around,
      'shop.pricelist': () => ({ ...priceData(), payTypes: [], customPayUrl: 'https://pay.example/buy' }),
      'shop.pricedetails': () => quoteData(),
    });
    const first = renderScreen(<PayPageScreen />, { path: '/payPage', url: '/payPage?appID=1001&vn=2' });
    await userEvent.setup().click(await screen.findByRole('button', { name: '前往支付' }));
    expect(assign).toHaveBeenCalledWith('https://pay.example/buy');
    first.unmount();
    fakeApi(callMock, {
      ...around,
      'shop.pricelist': () => ({ ...priceData(), payTypes: [], buyDisabled: true }),
      'shop.pricedetails': () => quoteData(),
    });
    renderScreen(<PayPageScreen />, { path: '/payPage', url: '/payPage?appID=1001&vn=2' });
    expect(await screen.findByText(/当前渠道暂不支持在线购买/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '确认支付' })).toBeNull();
  });

  it('a version not on sale says so and leads back to the list', async () => {
    fakeApi(callMock, {
      ...around,
      'shop.pricelist': () => priceData(),
      'shop.pricedetails': () => fail(400, SHOP_MSG.notOnSale),
    });
    const { where } = renderScreen(<PayPageScreen />, { path: '/payPage', url: '/payPage?appID=1001&vn=9' });
    expect(await screen.findByText('该班次暂不可购买')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: '返回班次列表' }));
    expect(where()).toBe('/buyapp');
  });
});

describe('/buyCallback', () => {
  it('waits for the payment, then says 支付成功 with the receipt and the orders, refreshes the subject and opens home', async () => {
    let status: OrderStatus = 'created';
    fakeApi(callMock, {
      ...around,
      'shop.queryUserOrder': () => orderData(status, status === 'fulfilled' ? { paidAt: '2026-11-25T04:01:00.000Z' } : {}),
    });
    const { where } = renderScreen(<BuyCallbackScreen />, { path: '/buyCallback', url: '/buyCallback?orderID=KS20261125120000123456' });
    expect(await screen.findByText('正在确认支付结果…')).toBeTruthy();
    expect(screen.getByRole('button', { name: '去支付' })).toBeTruthy();
    status = 'fulfilled';
    expect(await screen.findByText('支付成功', {}, { timeout: 4000 })).toBeTruthy();
    const start = await screen.findByRole('button', { name: '开始学习' });
    expect(chooseSubject).toHaveBeenCalledWith(expect.objectContaining({ AppID: 1001 }));
    const links = screen.getByRole('navigation', { name: '订单' });
    expect(within(links).getByRole('link', { name: '查看收据' }).getAttribute('href')).toBe('/receiptDetail?orderID=KS20261125120000123456');
    expect(within(links).getByRole('link', { name: '我的订单' }).getAttribute('href')).toBe('/memberCenter');
    await userEvent.setup().click(start);
    expect(where()).toBe('/homePage');
  });

  it('a paid group order waits for its group, with 查看我的拼团 and the receipt', async () => {
    fakeApi(callMock, {
      ...around,
      'shop.queryUserOrder': () => orderData('paid', { kind: 'group', groupID: 8, paymentState: 'awaitingGroup', paidAt: '2026-11-25T04:01:00.000Z' }),
    });
    renderScreen(<BuyCallbackScreen />, { path: '/buyCallback', url: '/buyCallback?orderID=KS20261125120000123456' });
    expect(await screen.findByRole('heading', { name: '支付成功，等待成团' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '查看我的拼团' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看收据' }).getAttribute('href')).toBe('/receiptDetail?orderID=KS20261125120000123456');
  });

  it('explains a closed order and offers 重新购买', async () => {
    fakeApi(callMock, {
      ...around,
      'shop.queryUserOrder': () => orderData('closed'),
    });
    const { where } = renderScreen(<BuyCallbackScreen />, { path: '/buyCallback', url: '/buyCallback?orderID=KS20261125120000123456' });
    expect(await screen.findByText('订单已关闭')).toBeTruthy();
    expect(screen.getByText(/超时未支付/)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: '重新购买' }));
    expect(where()).toBe('/buyapp?posSlide=2');
  });

  it('says a refunded order was paid back, as the server reports it', async () => {
    fakeApi(callMock, { ...around, 'shop.queryUserOrder': () => orderData('refunded', { paidAt: '2026-11-25T04:01:00.000Z' }) });
    renderScreen(<BuyCallbackScreen />, { path: '/buyCallback', url: '/buyCallback?orderID=KS20261125120000123456' });
    expect(await screen.findByRole('heading', { name: '订单已退款' })).toBeTruthy();
    expect(screen.getByText(/款项已原路退回/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新购买' })).toBeTruthy();
  });

  it("shows the server's refusal for another learner's order", async () => {
    fakeApi(callMock, {
      ...around,
      'shop.queryUserOrder': () => fail(403, SHOP_MSG.notYourOrder),
    });
    renderScreen(<BuyCallbackScreen />, { path: '/buyCallback', url: '/buyCallback?orderID=KS1' });
    expect(await screen.findByText(SHOP_MSG.notYourOrder)).toBeTruthy();
  });
});
