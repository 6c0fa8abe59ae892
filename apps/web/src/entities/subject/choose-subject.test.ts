import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { saveLogin } from '../../lib/session';
import { cookies, local } from '../../lib/storage';
import { getSelectedSubject, onHomeIndexCleared, takeSubjectChosen } from '../../lib/subject';
import { alertMsg } from '../../ui/dialogs';
import { callsTo, demoLogin, fail, fakeApi, optionsOf, resetStorage, shellHandlers } from '../../test/screens';
import { versionListOf, vipinfoOf, vipVersion } from '../../test/fixtures/catalog';
import { chooseSubject, currentPurchase, pickVersion } from './choose-subject';
import { recentSubjects } from '../../lib/recent-subjects';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs'); // ui/__mocks__/dialogs.ts

const callMock = call as unknown as Mock;

const v = (vn: string, vnorder: number, vname = `班次${vn}`) => ({ AppID: 1001, AppEName: 'HSZYZG', CName: '护理学类', vn, vname, vnorder });
const mod = { id: 'chapter', name: '章节练习', route: '/chapterMenu', free: true, vns: ['1'] };

describe('pickVersion (spec §4 steps 2–4)', () => {
  const cases: { name: string; data: unknown; vn?: string; expected: { kind: string; vn?: string; vname?: string } }[] = [
    { name: 'null (non-200)', data: null, expected: { kind: 'noData' } },
    { name: 'undefined', data: undefined, expected: { kind: 'noData' } },
    { name: 'a string', data: 'oops', expected: { kind: 'noData' } },
    { name: 'a number', data: 42, expected: { kind: 'noData' } },
    { name: 'an array', data: [v('1', 1), v('2', 2)], expected: { kind: 'noData' } },
    { name: 'an empty object (fewer than one entry)', data: {}, expected: { kind: 'offShelf' } },
    { name: "only 'ar' (off shelf)", data: { ar: [] }, expected: { kind: 'offShelf' } },
    { name: "only 'ar', even with versions", data: { ar: [v('1', 1)] }, expected: { kind: 'offShelf' } },
    { name: 'one module entry', data: { chapter: mod }, vn: '2', expected: { kind: 'offShelf' } },
    { name: "no 'ar', a given vn", data: { chapter: mod, daily: mod }, vn: '2', expected: { kind: 'version', vn: '2', vname: '2' } },
    { name: "no 'ar', no given vn", data: { chapter: mod, daily: mod }, expected: { kind: 'noData' } },
    { name: "'ar' wins over a given vn", data: { chapter: mod, ar: [v('1', 1), v('3', 3)] }, vn: '1', expected: { kind: 'version', vn: '3', vname: '班次3' } },
    {
      name: 'only simulated versions: the highest simulated',
      data: { chapter: mod, ar: [v('4_MNDB', 4), v('5_MNDB', 5), v('2_MNDB', 2)] },
      expected: { kind: 'version', vn: '5_MNDB' },
    },
    {
      name: 'vname marks simulated too',
      data: { chapter: mod, ar: [v('1', 1), v('9', 9, '考前模拟_MNDB')] },
      expected: { kind: 'version', vn: '1' },
    },
    {
      name: 'several: highest non-simulated even when a simulated one is higher',
      data: { chapter: mod, ar: [v('1', 1), v('3', 3, '至尊班'), v('4_MNDB', 4), v('2', 2)] },
      expected: { kind: 'version', vn: '3', vname: '至尊班' },
    },
    {
      name: 'unsorted list, tie keeps the first listed',
      data: { chapter: mod, ar: [v('2', 2, 'A'), v('7', 7, 'B'), v('8', 7, 'C')] },
      expected: { kind: 'version', vn: '7', vname: 'B' },
    },
    {
      name: 'malformed entries are skipped',
      data: { chapter: mod, ar: [null, 'x', { vnorder: 9 }, { vn: '', vnorder: 8 }, v('1', 1)] },
      expected: { kind: 'version', vn: '1' },
    },
    { name: "'ar' not an array", data: { chapter: mod, ar: 'x' }, expected: { kind: 'offShelf' } },
    { name: "'ar' empty beside modules", data: { chapter: mod, ar: [] }, expected: { kind: 'offShelf' } },
  ];

  it.each(cases)('$name', ({ data, vn, expected }) => {
    expect(pickVersion(data, { vn })).toMatchObject(expected);
  });
});

