import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { CATALOG_MSG, type DataOf, type PriceItem, type pricelist } from '@kaoshi/contract';
import { call } from '../../api/client';
import { agentStore, DEFAULT_AGENT } from '../../lib/agent';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject, storeModuleInfo, type SelectedSubject } from '../../lib/subject';
import { confirm, toast } from '../../ui/dialogs';
import { chooseSubject } from '../../entities/subject/choose-subject';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage, trialNursing, type ReplyData, type Handlers, shellHandlers } from '../../test/screens';
import { vipVersion, type VipVersion } from '../../test/fixtures/catalog';
import { priceData } from '../../test/fixtures/shop';
import BuyAppScreen from './buy-app-screen';
import MemberCenterScreen from './member-center-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs'); // ui/__mocks__/dialogs.ts
vi.mock('../../entities/subject/choose-subject', () => ({ chooseSubject: vi.fn(async () => ({ kind: 'chosen' })) }));

const callMock = call as unknown as Mock;
/** The shop's side panels (group buys, recent buyers): nothing, unless a test says. */
const around: Handlers = {
  'group.list': () => null,
  'sale.purchasedUserList': () => null,
};
const user = () => userEvent.setup();

const nursing: SelectedSubject = { ...trialNursing, curAppvn: '1', curAppVname: '基础班' };

const version = (vn: string, vname: string, vnorder: number, extra: Partial<VipVersion> = {}) =>
  vipVersion(vn, vname, vnorder, {
    vnjson: [
      { id: 'chapter', name: '章节练习', route: '/chapterMenu', free: true },
      { id: 'video', name: '视频精讲', route: '/videoList' },
    ],
    ...extra,
  });

const vipinfoData: ReplyData<'catalog.vipinfo'> = {
  list: [
    version('1', '基础班', 1, { isVip: 1, vnjson: [{ id: 'chapter', name: '章节练习', route: '/chapterMenu' }] }),
    version('2', 'VIP班', 2),
    version('3', '至尊班', 3),
    version('9', '内部班', 9, { buyListHide: true }),
  ],
  msdbMsg: '',
  vipdata: null,
  userInfoAll: [],
};

const scrolled = vi.fn();
beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  agentStore.set({ ...DEFAULT_AGENT, TelePhone: '400-888-0888', QQ: '800088888' });
  Element.prototype.scrollIntoView = scrolled;
});
afterEach(() => {
  delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
});

