import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { saveLogin } from '../../lib/session';
import { demoLogin, fakeApi, renderScreen, resetStorage } from '../../test/screens';
import { orderData, type OrderStatus } from '../../test/fixtures/shop';
import QrCodePayScreen from './qr-code-pay-screen';

vi.mock('../../api/client', async () => ({ ...(await import('../../test/client-mock')).clientMock(), baseUrl: () => '' }));
vi.mock('../../ui/dialogs');
const drawn = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('qrcode', () => ({ toCanvas: drawn }));

const callMock = call as unknown as Mock;
const order = (status: OrderStatus, expiresAt: string) =>
  orderData(status, { orderID: 'KS9', expiresAt, closedReason: null, payUrl: status === 'created' ? '/sandbox/pay/xyz' : null });

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  drawn.mockClear();
});

describe('/qRcodePay', () => {
  it('draws the QR code of the pay URL with the time left, and goes on to /buyCallback once paid', async () => {
    let status: OrderStatus = 'created';
    const expires = new Date(Date.now() + 10 * 60_000 - 500).toISOString();
    fakeApi(callMock, { 'shop.queryUserOrder': () => order(status, expires) });
    const { where } = renderScreen(<QrCodePayScreen />, { path: '/qRcodePay', url: '/qRcodePay?orderID=KS9' });
    expect(await screen.findByRole('img', { name: '支付二维码' })).toBeTruthy();
    await waitFor(() => expect(drawn).toHaveBeenCalledWith(expect.anything(), `${window.location.origin}/sandbox/pay/xyz`, expect.anything()));
    expect(screen.getByText(/^(10:00|09:5\d)$/)).toBeTruthy();
    status = 'fulfilled';
    await waitFor(() => expect(where()).toBe('/buyCallback?orderID=KS9'), { timeout: 4000 });
  });

  it('says the code expired once the order time is over', async () => {
    fakeApi(callMock, { 'shop.queryUserOrder': () => order('created', new Date(Date.now() - 1000).toISOString()) });
    renderScreen(<QrCodePayScreen />, { path: '/qRcodePay', url: '/qRcodePay?orderID=KS9' });
    expect(await screen.findByText('二维码已过期')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新下单' })).toBeTruthy();
  });
});