describe('currentPurchase (spec §4 step 5)', () => {
  const now = Date.parse('2026-06-01T00:00:00Z');
  const p = (AppVn: string, VnOrder: number, EndTime: string) => ({ AppID: 1001, AppVn, AppVnName: `班次${AppVn}`, VnOrder, EndTime });
  const future = '2027-01-01T00:00:00Z';
  const past = '2026-01-01T00:00:00Z';
  const cases: { name: string; list: unknown; expected: string | null }[] = [
    { name: 'null (non-200)', list: null, expected: null },
    { name: 'not an array', list: { AppVn: '1' }, expected: null },
    { name: 'empty', list: [], expected: null },
    { name: 'one valid', list: [p('1', 1, future)], expected: '1' },
    { name: 'expired → trial', list: [p('3', 3, past)], expected: null },
    { name: 'ends exactly now → trial', list: [p('3', 3, '2026-06-01T00:00:00Z')], expected: null },
    { name: 'unparseable EndTime', list: [p('3', 3, 'soon')], expected: null },
    { name: 'several: the highest VnOrder', list: [p('1', 1, future), p('3', 3, future), p('2', 2, future)], expected: '3' },
    { name: 'an expired higher one is ignored', list: [p('3', 3, past), p('2', 2, future), p('1', 1, future)], expected: '2' },
    { name: 'malformed records skipped', list: [null, { AppVn: 5 }, p('1', 1, future)], expected: '1' },
  ];

  it.each(cases)('$name', ({ list, expected }) => {
    expect(currentPurchase(list, now)?.AppVn ?? null).toBe(expected);
  });
});

