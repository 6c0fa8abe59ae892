import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { saveLogin } from '../../lib/session';
import { cookies, local } from '../../lib/storage';
import { alertMsg } from '../../ui/dialogs';
import { callsTo, demoLogin, fail, fakeApi, optionsOf, renderScreen, resetStorage, type ReplyData, shellHandlers } from '../../test/screens';
import { versionListOf, vipinfoOf } from '../../test/fixtures/catalog';
import AppointSubScreen from './appoint-sub-screen';
import { classGroups } from './class-tree';
import { rememberSubject } from '../../lib/recent-subjects';
import SearchClassScreen from './search-class-screen';
import SwitchBannerScreen from './switch-banner-screen';
import SwitchSubScreen from './switch-sub-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs'); // ui/__mocks__/dialogs.ts

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

type Subject = ReplyData<'catalog.getKsbClass'>['subjects'][number];
const subj = (AppID: number, AppEName: string, AppName: string, CName: string, ClassID: number, Level: Subject['Level'] = 'zhiye'): Subject => ({
  AppID,
  AppEName,
  AppName,
  CName,
  ClassID,
  Level,
});
const HS = subj(1001, 'HSZYZG', '护士执业资格', '护理学类', 11);
const ZGHS = subj(1002, 'ZGHS', '主管护师', '护理学类', 11, 'gaoji');
const YS = subj(2001, 'ZYYS_XY', '执业药师(西药)', '药学类', 12);
const LC = subj(3001, 'LCZYYS', '临床执业医师', '临床医学类', 13);
const catalog: ReplyData<'catalog.getKsbClass'> = {
  classes: [
    { ID: 13, Name: '临床医学类', Order: 3, ParentID: 10 },
    { ID: 10, Name: '医药卫生', Order: 1, ParentID: null },
    { ID: 11, Name: '护理学类', Order: 1, ParentID: 10 },
    { ID: 12, Name: '药学类', Order: 2, ParentID: 10 },
  ],
  subjects: [HS, ZGHS, YS, LC],
};
const chapterModule = { id: 'chapter', name: '章节练习', route: '/chapterMenu', free: true, vns: ['1', '2'] };
const versions = versionListOf({ chapter: chapterModule }, [
  { AppID: 1001, AppEName: 'HSZYZG', CName: '护理学类', vn: '1', vname: '基础班', vnorder: 1 },
  { AppID: 1001, AppEName: 'HSZYZG', CName: '护理学类', vn: '2', vname: 'VIP班', vnorder: 2 },
]);
const choosing = {
  'catalog.versionList': () => versions,
  'catalog.vipApp': () => [],
  'catalog.vipinfo': () => vipinfoOf(),
};
const selectSubject = (AppID: number) =>
  cookies.setJSON('SELECTEDAPPNEW', {
    AppID,
    AppEName: 'X',
    AppName: 'X',
    AppCName: '',
    AppVn: '1',
    AppVname: '基础班',
    curAppvn: '-1',
    curAppVname: '试用版',
  });

beforeEach(() => {
  resetStorage();
  window.history.replaceState(null, '', '/?ac=888');
});

describe('classGroups', () => {
  it('groups the classes holding subjects under their top-level class, in tree order', () => {
    const groups = classGroups(catalog as never);
    expect(groups.map((g) => g.Name)).toEqual(['医药卫生']);
    expect(groups[0]!.classes.map((c) => [c.Name, c.subjects.map((s) => s.AppID)])).toEqual([
      ['护理学类', [1001, 1002]],
      ['药学类', [2001]],
      ['临床医学类', [3001]],
    ]);
  });

  it('lists subjects of an unknown class under 其他, and a top-level class holding subjects as its own group', () => {
    const groups = classGroups({
      classes: [{ ID: 20, Name: '财会', Order: 2, ParentID: null }],
      subjects: [subj(1, 'A', '会计', '财会', 20), subj(2, 'B', '孤儿', '?', 99)],
    } as never);
    expect(groups.map((g) => [g.Name, g.classes.map((c) => c.Name)])).toEqual([
      ['财会', ['财会']],
      ['其他', ['其他科目']],
    ]);
  });
});