describe('/buyapp', () => {
  beforeEach(() => saveSelectedSubject(nursing));

  it('lists the versions on sale with prices and what each opens, highlights posSlide, buys or upgrades through /payPage, and shows the contacts', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'shop.pricelist': () => priceData(),
    });
    const { where } = renderScreen(<BuyAppScreen />, { path: '/buyapp', url: '/buyApp?moduleType=dialog&posSlide=2' });
    const vipCard = await screen.findByTestId('version-2');
    expect(vipCard.getAttribute('aria-current')).toBe('true');
    expect(scrolled).toHaveBeenCalled();
    expect(within(vipCard).getByText('包含：章节练习、视频精讲')).toBeTruthy();
    expect(within(vipCard).getByText('¥398.00')).toBeTruthy();
    expect(within(vipCard).getByText('¥598.00')).toBeTruthy();
    expect(within(screen.getByTestId('version-1')).getByText(/已开通/)).toBeTruthy();
    expect(within(screen.getByTestId('version-1')).getByRole('button', { name: '续费' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '联系客服' })).toBeTruthy();
    // 基础班 is held: a higher version offers a full year or the upgrade from it.
    expect(within(vipCard).getByRole('button', { name: '购买一年' })).toBeTruthy();
    await user().click(within(vipCard).getByRole('button', { name: '从基础班升级' }));
    expect(where()).toBe('/payPage?appID=1001&vn=2&fromVn=1');
  });

  it('tags recommended versions and shows who bought lately, masked', async () => {
    const data = priceData();
    data.items[1] = { ...data.items[1]!, group: 1 };
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'shop.pricelist': () => data,
      'sale.purchasedUserList': () => ({ list: [{ user: '138****0001', vname: 'VIP班', at: new Date(Date.now() - 5 * 60_000).toISOString() }], hasMore: false }),
    });
    renderScreen(<BuyAppScreen />, { path: '/buyapp' });
    expect(within(await screen.findByTestId('version-2')).getByText('推荐')).toBeTruthy();
    expect((await screen.findByLabelText('最近开通')).textContent).toContain('138****0001 5分钟前开通了VIP班');
  });

  it('shows prices without a buy button when the agent sells nothing online', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'shop.pricelist': () => ({ ...priceData(), payTypes: [], buyDisabled: true }),
    });
    renderScreen(<BuyAppScreen />, { path: '/buyapp' });
    expect(within(await screen.findByTestId('version-2')).queryByRole('button')).toBeNull();
    expect(screen.getByText(/当前渠道暂不支持在线购买/)).toBeTruthy();
  });

  it("redeems a code: '激活成功', the subject is chosen again, home (replace)", async () => {
    storeModuleInfo({ AppID: 1001, AppEName: 'HSZYZG', AppName: '护士执业资格', CName: '', vn: '3', vname: '至尊班', current: null, modules: [] });
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'catalog.vipinfo': () => vipinfoData,
      'catalog.useCode': () => ({ AppID: 1001, AppVn: '2', AppVnName: 'VIP班', VnOrder: 2, EndTime: '2027-11-21T00:00:00.000Z' }),
    });
    const { where } = renderScreen(<BuyAppScreen />, { path: '/buyapp' });
    const u = user();
    await u.type(screen.getByPlaceholderText('请输入激活码'), ' HSZY-VIP2-2026 ');
    await u.click(screen.getByRole('button', { name: '立即激活' }));
    await waitFor(() => expect(where()).toBe('/homePage'));
    expect(callsTo(callMock, 'catalog.useCode')[0]).toEqual({ code: 'HSZY-VIP2-2026', userName: '13800000000', appID: 1001, device: 'web_pc' });
    expect(toast).toHaveBeenCalledWith('激活成功');
    expect(localStorage.getItem('moduleInfoX')).toBeNull();
    expect(chooseSubject).toHaveBeenCalledWith({ AppID: 1001, AppEName: 'HSZYZG', AppName: '护士执业资格', CName: '护理学类', vn: '3' });
  });

  it.each([CATALOG_MSG.codeUnknown, CATALOG_MSG.codeUsed, CATALOG_MSG.codeExpired, CATALOG_MSG.codeWrongSubject, CATALOG_MSG.codeTooMany])(
    "shows '%s' under the field, silently",
    async (msg) => {
      fakeApi(callMock, {
        ...shellHandlers(),
        ...around,
        'catalog.vipinfo': () => vipinfoData,
        'catalog.useCode': () => fail(msg === CATALOG_MSG.codeTooMany ? 429 : 400, msg),
      });
      const { where } = renderScreen(<BuyAppScreen />, { path: '/buyapp' });
      const u = user();
      await u.type(screen.getByPlaceholderText('请输入激活码'), 'ABC');
      await u.click(screen.getByRole('button', { name: '立即激活' }));
      expect((await screen.findByRole('alert')).textContent).toBe(msg);
      expect(callMock.mock.calls.find(([d]) => d.id === 'catalog.useCode')?.[2]).toEqual({ silent: true });
      expect(where()).toBe('/buyapp');
      expect(toast).not.toHaveBeenCalled();
    },
  );

  it('asks for a code before calling', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'catalog.vipinfo': () => vipinfoData,
    });
    renderScreen(<BuyAppScreen />, { path: '/buyapp' });
    await user().click(screen.getByRole('button', { name: '立即激活' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入激活码');
    expect(callsTo(callMock, 'catalog.useCode')).toHaveLength(0);
  });
});

