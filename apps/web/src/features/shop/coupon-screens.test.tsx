import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { COUPON_MSG } from '@kaoshi/contract';
import { call } from '../../api/client';
import { saveLogin } from '../../lib/session';
import { toast } from '../../ui/dialogs';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage, type ReplyData } from '../../test/screens';
import { orderData } from '../../test/fixtures/shop';
import CouponListScreen from './coupon-list-screen';
import MyCouponScreen from './my-coupon-screen';
import ReceiptDetailScreen from './receipt-detail-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');

const callMock = call as unknown as Mock;
const terms = { kind: 'amount' as const, value: 3000, minSpend: 10000, scope: '全部科目', appID: null, vn: null };
type Offered = ReplyData<'coupon.couponlist'>['list'][number];
const offered = (id: number, title: string, extra: Partial<Offered> = {}): Offered => ({
  couponID: id,
  title,
  ...terms,
  claimUntil: '2027-12-31T16:00:00.000Z',
  validDays: 30,
  claimed: false,
  soldOut: false,
  ...extra,
});

type Owned = ReplyData<'coupon.mine'>['list'][number];
/** A coupon of mine, as receive answers it. */
const owned = (couponUserID: number, title: string): Owned => ({
  couponUserID,
  title,
  ...terms,
  expiresAt: '2026-12-25T00:00:00.000Z',
  usedAt: null,
  status: 'usable',
});

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
});

describe('/couponList', () => {
  it('claims a coupon, says so, and shows it as 已领取; sold-out and claimed ones cannot be claimed', async () => {
    let claimed = false;
    fakeApi(callMock, {
      'coupon.couponlist': () => ({
        list: [offered(1, '新人立减30元', { claimed }), offered(2, '限量券', { soldOut: true }), offered(3, '九折券', { kind: 'percent', value: 10, claimed: true })],
      }),
      'coupon.receive': () => {
        claimed = true;
        return owned(1, '新人立减30元');
      },
    });
    renderScreen(<CouponListScreen />, { path: '/couponList' });
    const first = (await screen.findByText('新人立减30元')).closest('li')!;
    expect(within(first).getByText('满100元可用')).toBeTruthy();
    await userEvent.setup().click(within(first).getByRole('button', { name: '领取' }));
    expect(toast).toHaveBeenCalledWith('领取成功');
    expect(callsTo(callMock, 'coupon.receive')).toEqual([{ couponID: 1 }]);
    expect(await within(first).findByRole('button', { name: '已领取' })).toHaveProperty('disabled', true);
    expect(within(screen.getByText('限量券').closest('li')!).getByRole('button', { name: '已抢光' })).toHaveProperty('disabled', true);
    expect(within(screen.getByText('九折券').closest('li')!).getByText('9')).toBeTruthy();
  });

  it("shows the server's refusal", async () => {
    fakeApi(callMock, { 'coupon.couponlist': () => ({ list: [offered(1, '新人立减30元')] }), 'coupon.receive': () => fail(400, COUPON_MSG.soldOut) });
    renderScreen(<CouponListScreen />, { path: '/couponList' });
    await userEvent.setup().click(await screen.findByRole('button', { name: '领取' }));
    expect(toast).toHaveBeenCalledWith(COUPON_MSG.soldOut);
  });
});

describe('/myCoupon', () => {
  it('shows the usable coupons, and the used ones on their tab', async () => {
    const mine = (status: Owned['status']): Owned => ({
      couponUserID: 9,
      title: status === 'used' ? '已用券' : '可用券',
      ...terms,
      expiresAt: '2026-12-25T00:00:00.000Z',
      usedAt: status === 'used' ? '2026-11-20T00:00:00.000Z' : null,
      status,
    });
    fakeApi(callMock, { 'coupon.mine': (p) => ({ list: p.status === 'expired' ? [] : [mine(p.status === 'used' ? 'used' : 'usable')] }) });
    renderScreen(<MyCouponScreen />, { path: '/myCoupon' });
    expect(await screen.findByText('可用券')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('tab', { name: '已使用' }));
    expect(await screen.findByText('已用券')).toBeTruthy();
    expect(screen.getByText(/已于 2026-11-2\d 使用/)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('tab', { name: '已过期' }));
    expect(await screen.findByText('暂无已过期的优惠券')).toBeTruthy();
  });
});

describe('/receiptDetail', () => {
  it('shows the lines of a paid order and prints its receipt', async () => {
    const print = vi.fn();
    window.print = print;
    fakeApi(callMock, {
      'shop.queryUserOrder': () => orderData('fulfilled', { orderID: 'KS1', amount: 36800, couponOff: 3000, paidAt: '2026-11-25T04:01:00.000Z' }),
    });
    renderScreen(<ReceiptDetailScreen />, { path: '/receiptDetail', url: '/receiptDetail?orderID=KS1' });
    expect(await screen.findByText('护士执业资格 · VIP班')).toBeTruthy();
    expect(screen.getByText('-¥200.00')).toBeTruthy();
    expect(screen.getByText('-¥30.00')).toBeTruthy();
    expect(screen.getByText('¥368.00')).toBeTruthy();
    expect(screen.getByText('已完成')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: '打印收据' }));
    expect(print).toHaveBeenCalled();
  });
});