describe('/switchSub', () => {
  it("shows the tenant's classes and the current subject's class, marked '当前'", async () => {
    saveLogin(demoLogin);
    selectSubject(2001);
    fakeApi(callMock, { ...shellHandlers(), 'catalog.getKsbClass': () => catalog });
    renderScreen(<SwitchSubScreen />, { path: '/switchSub' });

    expect(await screen.findByRole('button', { name: /执业药师\(西药\)/ })).toBeTruthy();
    expect(callsTo(callMock, 'catalog.getKsbClass')[0]).toEqual({ agentCode: '888' });
    const nav = screen.getByRole('navigation', { name: '科目分类' });
    expect(within(nav).getByText('医药卫生')).toBeTruthy();
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['护理学类', '药学类', '临床医学类']);
    expect(within(nav).getByRole('button', { name: '药学类' }).getAttribute('aria-pressed')).toBe('true');
    const current = screen.getByRole('button', { name: /执业药师\(西药\)/ });
    expect(current.getAttribute('aria-current')).toBe('true');
    expect(within(current).getByText('当前')).toBeTruthy();
    expect(within(current).getByText('执业资格')).toBeTruthy();
  });

  it('switches class, and a tapped subject is chosen (§4) and leads to /homePage', async () => {
    saveLogin(demoLogin);
    fakeApi(callMock, { ...shellHandlers(), 'catalog.getKsbClass': () => catalog, ...choosing });
    const { where } = renderScreen(<SwitchSubScreen />, { path: '/switchSub' });
    const u = user();
    // No subject selected yet: the first class is open.
    expect(await screen.findByRole('button', { name: /主管护师/ })).toBeTruthy();
    expect(screen.getByText('高级职称')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: '临床医学类' }));
    expect(screen.queryByRole('button', { name: /主管护师/ })).toBeNull();
    await u.click(screen.getByRole('button', { name: /临床执业医师/ }));

    await waitFor(() => expect(where()).toBe('/homePage'));
    expect(callsTo(callMock, 'catalog.versionList')[0]).toMatchObject({ appID: 3001 });
    expect(cookies.getJSON('SELECTEDAPPNEW')).toMatchObject({ AppID: 3001, AppName: '临床执业医师', AppCName: '护理学类', AppVn: '2', curAppvn: '-1' });
  });

  it('a guest may browse; tapping a subject asks to log in and keeps it as temporaryAppinfo', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'catalog.getKsbClass': () => catalog });
    const { where } = renderScreen(<SwitchSubScreen />, { path: '/switchSub', url: '/switchSub?ac=888' });
    await user().click(await screen.findByRole('button', { name: /护士执业资格/ }));

    await waitFor(() => expect(where()).toBe('/login?ac=888'));
    expect(alertMsg).toHaveBeenCalledWith('您当前尚未登录，请登录后再使用');
    expect(local.getJSON('temporaryAppinfo')).toEqual({ AppID: 1001, AppEName: 'HSZYZG', AppName: '护士执业资格', CName: '护理学类' });
    expect(callsTo(callMock, 'catalog.versionList')).toHaveLength(0);
  });

  it('an off-shelf subject stays on the list with the message', async () => {
    saveLogin(demoLogin);
    fakeApi(callMock, { ...shellHandlers(), 'catalog.getKsbClass': () => catalog, 'catalog.versionList': () => versionListOf({}, []) });
    const { where } = renderScreen(<SwitchSubScreen />, { path: '/switchSub' });
    await user().click(await screen.findByRole('button', { name: /护士执业资格/ }));
    await waitFor(() => expect(alertMsg).toHaveBeenCalledWith('该科目已下架，请使用其他科目'));
    expect(where()).toBe('/switchSub');
  });

  it('shows a failed load with a retry, silently (no alert)', async () => {
    let n = 0;
    fakeApi(callMock, { ...shellHandlers(), 'catalog.getKsbClass': () => (n++ === 0 ? fail(500, '服务器开小差了，请稍后重试') : catalog) });
    renderScreen(<SwitchSubScreen />, { path: '/switchSub' });
    expect(await screen.findByText('服务器开小差了，请稍后重试')).toBeTruthy();
    expect(optionsOf(callMock, 'catalog.getKsbClass')).toMatchObject({ silent: true });
    await user().click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('button', { name: /护士执业资格/ })).toBeTruthy();
  });

  it('says so when the tenant sells no subject', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'catalog.getKsbClass': () => ({ classes: [], subjects: [] }) });
    renderScreen(<SwitchSubScreen />, { path: '/switchSub' });
    expect(await screen.findByText('暂无可选科目')).toBeTruthy();
  });

  it('the search box opens /searchClass', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'catalog.getKsbClass': () => catalog });
    const { where } = renderScreen(<SwitchSubScreen />, { path: '/switchSub' });
    await user().click(screen.getByRole('button', { name: '搜索科目名称' }));
    expect(where()).toBe('/searchClass');
  });
});