describe('/buyapp: what a learner is offered for what they hold', () => {
  beforeEach(() => saveSelectedSubject(nursing));

  const NAMES: Record<string, string> = { chapter: '章节练习', paper: '历年真题', video: '视频精讲', live: '直播课堂', mock: '全真模考' };
  const item = (vn: string, vname: string, vnorder: number, modules: string[], extra: Partial<PriceItem> = {}): PriceItem => ({
    vn,
    vname,
    vnorder,
    price: 10000 * vnorder,
    originalPrice: 10000 * vnorder + 20000,
    validityDays: 365,
    group: 0,
    modules: modules.map((id) => ({ id, name: NAMES[id]! })),
    isVip: 0,
    heldUntil: null,
    ...extra,
  });
  const prices = (items: PriceItem[]): DataOf<typeof pricelist> => ({
    appID: 1001,
    appName: '护士执业资格',
    items,
    books: [],
    payTypes: ['sandbox'],
    customPayUrl: null,
    buyDisabled: false,
  });
  const held = (until: string): Partial<PriceItem> => ({ isVip: 1, heldUntil: until });
  const basic = (extra: Partial<PriceItem> = {}) => item('1', '基础班', 1, ['chapter', 'paper'], extra);
  const vip = (extra: Partial<PriceItem> = {}) => item('2', 'VIP班', 2, ['chapter', 'paper', 'video'], extra);
  const top = (extra: Partial<PriceItem> = {}) => item('3', '至尊班', 3, ['chapter', 'paper', 'video', 'live', 'mock'], extra);
  const mock = item('4_MNDB', '考前模拟_MNDB', 4, ['chapter', 'mock'], { validityDays: 90 });

  it('names a version’s real validity on its buy button (90 天, not 一年) and offers no upgrade into a product that lacks the held one (考前模拟)', async () => {
    const sprint = item('5', '冲刺班', 5, ['chapter', 'paper', 'mock'], { validityDays: 90 });
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'shop.pricelist': () => prices([basic(held('2027-06-01T12:00:00.000Z')), vip(), mock, sprint]),
    });
    renderScreen(<BuyAppScreen />, { path: '/buyapp' });
    const sprintCard = await screen.findByTestId('version-5');
    expect(within(sprintCard).getByRole('button', { name: '购买90天' })).toBeTruthy();
    expect(within(sprintCard).getByRole('button', { name: '从基础班升级' })).toBeTruthy();
    expect(within(sprintCard).queryByRole('button', { name: '购买一年' })).toBeNull();
    expect(within(screen.getByTestId('version-2')).getByRole('button', { name: '购买一年' })).toBeTruthy();
    const mockCard = screen.getByTestId('version-4_MNDB');
    expect(mockCard.textContent).toContain('有效期 90 天');
    expect(
      within(mockCard)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['立即购买']);
  });

  it('a 至尊班 holder sees 基础班, VIP班 and 考前模拟 as 已包含 and is asked before buying one; 续费 only for what they hold', async () => {
    const until = '2027-06-01T12:00:00.000Z';
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'shop.pricelist': () => prices([basic(), vip(held('2027-01-10T12:00:00.000Z')), top(held(until)), mock]),
    });
    const { where } = renderScreen(<BuyAppScreen />, { path: '/buyapp' });
    const basicCard = await screen.findByTestId('version-1');
    for (const vn of ['1', '2', '4_MNDB']) {
      const card = screen.getByTestId(`version-${vn}`);
      expect(within(card).getByText('已包含')).toBeTruthy();
      expect(card.textContent).toContain('您的至尊班（至 2027-06-01）已包含本班次的全部内容');
      expect(within(card).queryByRole('button', { name: /升级|购买一年/ })).toBeNull();
    }
    expect(within(basicCard).getByRole('button', { name: '立即购买' })).toBeTruthy();
    expect(within(screen.getByTestId('version-2')).getByRole('button', { name: '续费' })).toBeTruthy();
    expect(screen.getByTestId('version-2').textContent).toContain('本班次已开通至 2027-01-10');
    // The version held at the top is renewed without a question.
    expect(within(screen.getByTestId('version-3')).queryByText('已包含')).toBeNull();

    const u = user();
    (confirm as Mock).mockResolvedValueOnce(false);
    await u.click(within(basicCard).getByRole('button', { name: '立即购买' }));
    expect(confirm).toHaveBeenLastCalledWith(
      expect.objectContaining({
        title: '无需重复购买',
        content: '您已拥有至尊班（有效期至 2027-06-01），已包含基础班的全部内容，有效期内不必另外购买。确定仍要购买基础班吗？',
        confirmText: '仍要购买',
      }),
    );
    expect(where()).toBe('/buyapp');
    await u.click(within(screen.getByTestId('version-2')).getByRole('button', { name: '续费' }));
    expect(confirm).toHaveBeenLastCalledWith(expect.objectContaining({ confirmText: '仍要续费' }));
    await waitFor(() => expect(where()).toBe('/payPage?appID=1001&vn=2'));
  });

  it('a VIP班 holder is not warned about 至尊班 (it adds to what they hold) and may upgrade into it', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'shop.pricelist': () => prices([basic(), vip(held('2027-06-01T12:00:00.000Z')), top()]),
    });
    const { where } = renderScreen(<BuyAppScreen />, { path: '/buyapp' });
    const topCard = await screen.findByTestId('version-3');
    expect(within(topCard).queryByText('已包含')).toBeNull();
    expect(within(screen.getByTestId('version-1')).getByText('已包含')).toBeTruthy();
    await user().click(within(topCard).getByRole('button', { name: '从VIP班升级' }));
    expect(confirm).not.toHaveBeenCalled();
    expect(where()).toBe('/payPage?appID=1001&vn=3&fromVn=2');
  });
});

