import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { SHOP_MSG } from '@kaoshi/contract';
import { call } from '../../api/client';
import { saveLogin } from '../../lib/session';
import { orderData } from '../../test/fixtures/shop';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage } from '../../test/screens';
import { goToPay } from './pay-flow';
import WechatPayScreen from './wechat-pay-screen';

vi.mock('../../api/client', async () => ({ ...(await import('../../test/client-mock')).clientMock(), baseUrl: () => '' }));
vi.mock('../../ui/dialogs');

const callMock = call as unknown as Mock;
const params = { appId: 'wx1', timeStamp: '1764064800', nonceStr: 'n', package: 'prepay_id=wx9', signType: 'RSA' as const, paySign: 's' };
const win = window as unknown as { WeixinJSBridge?: { invoke: Mock } };

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
});
afterEach(() => {
  delete win.WeixinJSBridge;
  vi.unstubAllGlobals();
});

describe('/htmlWeChatPay (WeChat Pay JSAPI inside WeChat)', () => {
  it('goes to WeChat’s silent authorize link first', async () => {
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace });
    fakeApi(callMock, { 'shop.wechatJsapi': () => ({ authorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1', params: null }) });
    renderScreen(<WechatPayScreen />, { path: '/htmlWeChatPay', url: '/htmlWeChatPay?orderID=KS9' });
    await waitFor(() => expect(replace).toHaveBeenCalledWith('https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1'));
    expect(callsTo(callMock, 'shop.wechatJsapi')[0]).toMatchObject({ orderID: 'KS9' });
  });

  it('with the code, opens WeChat’s pay sheet with the signed parameters; paid → /buyCallback; cancelled → 重新支付', async () => {
    const invoke = vi.fn();
    win.WeixinJSBridge = { invoke };
    fakeApi(callMock, { 'shop.wechatJsapi': () => ({ authorizeUrl: null, params }) });
    const { where } = renderScreen(<WechatPayScreen />, { path: '/htmlWeChatPay', url: '/htmlWeChatPay?orderID=KS9&code=abc' });
    await waitFor(() => expect(invoke).toHaveBeenCalledWith('getBrandWCPayRequest', params, expect.any(Function)));
    expect(callsTo(callMock, 'shop.wechatJsapi')[0]).toMatchObject({ orderID: 'KS9', code: 'abc' });
    (invoke.mock.calls[0]![2] as (r: { err_msg: string }) => void)({ err_msg: 'get_brand_wcpay_request:cancel' });
    fireEvent.click(await screen.findByRole('button', { name: '重新支付' }));
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(2));
    (invoke.mock.calls[1]![2] as (r: { err_msg: string }) => void)({ err_msg: 'get_brand_wcpay_request:ok' });
    await waitFor(() => expect(where()).toBe('/buyCallback?orderID=KS9'));
  });

  it('outside WeChat says to open it in WeChat; a refused order shows the server’s reason', async () => {
    fakeApi(callMock, { 'shop.wechatJsapi': () => ({ authorizeUrl: null, params }) });
    renderScreen(<WechatPayScreen />, { path: '/htmlWeChatPay', url: '/htmlWeChatPay?orderID=KS9&code=abc' });
    expect(await screen.findByText(SHOP_MSG.wechatOnly, {}, { timeout: 5000 })).toBeTruthy();
    fakeApi(callMock, { 'shop.wechatJsapi': () => fail(400, SHOP_MSG.notPayable) });
    renderScreen(<WechatPayScreen />, { path: '/htmlWeChatPay', url: '/htmlWeChatPay?orderID=KS8' });
    expect(await screen.findByText(SHOP_MSG.notPayable)).toBeTruthy();
  });
});

describe('where an order is paid', () => {
  const navigate = vi.fn();
  beforeEach(() => navigate.mockClear());
  const o = (payType: string, payUrl: string | null) => ({ ...orderData('created', { orderID: 'KS9', payUrl }), payType }) as never;
  const asDesktop = () => vi.stubGlobal('navigator', { ...navigator, userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120' });

  it('inside WeChat: /htmlWeChatPay; on a desktop: the QR page, but Alipay’s own page; nothing to pay: the result', () => {
    goToPay(o('wechat', '/htmlWeChatPay?orderID=KS9'), navigate);
    expect(navigate).toHaveBeenLastCalledWith('/htmlWeChatPay?orderID=KS9', { replace: false });
    asDesktop();
    goToPay(o('wechat', 'weixin://wxpay/bizpayurl?pr=1'), navigate);
    expect(navigate).toHaveBeenLastCalledWith('/qRcodePay?orderID=KS9', { replace: false });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    goToPay(o('alipay', 'https://openapi.alipay.com/gateway.do?x=1'), navigate);
    expect(assign).toHaveBeenCalledWith('https://openapi.alipay.com/gateway.do?x=1');
    goToPay(o('sandbox', null), navigate, true);
    expect(navigate).toHaveBeenLastCalledWith('/buyCallback?orderID=KS9', { replace: true });
  });
});