describe('/searchClass', () => {
  it('hints before typing, searches after a pause and keeps the keyword in the URL', async () => {
    saveLogin(demoLogin);
    fakeApi(callMock, { ...shellHandlers(), 'catalog.searchAppEName': ({ keyword }) => ({ list: keyword === '护' ? [HS, ZGHS] : [] }) });
    const { where } = renderScreen(<SearchClassScreen />, { path: '/searchClass', url: '/searchClass?ac=888' });
    expect(screen.getByText(/输入科目名称、类别或代码搜索/)).toBeTruthy();
    const input = screen.getByRole('searchbox');
    expect(document.activeElement).toBe(input);

    await user().type(input, '护');
    expect(await screen.findByRole('button', { name: /主管护师/ })).toBeTruthy();
    expect(callsTo(callMock, 'catalog.searchAppEName')).toEqual([{ keyword: '护', agentCode: '888' }]);
    expect(where()).toBe('/searchClass?ac=888&keyword=%E6%8A%A4');
    expect(screen.getByText('护理学类 · 高级职称')).toBeTruthy();
  });

  it('debounces: fast typing makes one search', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'catalog.searchAppEName': () => ({ list: [YS] }) });
    renderScreen(<SearchClassScreen />, { path: '/searchClass' });
    await user().type(screen.getByRole('searchbox'), 'zyys');
    expect(await screen.findByRole('button', { name: /执业药师/ })).toBeTruthy();
    expect(callsTo(callMock, 'catalog.searchAppEName').map((p) => p.keyword)).toEqual(['zyys']);
  });

  it('clearing the input drops the keyword from the URL and shows the hint again', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'catalog.searchAppEName': () => ({ list: [HS] }) });
    const { where } = renderScreen(<SearchClassScreen />, { path: '/searchClass', url: '/searchClass?ac=888&keyword=hs' });
    expect(await screen.findByRole('button', { name: /护士执业资格/ })).toBeTruthy();
    await user().clear(screen.getByRole('searchbox'));
    await waitFor(() => expect(where()).toBe('/searchClass?ac=888'));
    expect(screen.getByText(/输入科目名称、类别或代码搜索/)).toBeTruthy();
  });

  it('searches the keyword of the URL at once (back, refresh) and says when nothing matches', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'catalog.searchAppEName': () => ({ list: [] }) });
    renderScreen(<SearchClassScreen />, { path: '/searchClass', url: '/searchClass?keyword=%E8%8D%AF' });
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('药');
    expect(await screen.findByText('没有找到相关科目')).toBeTruthy();
    expect(callsTo(callMock, 'catalog.searchAppEName')[0]).toMatchObject({ keyword: '药' });
  });

  it('shows a failed search with a retry', async () => {
    let n = 0;
    fakeApi(callMock, { ...shellHandlers(), 'catalog.searchAppEName': () => (n++ === 0 ? fail(500, '服务器开小差了，请稍后重试') : { list: [LC] }) });
    renderScreen(<SearchClassScreen />, { path: '/searchClass', url: '/searchClass?keyword=lc' });
    expect(await screen.findByText('服务器开小差了，请稍后重试')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('button', { name: /临床执业医师/ })).toBeTruthy();
  });

  it('a tapped result is chosen and leads to /homePage', async () => {
    saveLogin(demoLogin);
    fakeApi(callMock, { ...shellHandlers(), 'catalog.searchAppEName': () => ({ list: [HS] }), ...choosing });
    const { where } = renderScreen(<SearchClassScreen />, { path: '/searchClass', url: '/searchClass?keyword=hs' });
    await user().click(await screen.findByRole('button', { name: /护士执业资格/ }));
    await waitFor(() => expect(where()).toBe('/homePage'));
    expect(cookies.getJSON('SELECTEDAPPNEW')).toMatchObject({ AppID: 1001, AppVn: '2' });
  });

  it('a guest tapping a result is asked to log in', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'catalog.searchAppEName': () => ({ list: [HS] }) });
    const { where } = renderScreen(<SearchClassScreen />, { path: '/searchClass', url: '/searchClass?keyword=hs' });
    await user().click(await screen.findByRole('button', { name: /护士执业资格/ }));
    await waitFor(() => expect(where()).toMatch(/^\/login/));
    expect(local.getJSON('temporaryAppinfo')).toMatchObject({ AppID: 1001 });
  });
});

