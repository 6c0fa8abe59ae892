import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { DISCOUNT_MSG, SHOP_MSG } from '@kaoshi/contract';
import { call } from '../../api/client';
import { saveLogin } from '../../lib/session';
import { sessionCache } from '../../lib/storage';
import { saveSelectedSubject } from '../../lib/subject';
import { orderData, priceData, quoteData } from '../../test/fixtures/shop';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage, trialNursing, type ReplyData, type Handlers } from '../../test/screens';
import BuyAppScreen from './buy-app-screen';
import PayPageScreen from './pay-page-screen';

vi.mock('../../api/client', async () => ({ ...(await import('../../test/client-mock')).clientMock(), baseUrl: () => '' }));
vi.mock('../../ui/dialogs');

const callMock = call as unknown as Mock;
/** The shop's and the pay page's other calls: nothing, unless a test says. */
const around: Handlers = {
  'group.list': () => null,
  'sale.purchasedUserList': () => null,
  'shop.getHuabeiPrice': () => null,
};
const vip20: ReplyData<'discount.spread'> = {
  discountID: 9,
  code: 'VIP20',
  title: 'VIP班立减20元',
  kind: 'amount',
  value: 2000,
  minSpend: 0,
  appID: 1001,
  vn: '2',
  endsAt: '2027-12-31T16:00:00.000Z',
};
const spring: typeof vip20 = { ...vip20, discountID: 10, code: 'SPRING50', title: '限时优惠 满300减50', value: 5000, minSpend: 30000, vn: null };

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
  fakeApi(callMock, {
    ...around,
    'shop.pricelist': () => priceData(),
    'shop.pricedetails': (p) => quoteData(p.couponUserID as number | undefined, 0, p.discountID as string | undefined),
    'discount.discountlist': () => ({ list: [spring] }),
    'discount.discount': (p) => (String(p.code).toUpperCase() === 'VIP20' ? { ...vip20, off: 2000 } : fail(400, DISCOUNT_MSG.unknown)),
    'discount.spread': () => vip20,
    'shop.getOrderNumber': () => orderData('created'),
  });
});

describe('优惠码 on /payPage', () => {
  it('refuses an unknown code with the server’s words, uses a valid one after the coupon, removes it, and sends it with the order', async () => {
    renderScreen(<PayPageScreen />, { path: '/payPage', url: '/payPage?appID=1001&vn=2' });
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: '优惠码' });
    expect((await screen.findByRole('list', { name: '限时优惠' })).textContent).toContain('优惠码 SPRING50');
    await user.type(field, 'nope2026');
    await user.click(screen.getByRole('button', { name: '使用' }));
    expect(await screen.findByText(DISCOUNT_MSG.unknown)).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'vip20');
    await user.click(screen.getByRole('button', { name: '使用' }));
    expect(await screen.findByText('VIP班立减20元')).toBeTruthy();
    expect(await screen.findByText('¥348.00')).toBeTruthy(); // ¥398 − ¥30 coupon − ¥20 code
    expect(callsTo(callMock, 'shop.pricedetails').at(-1)).toMatchObject({ discountID: 'VIP20', couponUserID: 7 });
    await user.click(screen.getByRole('button', { name: '确认支付' }));
    await waitFor(() => expect(callsTo(callMock, 'shop.getOrderNumber')[0]).toMatchObject({ discountID: 'VIP20', couponUserID: 7 }));
  });

  it('a removed code goes, and the amount with it', async () => {
    renderScreen(<PayPageScreen />, { path: '/payPage', url: '/payPage?appID=1001&vn=2&discount=VIP20' });
    expect(await screen.findByText('VIP班立减20元')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: '移除' }));
    expect(await screen.findByRole('textbox', { name: '优惠码' })).toBeTruthy();
    expect(await screen.findByText('¥368.00')).toBeTruthy();
  });

  it('a promotion link’s code is applied to the order by itself', async () => {
    sessionCache.set('spreadCode', 'VIP20');
    renderScreen(<PayPageScreen />, { path: '/payPage', url: '/payPage?appID=1001&vn=2' });
    expect(await screen.findByText('VIP班立减20元')).toBeTruthy();
    expect(callsTo(callMock, 'discount.discount')[0]).toMatchObject({ code: 'VIP20', vn: '2' });
  });
});

describe('a price that no longer holds', () => {
  it('drops a coupon another order took meanwhile, says so, and prices the order without it', async () => {
    fakeApi(callMock, {
      ...around,
      'shop.pricelist': () => priceData(),
      'shop.pricedetails': (p) => (p.couponUserID === 7 ? fail(400, SHOP_MSG.couponUnusable) : quoteData(undefined)),
      'discount.discountlist': () => ({ list: [] }),
    });
    renderScreen(<PayPageScreen />, { path: '/payPage', url: '/payPage?appID=1001&vn=2' });
    // The first quote (no coupon chosen yet) offers coupon 7 as the best; asking with it fails: it was taken.
    expect(await screen.findByText(`${SHOP_MSG.couponUnusable}，已为您重新计算价格`)).toBeTruthy();
    expect(await screen.findByText('¥398.00', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '不使用优惠券' })).toHaveProperty('checked', true);
  });
});

describe('a promotion link on /buyapp', () => {
  it('records the visit and keeps the code for the pay page', async () => {
    renderScreen(<BuyAppScreen />, { path: '/buyapp', url: '/buyapp?spread=vip20' });
    await waitFor(() => expect(sessionCache.get('spreadCode')).toBe('VIP20'));
    expect(callsTo(callMock, 'discount.spread')[0]).toMatchObject({ code: 'vip20' });
  });
});
