import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { decksKey } from '../../entities/reading/api';
import { agentStore, DEFAULT_AGENT } from '../../lib/agent';
import { saveLogin } from '../../lib/session';
import { clearSubjectCaches, markSubjectChosen, saveSelectedSubject, savePendingSubject, storeModuleInfo, storeVipinfo } from '../../lib/subject';
import { alertMsg } from '../../ui/dialogs';
import { showNoContent } from '../../ui/no-content';
import { chooseSubject } from '../../entities/subject/choose-subject';
import { callsTo, demoLogin, renderScreen, resetStorage } from '../../test/screens';
import HomeScreen from './home-screen';
import { seenNoticeIds } from './notice-window';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs'); // ui/__mocks__/dialogs.ts
vi.mock('../../ui/no-content', () => ({ showNoContent: vi.fn() }));
vi.mock('../../entities/subject/choose-subject', () => ({ chooseSubject: vi.fn() }));

const callMock = call as unknown as Mock;
const chooseMock = chooseSubject as unknown as Mock;
const user = () => userEvent.setup();

import { api, gridData, mod, modules, nursing } from './home-setup';

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  agentStore.set(null);
});

describe('/homePage: which subject', () => {
  it('resumes the subject a guest chose before logging in', async () => {
    savePendingSubject({ AppID: 1001, AppEName: 'HSZYZG', AppName: '护士执业资格', CName: '护理学类' });
    chooseMock.mockImplementation(async () => {
      saveSelectedSubject(nursing);
      return { kind: 'chosen', subject: nursing };
    });
    api();
    renderScreen(<HomeScreen />, { path: '/homePage' });
    expect(await screen.findByRole('heading', { name: '护士执业资格' })).toBeTruthy();
    expect(chooseMock).toHaveBeenCalledTimes(1);
    expect(chooseMock.mock.calls[0]![0]).toMatchObject({ AppID: 1001, AppName: '护士执业资格' });
    expect(callsTo(callMock, 'subject.getLastApp')).toHaveLength(0);
  });

  it('the subject a guest chose wins over an earlier selection still on the device', async () => {
    saveSelectedSubject({ ...nursing, AppID: 2001, AppEName: 'ZYYSXY', AppName: '执业药师(西药)', AppCName: '药学类' });
    savePendingSubject({ AppID: 1001, AppEName: 'HSZYZG', AppName: '护士执业资格', CName: '护理学类' });
    chooseMock.mockImplementation(async () => {
      saveSelectedSubject(nursing);
      return { kind: 'chosen', subject: nursing };
    });
    api();
    renderScreen(<HomeScreen />, { path: '/homePage' });
    expect(await screen.findByRole('heading', { name: '护士执业资格' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '执业药师(西药)' })).toBeNull();
    expect(chooseMock).toHaveBeenCalledTimes(1);
  });

  it("restores the learner's last subject from the server (getLastApp) with its version", async () => {
    chooseMock.mockImplementation(async () => ({ kind: 'chosen', subject: nursing }));
    api({ 'subject.getLastApp': () => ({ AppID: 1001, AppVn: '3', AppEName: 'HSZYZG', AppName: '护士执业资格', CName: '护理学类' }) });
    renderScreen(<HomeScreen />, { path: '/homePage', url: '/homePage?fromUrl=mainJS' });
    expect(await screen.findByRole('heading', { name: '护士执业资格' })).toBeTruthy();
    expect(chooseMock).toHaveBeenCalledTimes(1);
    expect(chooseMock.mock.calls[0]![0]).toEqual({ AppID: 1001, AppEName: 'HSZYZG', AppName: '护士执业资格', CName: '护理学类', vn: '3' });
  });

  it('the change-info check while home is open (fromUrl=mainJS): the subject is chosen again, with its fresh purchases', async () => {
    saveSelectedSubject(nursing);
    const paid = { ...nursing, curAppvn: '2', curAppVname: 'VIP班' };
    chooseMock.mockImplementation(async () => {
      saveSelectedSubject(paid);
      return { kind: 'chosen', subject: paid };
    });
    api({ 'subject.getLastApp': () => ({ AppID: 1001, AppVn: '3', AppEName: 'HSZYZG', AppName: '护士执业资格', CName: '护理学类' }) });
    const { router, where } = renderScreen(<HomeScreen />, { path: '/homePage' });
    expect(await screen.findByText('试用版')).toBeTruthy();
    clearSubjectCaches();
    await router.navigate('/homePage?fromUrl=mainJS');
    expect(await screen.findByText('VIP班')).toBeTruthy();
    expect(chooseMock).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(where()).toBe('/homePage'));
  });

  it("offers '选择科目' when there is no subject anywhere", async () => {
    api();
    renderScreen(<HomeScreen />, { path: '/homePage' });
    expect(await screen.findByRole('heading', { name: '还没有选择科目' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '选择科目' }).getAttribute('href')).toBe('/switchSub');
    expect(chooseMock).not.toHaveBeenCalled();
  });
});

