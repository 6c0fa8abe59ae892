import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { VipAppRecord } from '@kaoshi/contract';
import { call } from '../api/client';
import { trialNursing } from '../test/screens';
import {
  SUBJECT_CACHE_KEYS,
  cachedModuleInfo,
  cachedPurchases,
  cachedSprintConfig,
  cachedVipinfo,
  clearHomeIndex,
  clearSubjectCaches,
  dropOtherSprintConfigs,
  getSelectedSubject,
  isVipSubject,
  onHomeIndexCleared,
  saveSelectedSubject,
  savePendingSubject,
  storeModuleInfo,
  storePurchases,
  storeSprintConfig,
  storeVipinfo,
  takePendingSubject,
  versionBadge,
  type SelectedSubject,
} from './subject';

vi.mock('../api/client', () => ({ call: vi.fn() }));
const callMock = vi.mocked(call);

const subject: SelectedSubject = trialNursing;
const purchase: VipAppRecord = { AppID: 1001, AppVn: '2', AppVnName: 'VIP班', VnOrder: 2, EndTime: '2030-01-01T00:00:00.000Z' };
const item = (vn: string, isVip: 0 | 1) => ({
  appID: 1001,
  vn,
  vname: vn,
  vnorder: 1,
  isVip,
  buyListHide: false,
  rules: { hideByVip: [] },
  vnjson: [],
  SubList: [],
});

beforeEach(() => {
  callMock.mockReset();
});

describe('selected subject (cookie SELECTEDAPPNEW)', () => {
  it('round-trips and shows 试用版 for trial, the version name otherwise', () => {
    expect(getSelectedSubject()).toBeNull();
    saveSelectedSubject(subject);
    expect(getSelectedSubject()).toEqual(subject);
    expect(versionBadge(subject)).toBe('试用版');
    expect(versionBadge({ curAppvn: '2', curAppVname: 'VIP班' })).toBe('VIP班');
  });

  it('ignores a malformed cookie', () => {
    document.cookie = 'SELECTEDAPPNEW=%7B%22AppID%22%3A%22x%22%7D; path=/';
    expect(getSelectedSubject()).toBeNull();
  });
});

describe('tier and purchase caches', () => {
  it('are kept per subject and answer null for another one', () => {
    saveSelectedSubject(subject);
    const info = { list: [item('1', 0), item('2', 1)], msdbMsg: '', vipdata: purchase, userInfoAll: [purchase] };
    storeVipinfo(1001, info);
    storePurchases(1001, [purchase], purchase);
    expect(cachedVipinfo(1001)).toEqual(info);
    expect(cachedVipinfo(1002)).toBeNull();
    expect(cachedPurchases(1001)).toEqual([purchase]);
    expect(JSON.parse(localStorage.getItem('curVipData')!)).toMatchObject({ appInfo: { AppID: 1001 }, vipdata: purchase });
    expect(JSON.parse(localStorage.getItem('curvipAppData')!)).toEqual(purchase);
  });

  it('VIP flag: any cached module with isVip 1', () => {
    storeVipinfo(1001, { list: [item('1', 0)], msdbMsg: '', vipdata: null, userInfoAll: [] });
    expect(isVipSubject()).toBe(false);
    storeVipinfo(1001, { list: [item('1', 0), item('2', 1)], msdbMsg: '', vipdata: purchase, userInfoAll: [purchase] });
    expect(isVipSubject()).toBe(true);
  });

  it('change-info clears the subject, tier and purchase caches and tells the home page', () => {
    saveSelectedSubject(subject);
    for (const key of SUBJECT_CACHE_KEYS) localStorage.setItem(key, '{}');
    const heard = vi.fn();
    const off = onHomeIndexCleared(heard);
    clearSubjectCaches();
    off();
    expect(getSelectedSubject()).toBeNull();
    for (const key of SUBJECT_CACHE_KEYS) expect(localStorage.getItem(key)).toBeNull();
    expect(heard).toHaveBeenCalledOnce();
  });

  it('clearing the homeIndex cache drops the stored grid only', () => {
    saveSelectedSubject(subject);
    storeModuleInfo({ AppID: 1001, AppEName: 'HSZYZG', AppName: '护士执业资格', CName: '护理学类', vn: '3', vname: '至尊班', current: null, modules: [] });
    expect(cachedModuleInfo(1001)?.vn).toBe('3');
    expect(cachedModuleInfo(1002)).toBeNull();
    clearHomeIndex();
    expect(cachedModuleInfo(1001)).toBeNull();
    expect(getSelectedSubject()).not.toBeNull();
  });
});

describe('temporaryAppinfo', () => {
  it('is taken once', () => {
    savePendingSubject({ AppID: 3001, AppEName: 'LCZYYS', AppName: '临床执业医师', CName: '临床医学类' });
    expect(takePendingSubject()).toEqual({ AppID: 3001, AppEName: 'LCZYYS', AppName: '临床执业医师', CName: '临床医学类' });
    expect(takePendingSubject()).toBeNull();
  });
});

describe('sprint config cache (spec §4)', () => {
  it('keeps only the subject last stored, in the local keys classType and newClassType', () => {
    storeSprintConfig(1001, { ClassType: 1, newClassType: 1 });
    expect(cachedSprintConfig(1001)).toEqual({ ClassType: 1, newClassType: 1 });
    dropOtherSprintConfigs(2001);
    storeSprintConfig(2001, { ClassType: 2, newClassType: 1 });
    expect(cachedSprintConfig(1001)).toBeNull();
    expect(JSON.parse(localStorage.getItem('classType')!)).toEqual({ '2001': 2 });
    expect(JSON.parse(localStorage.getItem('newClassType')!)).toEqual({ '2001': 1 });
  });
});
