import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { GROUP_MSG, type GroupOffer } from '@kaoshi/contract';
import { call } from '../../api/client';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { orderData, priceData } from '../../test/fixtures/shop';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage, trialNursing, type ReplyData } from '../../test/screens';
import { GroupSection } from './group-section';
import MyPinkScreen from './my-pink-screen';
import PayPageScreen from './pay-page-screen';

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
  it('shows the group price beside the own price and the open groups; starting or joining goes to the order summary', async () => {
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
    });
    const { where, router } = renderScreen(<GroupSection appID={1001} payType="sandbox" />, { path: '/buyapp' });
    const offer = await screen.findByTestId('group-offer-2');
    expect(within(offer).getByText('VIP班 · 3人团')).toBeTruthy();
    expect(within(offer).getByText('单买 ¥398.00')).toBeTruthy();
    expect(within(offer).getByText(/138\*\*\*\*0000 的团 · 还差2人/)).toBeTruthy();
    expect(within(offer).getByText(/还剩 1小时(29|30)分/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(offer).getByRole('button', { name: '参团' }));
    expect(where()).toBe('/payPage?appID=1001&vn=2&group=8');
    await act(() => router.navigate(-1));
    await user.click(within(await screen.findByTestId('group-offer-2')).getByRole('button', { name: '发起拼团' }));
    expect(where()).toBe('/payPage?appID=1001&vn=2&group=new');
    // Nothing is ordered before the summary.
    expect(callsTo(callMock, 'group.join')).toEqual([]);
    expect(callsTo(callMock, 'group.create')).toEqual([]);
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

describe('/payPage for a group buy', () => {
  const offer = (groups: GroupOffer['groups'] = []) =>
    ({ groupBuyID: 1, vn: '2', vname: 'VIP班', price: 29800, originalPrice: 39800, size: 3, minutes: 1440, groups }) satisfies GroupOffer;
  const friends = () => [{ groupID: 8, leader: '138****0000', paid: 1, need: 2, expiresAt: soon() }];
  const groupOrder = () => orderData('created', { kind: 'group', groupID: 8, amount: 29800, payUrl: '/sandbox/pay/g' });
  beforeEach(() => saveSelectedSubject(trialNursing));

  it('发起拼团: the order summary with the group price, the group, its rules and no coupon; 确认支付 starts the group once and pays', async () => {
    fakeApi(callMock, { 'shop.pricelist': () => priceData(), 'group.list': () => ({ list: [offer()] }), 'group.create': () => groupOrder() });
    renderScreen(<PayPageScreen />, { path: '/payPage', url: '/payPage?appID=1001&vn=2&group=new' });
    const order = await screen.findByRole('region', { name: '订单信息' });
    expect(within(order).getByText('护士执业资格')).toBeTruthy();
    expect(within(order).getByText('VIP班')).toBeTruthy();
    expect(within(order).getByText('章节练习、视频精讲')).toBeTruthy();
    expect(within(order).getByText('成团后开通，365 天')).toBeTruthy();
    expect(within(order).getByText('3人团 · 24小时内成团')).toBeTruthy();
    expect(within(order).getByText('单买 ¥398.00')).toBeTruthy();
    expect(within(order).getByText('拼团不可用')).toBeTruthy();
    const rules = screen.getByRole('region', { name: '拼团规则' });
    expect(within(rules).getByText(/^3人成团：付款后开团，24小时内凑齐3人付款即成团/)).toBeTruthy();
    expect(within(rules).getByText('未在时限内成团，已付款项将原路全额退回。')).toBeTruthy();
    expect(within(rules).getByText('拼团价不与优惠券、优惠码同时使用。')).toBeTruthy();
    expect(screen.getByText('¥298.00', { selector: 'strong' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /优惠券/ })).toBeNull();
    expect(callsTo(callMock, 'shop.pricedetails')).toEqual([]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '确认支付' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/pay/g'));
    expect(callsTo(callMock, 'group.create')).toEqual([
      { appID: 1001, vn: '2', payType: 'sandbox', equipment: 'web_h5', requestId: expect.stringMatching(/^[A-Za-z0-9-]{8,64}$/) },
    ]);
  });

  it("参团: the friend's group and the seats left; 确认支付 joins it; a refusal shows and the next tap is a new order", async () => {
    let refuse = true;
    fakeApi(callMock, {
      'shop.pricelist': () => priceData(),
      'group.list': () => ({ list: [offer(friends())] }),
      'group.join': () => (refuse ? fail(400, GROUP_MSG.joined) : groupOrder()),
    });
    renderScreen(<PayPageScreen />, { path: '/payPage', url: '/payPage?appID=1001&vn=2&group=8' });
    expect(await screen.findByText('138****0000 的团 · 还差2人')).toBeTruthy();
    expect(screen.getByText(/^该团还差2人，还剩 1小时(29|30)分，人数凑齐即成团。$/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '确认支付' }));
    expect((await screen.findByRole('alert')).textContent).toBe(GROUP_MSG.joined);
    refuse = false;
    await user.click(screen.getByRole('button', { name: '确认支付' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/pay/g'));
    const [first, second] = callsTo(callMock, 'group.join');
    expect(first).toEqual({ groupID: 8, payType: 'sandbox', equipment: 'web_h5', requestId: expect.any(String) });
    expect(second!.requestId).not.toBe(first!.requestId);
  });

  it('a group that is gone offers a new one; a version without a group offer says so', async () => {
    fakeApi(callMock, { 'shop.pricelist': () => priceData(), 'group.list': () => ({ list: [offer(friends())] }) });
    const gone = renderScreen(<PayPageScreen />, { path: '/payPage', url: '/payPage?appID=1001&vn=2&group=9' });
    expect(await screen.findByText('该拼团已满员或已结束，您可以发起新的拼团')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: '发起新的拼团' }));
    expect(gone.where()).toBe('/payPage?appID=1001&vn=2&group=new');
    expect(await screen.findByText('3人团 · 24小时内成团')).toBeTruthy();
    gone.unmount();
    renderScreen(<PayPageScreen />, { path: '/payPage', url: '/payPage?appID=1001&vn=3&group=new' });
    expect(await screen.findByText(GROUP_MSG.noOffer)).toBeTruthy();
  });
});

describe('/mypink', () => {
  it("shows each group's progress and what happened to the learner's order", async () => {
    type Mine = ReplyData<'group.mine'>['list'][number];
    const g = (extra: Partial<Mine>): Mine => ({
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