describe('/homePage: the subject', () => {
  beforeEach(() => saveSelectedSubject(nursing));

  it("shows the subject, the '试用版' badge, '切换' and the shortcuts", async () => {
    api();
    renderScreen(<HomeScreen />, { path: '/homePage' });
    expect(await screen.findByRole('heading', { name: '护士执业资格' })).toBeTruthy();
    expect(screen.getByText('试用版')).toBeTruthy();
    expect(screen.getByRole('link', { name: '切换科目' }).getAttribute('href')).toBe('/switchSub');
    for (const [name, href] of [
      ['会员中心', '/memberCenter'],
      ['考试介绍', '/introduce'],
      ['新手引导', '/Guidance'],
      ['激活码', '/buyapp'],
    ]) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
  });

  it('draws the module grid from moduleInfoX with locks and red dots, and stores it', async () => {
    api();
    renderScreen(<HomeScreen />, { path: '/homePage' });
    await screen.findByRole('button', { name: '视频精讲（未开通）' });
    expect(screen.getByTestId('lock-video')).toBeTruthy();
    expect(screen.getByTestId('lock-live')).toBeTruthy();
    expect(screen.queryByTestId('lock-chapter')).toBeNull();
    expect(await screen.findByTestId('red-dot-chapter')).toBeTruthy();
    expect(screen.queryByTestId('red-dot-video')).toBeNull();
    expect(callsTo(callMock, 'subject.moduleInfoX')[0]).toMatchObject({ appID: 1001, vn: '3' });
    expect(JSON.parse(localStorage.getItem('moduleInfoX') ?? 'null')).toMatchObject({ appID: 1001, vn: '3' });
  });

  it("速记's tile tells the reviews due and the new cards left today apart; without the tile, no decks call", async () => {
    const decks = (due: number, fresh: number, newLeft: number) => ({ AppID: 1001, total: 120, due, fresh, newLeft, reviewedToday: 0, decks: [], unlocking: [] });
    const withTile = (due: number, fresh: number, newLeft: number) =>
      api({ 'subject.moduleInfoX': () => gridData([...modules, mod('shorthand', '速记', '/siteShorthand', true)]), 'shorthand.decks': () => decks(due, fresh, newLeft) });
    withTile(4, 26, 20);
    const first = renderScreen(<HomeScreen />, { path: '/homePage' });
    expect((await screen.findByTestId('badge-shorthand')).textContent).toBe('4');
    expect(screen.getByRole('button', { name: '速记（今日待复习 4 · 新卡 20）' })).toBeTruthy();
    expect(callsTo(callMock, 'shorthand.decks')).toEqual([{ appID: 1001 }]);
    first.unmount();

    // Nothing due, 20 new cards allowed today: the tile says new cards, never 20 to review.
    withTile(0, 26, 20);
    const fresh = renderScreen(<HomeScreen />, { path: '/homePage' });
    expect((await screen.findByTestId('badge-shorthand')).textContent).toBe('新20');
    expect(screen.getByRole('button', { name: '速记（今日待复习 0 · 新卡 20）' })).toBeTruthy();
    fresh.unmount();

    // Fewer new cards than today's allowance: all of them; nothing at all: no badge.
    withTile(2, 3, 20);
    const second = renderScreen(<HomeScreen />, { path: '/homePage' });
    expect(await screen.findByRole('button', { name: '速记（今日待复习 2 · 新卡 3）' })).toBeTruthy();
    second.unmount();
    withTile(0, 0, 20);
    const none = renderScreen(<HomeScreen />, { path: '/homePage' });
    await waitFor(() => expect(none.queryClient.getQueryState(decksKey(1001))?.status).toBe('success'));
    expect(await screen.findByRole('button', { name: '速记' })).toBeTruthy();
    expect(screen.queryByTestId('badge-shorthand')).toBeNull();
    none.unmount();

    localStorage.removeItem('moduleInfoX'); // the stored grid (with the tile) would paint first
    callMock.mockClear();
    api({ 'shorthand.decks': () => decks(4, 26, 20) });
    renderScreen(<HomeScreen />, { path: '/homePage' });
    await screen.findByRole('button', { name: '视频精讲（未开通）' });
    expect(screen.queryByTestId('badge-shorthand')).toBeNull();
    expect(callsTo(callMock, 'shorthand.decks')).toEqual([]);
  });

  it('paints at once from the stored grid, then refreshes it', async () => {
    storeModuleInfo(gridData([mod('old', '旧模块', '/x', true)]));
    api();
    renderScreen(<HomeScreen />, { path: '/homePage' });
    expect(screen.getByRole('button', { name: '旧模块' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: '视频精讲（未开通）' })).toBeTruthy();
  });

  it('an open module marks its red dot read and opens its screen', async () => {
    api();
    const { where } = renderScreen(<HomeScreen />, { path: '/homePage' });
    await user().click(await screen.findByRole('button', { name: '考试介绍' }));
    await waitFor(() => expect(where()).toBe('/introduce'));
    expect(callsTo(callMock, 'subject.redDotRead')[0]).toMatchObject({ appID: 1001, moduleID: 'intro' });
  });

  it('an open module whose screen is not built yet shows the no-content dialog; its red dot goes', async () => {
    // A module an agent configured whose screen the app does not have (every route of spec §2 has its screen now).
    api({
      'subject.moduleInfoX': () => gridData([...modules, mod('community', '学员社区', '/community', true)]),
      'subject.redDotList': () => ({ modules: ['community'] }),
    });
    const { where } = renderScreen(<HomeScreen />, { path: '/homePage' });
    await screen.findByTestId('red-dot-community');
    await user().click(screen.getByRole('button', { name: '学员社区（有更新）' }));
    expect(showNoContent).toHaveBeenCalledTimes(1);
    expect(where()).toBe('/homePage');
    expect(callsTo(callMock, 'subject.redDotRead')[0]).toMatchObject({ moduleID: 'community' });
    expect(screen.queryByTestId('red-dot-community')).toBeNull();
  });

  it('a locked module shows the buy prompt with the current class and the unlocking versions', async () => {
    api();
    const { where } = renderScreen(<HomeScreen />, { path: '/homePage' });
    await user().click(await screen.findByRole('button', { name: '视频精讲（未开通）' }));
    const prompt = screen.getByRole('dialog');
    expect(within(prompt).getByText('当前班次：')).toBeTruthy();
    expect(within(prompt).getByText('试用版')).toBeTruthy();
    expect(within(prompt).getByText('开通以下任一班次可使用该功能')).toBeTruthy();
    expect(within(prompt).getByText('VIP班')).toBeTruthy();
    expect(within(prompt).getByText('至尊班')).toBeTruthy();
    expect(within(prompt).getByText('如果您已经购买，请重新登录')).toBeTruthy();
    expect(callsTo(callMock, 'subject.redDotRead')).toHaveLength(0);
    await user().click(within(prompt).getByRole('button', { name: '去开通' }));
    // Two versions open it: no posSlide.
    await waitFor(() => expect(where()).toBe('/buyApp?moduleType=dialog'));
  });

  it('the buy prompt shows what each class includes (from the cached version list), so the paid value is visible', async () => {
    storeVipinfo(1001, {
      list: [
        {
          vn: '2',
          vname: 'VIP班',
          vnorder: 2,
          vnjson: [
            { id: 'chapter', name: '章节练习', route: '/chapterMenu' },
            { id: 'video', name: '视频精讲', route: '/videoList' },
          ],
        },
        {
          vn: '3',
          vname: '至尊班',
          vnorder: 3,
          vnjson: [
            { id: 'video', name: '视频精讲', route: '/videoList' },
            { id: 'live', name: '直播课堂', route: '/livelist' },
          ],
        },
      ],
      vipdata: null,
    } as unknown as Parameters<typeof storeVipinfo>[1]);
    api();
    renderScreen(<HomeScreen />, { path: '/homePage' });
    await user().click(await screen.findByRole('button', { name: '视频精讲（未开通）' }));
    const prompt = screen.getByRole('dialog');
    expect(within(prompt).getByText('包含：章节练习、视频精讲')).toBeTruthy();
    expect(within(prompt).getByText('包含：视频精讲、直播课堂')).toBeTruthy();
  });

  it("a module one version opens: '去开通' preselects it (posSlide); '取消' closes", async () => {
    api();
    const { where } = renderScreen(<HomeScreen />, { path: '/homePage' });
    const u = user();
    await u.click(await screen.findByRole('button', { name: '直播课堂（未开通）' }));
    await u.click(within(screen.getByRole('dialog')).getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await u.click(screen.getByRole('button', { name: '直播课堂（未开通）' }));
    await u.click(within(screen.getByRole('dialog')).getByRole('button', { name: '去开通' }));
    await waitFor(() => expect(where()).toBe('/buyApp?moduleType=dialog&posSlide=3'));
  });

  it('contact-only agents (7021004, 05319003) see only the contact message and 我知道了', async () => {
    agentStore.set({ ...DEFAULT_AGENT, AgentCode: '7021004', Flags: { ...DEFAULT_AGENT.Flags, contactOnly: true } });
    api();
    const { where } = renderScreen(<HomeScreen />, { path: '/homePage' });
    await user().click(await screen.findByRole('button', { name: '视频精讲（未开通）' }));
    const prompt = screen.getByRole('dialog');
    expect(within(prompt).getByText('该功能需联系客服购买后方可使用')).toBeTruthy();
    expect(within(prompt).queryByText('开通以下任一班次可使用该功能')).toBeNull();
    expect(within(prompt).queryByRole('button', { name: '去开通' })).toBeNull();
    expect(
      within(prompt)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['我知道了']);
    await user().click(within(prompt).getByRole('button', { name: '我知道了' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(where()).toBe('/homePage');
  });

  it('acknowledge-only agents (7021006) see the versions with only 我知道了', async () => {
    agentStore.set({ ...DEFAULT_AGENT, AgentCode: '7021006', Flags: { ...DEFAULT_AGENT.Flags, ackOnly: true } });
    api();
    renderScreen(<HomeScreen />, { path: '/homePage' });
    await user().click(await screen.findByRole('button', { name: '视频精讲（未开通）' }));
    const prompt = screen.getByRole('dialog');
    expect(within(prompt).getByText('开通以下任一班次可使用该功能')).toBeTruthy();
    expect(within(prompt).getByText('VIP班')).toBeTruthy();
    expect(
      within(prompt)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['我知道了']);
  });

  it('checks once whether cached modules went down, and fetches the grid again when some did', async () => {
    storeModuleInfo(gridData());
    let n = 0;
    api({
      'subject.checkUserModulesDown': () => ({ subjectDown: false, modulesDown: ['live'] }),
      'subject.moduleInfoX': () => {
        n += 1;
        return gridData(n === 1 ? modules : modules.filter((m) => m.id !== 'live'));
      },
    });
    renderScreen(<HomeScreen />, { path: '/homePage' });
    await waitFor(() => expect(screen.queryByRole('button', { name: '直播课堂（未开通）' })).toBeNull());
    expect(callsTo(callMock, 'subject.checkUserModulesDown')).toEqual([{ appID: 1001, moduleIDs: 'chapter,intro,video,live' }]);
    expect(callsTo(callMock, 'subject.moduleInfoX').length).toBeGreaterThanOrEqual(2);
  });

  it("an off-shelf subject: '该科目已下架，请使用其他科目' and /switchSub", async () => {
    api({ 'subject.checkUserModulesDown': () => ({ subjectDown: true, modulesDown: [] }) });
    const { where } = renderScreen(<HomeScreen />, { path: '/homePage' });
    await waitFor(() => expect(where()).toBe('/switchSub'));
    expect(alertMsg).toHaveBeenCalledWith('该科目已下架，请使用其他科目');
  });

  it('banners: title over colour when there is no image; a tap records it and opens only safe in-app links', async () => {
    api({
      'subject.publish': () => ({
        list: [
          { ManagementID: 1, ImageID: 11, Title: '新课上线', SubTitle: '至尊班直播', ImageUrl: '', Link: '/memberCenter', Color: '#ff7a45' },
          { ManagementID: 2, ImageID: 12, Title: '外链', SubTitle: '', ImageUrl: '', Link: 'https://evil.example/', Color: '' },
        ],
      }),
    });
    const { where } = renderScreen(<HomeScreen />, { path: '/homePage' });
    const u = user();
    await u.click(await screen.findByRole('button', { name: '外链' }));
    expect(where()).toBe('/homePage');
    expect(screen.getByText('至尊班直播')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: /^新课上线/ }));
    await waitFor(() => expect(where()).toBe('/memberCenter'));
    expect(callsTo(callMock, 'subject.activityClick')).toEqual([
      { appID: 1001, guid: demoLogin.guid, manageMentID: 2, imageID: 12 },
      { appID: 1001, guid: demoLogin.guid, manageMentID: 1, imageID: 11 },
    ]);
  });

  it('opens the home a subject choice lands on without the notice window (the guest’s pick, then the login); a later visit shows it', async () => {
    savePendingSubject({ AppID: 1001, AppEName: 'HSZYZG', AppName: '护士执业资格', CName: '护理学类' });
    chooseMock.mockImplementation(async () => {
      saveSelectedSubject(nursing);
      markSubjectChosen(1001); // as chooseSubject does
      return { kind: 'chosen', subject: nursing };
    });
    api({ 'subject.messWindow': () => ({ window: { ID: 5, Title: '考试公告', Content: '报名开始了', Link: '', ButtonText: '好的' } }) });
    const chosen = renderScreen(<HomeScreen />, { path: '/homePage' });
    await screen.findByRole('button', { name: '视频精讲（未开通）' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(callMock, 'subject.messWindow')).toEqual([]);
    chosen.unmount();
    await new Promise((r) => setTimeout(r, 0));

    renderScreen(<HomeScreen />, { path: '/homePage' });
    expect(await screen.findByRole('dialog', { name: '考试公告' })).toBeTruthy();
  });

  it('shows a notice window once per device, as plain text', async () => {
    const notice = { ID: 5, Title: '考试公告', Content: '<b>报名</b>开始了', Link: '', ButtonText: '好的' };
    api({ 'subject.messWindow': () => ({ window: notice }) });
    const first = renderScreen(<HomeScreen />, { path: '/homePage' });
    const dialog = await screen.findByRole('dialog', { name: '考试公告' });
    expect(within(dialog).getByText('<b>报名</b>开始了')).toBeTruthy();
    await user().click(within(dialog).getByRole('button', { name: '好的' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(seenNoticeIds()).toEqual([5]);
    first.unmount();
    localStorage.removeItem('seenNotices');

    // Its '关闭' closes it without following the link.
    api({ 'subject.messWindow': () => ({ window: { ...notice, Link: '/Guidance' } }) });
    const second = renderScreen(<HomeScreen />, { path: '/homePage' });
    await user().click(within(await screen.findByRole('dialog', { name: '考试公告' })).getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(second.where()).toBe('/homePage');
    second.unmount();

    renderScreen(<HomeScreen />, { path: '/homePage' });
    await screen.findByRole('heading', { name: '护士执业资格' });
    await waitFor(() => expect(callsTo(callMock, 'subject.messWindow').length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
