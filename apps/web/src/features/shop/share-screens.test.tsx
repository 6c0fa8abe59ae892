import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { SHOP_MSG } from '@kaoshi/contract';
import { call } from '../../api/client';
import { fail, fakeApi, renderScreen, resetStorage, type ReplyData } from '../../test/screens';
import QrCodePayNewScreen from './qr-code-pay-new-screen';

vi.mock('../../api/client', async () => ({ ...(await import('../../test/client-mock')).clientMock(), baseUrl: () => '' }));
vi.mock('../../ui/dialogs');
vi.mock('qrcode', () => ({ toCanvas: vi.fn(async () => undefined) }));
vi.mock('../../lib/client-kind', async (orig) => ({ ...(await orig<object>()), clientKind: () => 'web_h5' }));

const callMock = call as unknown as Mock;
const assign = vi.fn();
const shared = (status: ReplyData<'shop.sharedOrder'>['status']): ReplyData<'shop.sharedOrder'> => ({
  orderID: 'KS20261125120000123456',
  appName: '护士执业资格',
  vname: 'VIP班',
  amount: 39800,
  status,
  expiresAt: new Date(Date.now() + 20 * 60_000).toISOString(),
  payUrl: status === 'created' ? '/sandbox/pay/abc' : null,
  requester: '137****2670',
});

beforeEach(() => {
  resetStorage(); // a guest: no login
  assign.mockReset();
  Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, origin: 'http://localhost', assign } });
});

describe('/qRcodePayNew', () => {
  it('shows a guest who asks and how much, and pays on the provider page that returns here', async () => {
    fakeApi(callMock, { 'shop.sharedOrder': () => shared('created') });
    renderScreen(<QrCodePayNewScreen />, { path: '/qRcodePayNew', url: '/qRcodePayNew?orderID=KS20261125120000123456&token=tok-0123456789abcdef' });
    expect(await screen.findByText('137****2670 请您代付')).toBeTruthy();
    expect(screen.getByText('¥398.00')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: '去支付' }));
    expect(assign).toHaveBeenCalledWith(`http://localhost/sandbox/pay/abc?back=${encodeURIComponent('/qRcodePayNew?orderID=KS20261125120000123456&token=tok-0123456789abcdef')}`);
  });

  it('thanks the payer once paid, and explains a bad link', async () => {
    fakeApi(callMock, { 'shop.sharedOrder': () => shared('fulfilled') });
    const first = renderScreen(<QrCodePayNewScreen />, { path: '/qRcodePayNew', url: '/qRcodePayNew?orderID=KS20261125120000123456&token=tok-0123456789abcdef' });
    expect(await screen.findByText('已支付，感谢您的代付')).toBeTruthy();
    first.unmount();
    fakeApi(callMock, { 'shop.sharedOrder': () => fail(404, SHOP_MSG.shareUnknown) });
    renderScreen(<QrCodePayNewScreen />, { path: '/qRcodePayNew', url: '/qRcodePayNew?orderID=KS1&token=bad' });
    expect(await screen.findByText(SHOP_MSG.shareUnknown)).toBeTruthy();
  });
});