describe('/switchBanner', () => {
  const banners = [
    { ManagementID: 5, ImageID: 9, Title: '护考冲刺季', SubTitle: '至尊班限时优惠', ImageUrl: '', Link: '/buyapp', Color: '#ff7a45' },
    { ManagementID: 6, ImageID: 10, Title: '外部活动', SubTitle: '', ImageUrl: '', Link: 'https://evil.example/', Color: 'red;background:url(x)' },
  ];

  beforeEach(() => saveLogin(demoLogin));

  it('draws the banners; a tap is counted and opens only an in-app link', async () => {
    selectSubject(1001);
    fakeApi(callMock, { ...shellHandlers(), 'subject.publish': () => ({ list: banners }) });
    const { where } = renderScreen(<SwitchBannerScreen />, { path: '/switchBanner' });
    expect(await screen.findByText('护考冲刺季')).toBeTruthy();
    expect(screen.getByText('至尊班限时优惠')).toBeTruthy();
    expect(callsTo(callMock, 'subject.publish')[0]).toEqual({ position: 'switch', agentCode: '888' });
    // An invalid colour is not written into the style.
    const external = screen.getByRole('button', { name: '外部活动' });
    expect(external.getAttribute('style')).toBeNull();
    expect(screen.getByRole('button', { name: /^护考冲刺季/ }).getAttribute('style')).toContain('#ff7a45');

    const u = user();
    await u.click(external);
    expect(callsTo(callMock, 'subject.activityClick')).toEqual([{ appID: 1001, guid: demoLogin.guid, manageMentID: 6, imageID: 10 }]);
    expect(optionsOf(callMock, 'subject.activityClick')).toMatchObject({ quiet: true });
    expect(where()).toBe('/switchBanner');

    await u.click(screen.getByRole('button', { name: /^护考冲刺季/ }));
    expect(where()).toBe('/buyapp');
  });

  it('without banners (Publish failing) shows the recent subjects; one is chosen from there', async () => {
    rememberSubject(YS);
    rememberSubject(HS);
    selectSubject(1001);
    fakeApi(callMock, { ...shellHandlers(), 'subject.publish': () => fail(404, 'Not Found'), ...choosing });
    const { where } = renderScreen(<SwitchBannerScreen />, { path: '/switchBanner' });
    const recent = screen.getByRole('list');
    expect(
      within(recent)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['护士执业资格当前', '执业药师(西药)药学类']);
    await waitFor(() => expect(callsTo(callMock, 'subject.publish')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /第1张/ })).toBeNull();
    expect(alertMsg).not.toHaveBeenCalled();

    await user().click(screen.getByRole('button', { name: /执业药师/ }));
    await waitFor(() => expect(where()).toBe('/homePage'));
    expect(callsTo(callMock, 'catalog.versionList')[0]).toMatchObject({ appID: 2001 });
  });

  it("says when nothing was used yet, and '全部科目' opens /switchSub", async () => {
    fakeApi(callMock, { ...shellHandlers(), 'subject.publish': () => ({ list: [] }) });
    const { where } = renderScreen(<SwitchBannerScreen />, { path: '/switchBanner' });
    expect(screen.getByText('还没有最近使用的科目')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '全部科目' }));
    expect(where()).toBe('/switchSub');
  });
});