describe('/buyapp without a subject', () => {
  it('asks to choose one first', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
    });
    const { where } = renderScreen(<BuyAppScreen />, { path: '/buyapp' });
    await user().click(screen.getByRole('button', { name: '选择科目' }));
    await waitFor(() => expect(where()).toBe('/switchSub'));
    expect(callsTo(callMock, 'catalog.vipinfo')).toHaveLength(0);
  });
});

describe('/memberCenter', () => {
  it("lists purchases: subject, version, '有效期至' or '已过期', and the modules", async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'shop.userOrderList': () => ({ list: [], hasMore: false }),
      'subject.myPurchases': () => ({
        list: [
          {
            AppID: 1001,
            AppEName: 'HSZYZG',
            AppName: '护士执业资格',
            AppVn: '3',
            AppVnName: '至尊班',
            VnOrder: 3,
            EndTime: '2027-06-30T08:00:00.000Z',
            valid: true,
            modules: [
              { id: 'video', name: '视频精讲' },
              { id: 'live', name: '直播课堂' },
            ],
          },
          {
            AppID: 1002,
            AppEName: 'ZGHS',
            AppName: '主管护师',
            AppVn: '1',
            AppVnName: '基础班',
            VnOrder: 1,
            EndTime: '2025-01-01T08:00:00.000Z',
            valid: false,
            modules: [],
          },
        ],
      }),
    });
    renderScreen(<MemberCenterScreen />, { path: '/memberCenter' });
    expect(await screen.findByRole('heading', { name: '护士执业资格' })).toBeTruthy();
    expect(screen.getByText('至尊班')).toBeTruthy();
    expect(screen.getByText('有效期至 2027-06-30')).toBeTruthy();
    expect(screen.getByText('包含：视频精讲、直播课堂')).toBeTruthy();
    expect(screen.getByText('已过期')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '主管护师' })).toBeTruthy();
  });

  it("empty: '您还没有开通任何班次' and a way to /buyapp", async () => {
    saveSelectedSubject(nursing);
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'subject.myPurchases': () => ({ list: [] }),
      'shop.userOrderList': () => ({ list: [], hasMore: false }),
    });
    const { where } = renderScreen(<MemberCenterScreen />, { path: '/memberCenter' });
    expect(await screen.findByText('您还没有开通任何班次')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '去开通' }));
    await waitFor(() => expect(where()).toBe('/buyapp'));
  });

  it('empty without a subject: the button leads to /switchSub', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'subject.myPurchases': () => ({ list: [] }),
      'shop.userOrderList': () => ({ list: [], hasMore: false }),
    });
    const { where } = renderScreen(<MemberCenterScreen />, { path: '/memberCenter' });
    await user().click(await screen.findByRole('button', { name: '选择科目' }));
    await waitFor(() => expect(where()).toBe('/switchSub'));
  });
});