describe('chooseSubject', () => {
  const pick = { AppID: 1001, AppEName: 'HSZYZG', AppName: '护士执业资格', CName: '护理学类' };
  const versions = versionListOf({ chapter: mod }, [v('1', 1, '基础班'), v('3', 3, '至尊班'), v('4_MNDB', 4, '考前模拟_MNDB')]);
  const later = new Date(Date.now() + 86_400_000).toISOString();
  const vipData = vipinfoOf([vipVersion('2', 'VIP班', 2, { isVip: 1 })]);

  beforeEach(() => {
    resetStorage();
    window.history.replaceState(null, '', '/switchSub?ac=888');
  });

  it('a guest: alert, the subject kept as temporaryAppinfo, then the login redirect; nothing fetched', async () => {
    const navigate = vi.fn();
    const out = await chooseSubject({ ...pick, vn: '2' }, { navigate });
    expect(out).toEqual({ kind: 'guest' });
    expect(alertMsg).toHaveBeenCalledWith('您当前尚未登录，请登录后再使用');
    expect(local.getJSON('temporaryAppinfo')).toEqual({ ...pick, vn: '2' });
    expect(navigate).toHaveBeenCalledWith('/login?ac=888');
    expect(callMock).not.toHaveBeenCalled();
    expect(getSelectedSubject()).toBeNull();
  });

  describe('logged in', () => {
    beforeEach(() => saveLogin(demoLogin));

    it('a non-200 version list goes to /switchSub, silently', async () => {
      fakeApi(callMock, { ...shellHandlers(), 'catalog.versionList': () => fail(404, '科目不存在') });
      const navigate = vi.fn();
      expect(await chooseSubject(pick, { navigate })).toEqual({ kind: 'noData' });
      expect(navigate).toHaveBeenCalledWith('/switchSub');
      expect(optionsOf(callMock, 'catalog.versionList')).toMatchObject({ silent: true });
      expect(alertMsg).not.toHaveBeenCalled();
      expect(callsTo(callMock, 'catalog.vipApp')).toHaveLength(0);
    });

    it("an off-shelf subject ({ar: []}) says '该科目已下架，请使用其他科目' and keeps the old selection", async () => {
      cookies.setJSON('SELECTEDAPPNEW', { AppID: 2001, AppEName: 'ZYYS_XY', AppName: '执业药师(西药)', AppVn: '1', curAppvn: '-1' });
      fakeApi(callMock, { ...shellHandlers(), 'catalog.versionList': () => versionListOf({}, []) });
      const navigate = vi.fn();
      expect(await chooseSubject(pick, { navigate })).toEqual({ kind: 'offShelf' });
      expect(alertMsg).toHaveBeenCalledWith('该科目已下架，请使用其他科目');
      expect(navigate).not.toHaveBeenCalled();
      expect(getSelectedSubject()?.AppID).toBe(2001);
      expect(recentSubjects()).toEqual([]);
    });

    it('success: cookie, caches, homeIndex cleared, selectApp and setLastApp, recent subjects', async () => {
      local.setJSON('moduleInfoX', { appID: 2001, vn: '1', data: {} });
      const cleared = vi.fn();
      const off = onHomeIndexCleared(cleared);
      const purchases = [
        { AppID: 1001, AppVn: '3', AppVnName: '至尊班', VnOrder: 3, EndTime: '2020-01-01T00:00:00Z' },
        { AppID: 1001, AppVn: '2', AppVnName: 'VIP班', VnOrder: 2, EndTime: later },
      ];
      fakeApi(callMock, {
        ...shellHandlers(),
        'catalog.versionList': () => versions,
        'catalog.vipApp': () => purchases,
        'catalog.vipinfo': () => vipData,
      });
      const out = await chooseSubject(pick, { navigate: vi.fn() });
      off();

      expect(out.kind).toBe('chosen');
      expect(cookies.getJSON('SELECTEDAPPNEW')).toEqual({
        AppID: 1001,
        AppEName: 'HSZYZG',
        AppName: '护士执业资格',
        AppCName: '护理学类',
        AppVn: '3',
        AppVname: '至尊班',
        curAppvn: '2',
        curAppVname: 'VIP班',
      });
      expect(local.getJSON('vipinfo')).toEqual({ appID: 1001, data: vipData });
      expect(local.getJSON('curVipData')).toMatchObject({ appInfo: { AppID: 1001 }, list: vipData.list, vipdata: null, userInfoAll: [] });
      expect(local.getJSON('vipAppData')).toEqual({ appID: 1001, list: purchases });
      expect(local.getJSON('curvipAppData')).toEqual(purchases[1]);
      expect(local.get('moduleInfoX')).toBeNull();
      expect(cleared).toHaveBeenCalled();
      expect(callsTo(callMock, 'catalog.versionList')[0]).toMatchObject({ appID: 1001, agentCode: '888' });
      expect(callsTo(callMock, 'tracking.selectApp')[0]).toMatchObject({ userName: '13800000000', appID: 1001, appEName: 'HSZYZG', vn: '3', curVn: '2' });
      expect(optionsOf(callMock, 'tracking.selectApp')).toMatchObject({ quiet: true });
      expect(callsTo(callMock, 'catalog.setLastApp')[0]).toEqual({ appID: 1001, vn: '3' });
      expect(recentSubjects()[0]).toEqual(pick);
      // The home page this choice lands on knows it (and opens without the notice window): another subject does not.
      expect(takeSubjectChosen(2001)).toBe(false);
      expect(takeSubjectChosen(1001)).toBe(true);
    });

    it("no valid purchase → trial: curAppvn '-1', '试用版'", async () => {
      fakeApi(callMock, {
        ...shellHandlers(),
        'catalog.versionList': () => versions,
        'catalog.vipApp': () => [{ AppID: 1001, AppVn: '3', AppVnName: '至尊班', VnOrder: 3, EndTime: '2020-01-01T00:00:00Z' }],
        'catalog.vipinfo': () => vipData,
      });
      await chooseSubject(pick, { navigate: vi.fn() });
      expect(cookies.getJSON('SELECTEDAPPNEW')).toMatchObject({ AppVn: '3', curAppvn: '-1', curAppVname: '试用版' });
      expect(local.getJSON('curvipAppData')).toBeNull();
    });

    it('non-200 on vipApp and vipinfo → trial, and no tiers of the previous subject are left behind', async () => {
      local.setJSON('curVipData', { appInfo: { AppID: 2001 }, list: [{ isVip: 1 }] });
      fakeApi(callMock, {
        ...shellHandlers(),
        'catalog.versionList': () => versions,
        'catalog.vipApp': () => fail(500, '服务器开小差了，请稍后重试'),
        'catalog.vipinfo': () => fail(500, '服务器开小差了，请稍后重试'),
      });
      const out = await chooseSubject(pick, { navigate: vi.fn() });
      expect(out.kind).toBe('chosen');
      expect(cookies.getJSON('SELECTEDAPPNEW')).toMatchObject({ curAppvn: '-1', curAppVname: '试用版' });
      expect(local.getJSON('curVipData')).toMatchObject({ appInfo: { AppID: 1001 }, list: [] });
      expect(local.getJSON('vipAppData')).toEqual({ appID: 1001, list: [] });
      expect(optionsOf(callMock, 'catalog.vipApp')).toMatchObject({ silent: true });
      expect(alertMsg).not.toHaveBeenCalled();
    });

    it('keeps at most six recent subjects, newest first, without duplicates', async () => {
      fakeApi(callMock, { ...shellHandlers(), 'catalog.versionList': () => versions, 'catalog.vipApp': () => [], 'catalog.vipinfo': () => vipData });
      for (const id of [1, 2, 3, 4, 5, 6, 7, 3]) {
        await chooseSubject({ ...pick, AppID: id, AppName: `科目${id}` }, { navigate: vi.fn() });
      }
      expect(recentSubjects().map((s) => s.AppID)).toEqual([3, 7, 6, 5, 4, 2]);
    });
  });
});