describe('/appointSub', () => {
  beforeEach(() => saveLogin(demoLogin));

  it('?appID= finds the subject, shows it and chooses it with the given vn, then /homePage', async () => {
    // The contract's versionList always has `ar`: vn 2 (VIP班) is the subject's highest version, as asked.
    const both = versionListOf({ chapter: chapterModule, daily: chapterModule }, versions.ar);
    fakeApi(callMock, { ...shellHandlers(), 'catalog.getKsbClass': () => catalog, ...choosing, 'catalog.versionList': () => both });
    const { where } = renderScreen(<AppointSubScreen />, { path: '/appointSub', url: '/appointSub?appID=1002&vn=2' });
    expect(await screen.findByRole('heading', { name: '主管护师' })).toBeTruthy();
    expect(screen.getByText('护理学类 · 高级职称')).toBeTruthy();
    await waitFor(() => expect(where()).toBe('/homePage'));
    expect(callsTo(callMock, 'catalog.versionList')).toHaveLength(1);
    expect(cookies.getJSON('SELECTEDAPPNEW')).toMatchObject({ AppID: 1002, AppVn: '2' });
  });

  it('?appEName= not in the class list is looked up by search (exact code, any case)', async () => {
    const other = subj(4001, 'JKGLS', '健康管理师', '健康管理', 40, 'jkgls');
    fakeApi(callMock, {
      ...shellHandlers(),
      'catalog.getKsbClass': () => catalog,
      'catalog.searchAppEName': () => ({ list: [subj(4002, 'JKGLS2', '健康管理师二级', '健康管理', 40), other] }),
      ...choosing,
    });
    const { where } = renderScreen(<AppointSubScreen />, { path: '/appointSub', url: '/appointSub?appEName=jkgls' });
    await waitFor(() => expect(where()).toBe('/homePage'));
    expect(callsTo(callMock, 'catalog.searchAppEName')[0]).toMatchObject({ keyword: 'jkgls' });
    expect(callsTo(callMock, 'catalog.versionList')[0]).toMatchObject({ appID: 4001 });
  });

  it("an unknown subject says '该科目已下架，请使用其他科目' and offers /switchSub", async () => {
    fakeApi(callMock, { ...shellHandlers(), 'catalog.getKsbClass': () => catalog, 'catalog.searchAppEName': () => ({ list: [] }) });
    const { where } = renderScreen(<AppointSubScreen />, { path: '/appointSub', url: '/appointSub?appID=999' });
    expect(await screen.findByText('该科目已下架，请使用其他科目')).toBeTruthy();
    expect(callsTo(callMock, 'catalog.versionList')).toHaveLength(0);
    await user().click(screen.getByRole('button', { name: '选择其他科目' }));
    expect(where()).toBe('/switchSub');
  });

  it('no parameters at all is an unknown subject too, without a call', async () => {
    renderScreen(<AppointSubScreen />, { path: '/appointSub', url: '/appointSub?appID=abc' });
    expect(screen.getByText('该科目已下架，请使用其他科目')).toBeTruthy();
    expect(callMock).not.toHaveBeenCalled();
  });

  it('a subject whose version list is empty (off shelf) shows its card and the message', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'catalog.getKsbClass': () => catalog, 'catalog.versionList': () => versionListOf({}, []) });
    const { where } = renderScreen(<AppointSubScreen />, { path: '/appointSub', url: '/appointSub?appID=1001' });
    expect(await screen.findByText('该科目已下架，请使用其他科目')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '护士执业资格' })).toBeTruthy();
    expect(where()).toBe('/appointSub?appID=1001');
  });

  it('a failed catalog load offers a retry', async () => {
    let n = 0;
    fakeApi(callMock, { ...shellHandlers(), 'catalog.getKsbClass': () => (n++ === 0 ? fail(500, '服务器开小差了，请稍后重试') : catalog), ...choosing });
    const { where } = renderScreen(<AppointSubScreen />, { path: '/appointSub', url: '/appointSub?appID=1001' });
    await user().click(await screen.findByRole('button', { name: '重试' }));
    await waitFor(() => expect(where()).toBe('/homePage'));
  });
});
