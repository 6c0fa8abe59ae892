import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { saveLogin } from '../../lib/session';
import { callsTo, demoLogin, fakeApi, renderScreen, resetStorage } from '../../test/screens';
import { GroupSection } from './group-section';
import MyPinkScreen from './my-pink-screen';

vi.mock('../../api/client', async () => ({ ...(await import('../../test/client-mock')).clientMock(), baseUrl: () => '' }));
vi.mock('../../ui/dialogs');
vi.mock('../../lib/client-kind', async (orig) => ({ ...(await orig<object>()), clientKind: () => 'web_h5' }));

const callMock = call as unknown as Mock;
const assign = vi.fn();
const soon = () => new Date(Date.now() + 90 * 60_000).toISOString();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  assign.mockReset();
  Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, origin: 'http://localhost', assign } });
});

describe('group buys on /buyapp', () => {
  it('shows the group price beside the own price and the open groups; joining goes to the payment', async () => {
    fakeApi(callMock, {
      'group.list': () => ({
        list: [
          {
            groupBuyID: 1,
            vn: '2',
            vname: 'VIP班',
            price: 29800,
            originalPrice: 39800,
            size: 3,
            minutes: 1440,
            groups: [{ groupID: 8, leader: '138****0000', paid: 1, need: 2, expiresAt: soon() }],
          },
        ],
      }),
      'group.join': () => ({ orderID: 'KS1', payUrl: '/sandbox/pay/g' }),
    });
    renderScreen(<GroupSection appID={1001} payType="sandbox" />, { path: '/buyapp' });
    const offer = await screen.findByTestId('group-offer-2');
    expect(within(offer).getByText('VIP班 · 3人团')).toBeTruthy();
    expect(within(offer).getByText('单买 ¥398.00')).toBeTruthy();
    expect(within(offer).getByText(/138\*\*\*\*0000 的团 · 还差2人/)).toBeTruthy();
    expect(within(offer).getByText(/还剩 1小时(29|30)分/)).toBeTruthy();
    await userEvent.setup().click(within(offer).getByRole('button', { name: '参团' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/pay/g'));
    expect(callsTo(callMock, 'group.join')).toEqual([{ groupID: 8, payType: 'sandbox', equipment: 'web_h5', requestId: expect.any(String) }]);
  });

  it("marks a friend's group from an invitation link, and says so when the group is gone or of another subject", async () => {
    const offer = { groupBuyID: 1, vn: '2', vname: 'VIP班', price: 29800, originalPrice: 39800, size: 3, minutes: 1440 };
    fakeApi(callMock, { 'group.list': () => ({ list: [{ ...offer, groups: [{ groupID: 8, leader: '138****0000', paid: 1, need: 2, expiresAt: soon() }] }] }) });
    const first = renderScreen(<GroupSection appID={1001} payType="sandbox" />, { path: '/buyapp', url: '/buyapp?joinGroup=8&appID=1001' });
    expect(await screen.findByText('好友邀请')).toBeTruthy();
    first.unmount();
    const gone = renderScreen(<GroupSection appID={1001} payType="sandbox" />, { path: '/buyapp', url: '/buyapp?joinGroup=9&appID=1001' });
    expect(await screen.findByText('好友的团已满员或已结束，您可以发起新的拼团')).toBeTruthy();
    gone.unmount();
    renderScreen(<GroupSection appID={1001} payType="sandbox" />, { path: '/buyapp', url: '/buyapp?joinGroup=9&appID=1002' });
    expect(await screen.findByText('好友的团属于其他科目，请先切换到该科目再参团')).toBeTruthy();
  });
});

describe('/mypink', () => {
  it("shows each group's progress and what happened to the learner's order", async () => {
    const g = (extra: Record<string, unknown>) => ({
      groupID: 1,
      appID: 1001,
      appName: '护士执业资格',
      vname: 'VIP班',
      price: 29800,
      size: 3,
      paid: 2,
      status: 'open',
      expiresAt: soon(),
      leader: true,
      orderID: 'KS1',
      orderStatus: 'paid',
      ...extra,
    });
    fakeApi(callMock, { 'group.mine': () => ({ list: [g({}), g({ groupID: 2, orderID: 'KS2', status: 'failed', paid: 1, leader: false, orderStatus: 'refunded' })] }) });
    renderScreen(<MyPinkScreen />, { path: '/mypink' });
    expect(await screen.findByText('拼团中')).toBeTruthy();
    expect(screen.getByText(/还差1人成团/)).toBeTruthy();
    expect(screen.getByText('拼团未成功')).toBeTruthy();
    expect(screen.getByText('未在时限内成团，款项已原路退回')).toBeTruthy();
    expect(screen.getAllByRole('progressbar')[0]!.getAttribute('aria-valuenow')).toBe('2');
  });
});
