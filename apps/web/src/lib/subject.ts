import type { DataOf, VipAppRecord, moduleInfoX, vipinfo } from '@kaoshi/contract';
import { cookies, local } from './storage';

/**
 * The chosen subject and its caches (spec §3). This module owns every subject-related key:
 *
 * | key (storage) | content | written by | cleared by |
 * |---|---|---|---|
 * | SELECTEDAPPNEW (cookie) | the selected subject | chooseSubject (§4) | change-info 200, another choice |
 * | vipinfo (local) | `{appID, data}` reply of /api/user/vipinfo | chooseSubject | change-info 200, logout, another subject |
 * | curVipData (local) | `{appInfo, list, vipdata, userInfoAll}` of the current subject | chooseSubject | same |
 * | vipAppData (local) | `{appID, list}` purchases of the subject (/api/user/vipApp) | chooseSubject | same |
 * | curvipAppData (local) | the current purchase (highest valid VnOrder) or null | chooseSubject | same |
 * | moduleInfoX (local) | `{appID, vn, data}` the home grid | the home page | homeIndex clear, change-info 200, logout |
 * | temporaryAppinfo (local) | the subject a guest chose, to resume after login | chooseSubject (guest) | taken after login, logout |
 * | classType / newClassType (local) | sprint config `{appID: value}`, one subject only | the sprint list (sprintClassType) | another subject |
 *
 * Logout (lib/session clearSession) removes the learner-bound ones; the selected subject stays.
 */

/** The selected subject (cookie SELECTEDAPPNEW). curAppvn '-1' = trial, shown as '试用版'. */
export interface SelectedSubject {
  AppID: number;
  AppEName: string;
  AppName: string;
  AppCName: string;
  /** The version chosen from the version list (the home grid's version). */
  AppVn: string;
  AppVname: string;
  /** The current purchased version, '-1' for trial. */
  curAppvn: string;
  /** Its name ('试用版' for trial). */
  curAppVname: string;
}

export const TRIAL_VN = '-1';
export const TRIAL_NAME = '试用版';

export type VipinfoData = DataOf<typeof vipinfo>;
export type ModuleInfoData = DataOf<typeof moduleInfoX>;

/** A subject a guest picked (kept as temporaryAppinfo until they log in). */
export interface PendingSubject {
  AppID: number;
  AppEName: string;
  AppName: string;
  CName: string;
  vn?: string;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function isSelected(v: unknown): v is SelectedSubject {
  return (
    isObj(v) && typeof v.AppID === 'number' && typeof v.AppEName === 'string' && typeof v.AppName === 'string' && typeof v.AppVn === 'string' && typeof v.curAppvn === 'string'
  );
}

export function getSelectedSubject(): SelectedSubject | null {
  const v = cookies.getJSON<unknown>('SELECTEDAPPNEW');
  if (!isSelected(v)) return null;
  return {
    ...v,
    AppCName: typeof v.AppCName === 'string' ? v.AppCName : '',
    AppVname: typeof v.AppVname === 'string' ? v.AppVname : v.AppVn,
    curAppVname: typeof v.curAppVname === 'string' ? v.curAppVname : v.curAppvn === TRIAL_VN ? TRIAL_NAME : v.curAppvn,
  };
}

export function saveSelectedSubject(s: SelectedSubject): void {
  cookies.setJSON('SELECTEDAPPNEW', s);
}

/**
 * The subject a choice just selected (chooseSubject), for the home page that the choice lands on: it opens without
 * the notice window, which waits for a later visit (issue 32: a notice never interrupts the subject choice).
 */
let justChosen: { appID: number; at: number } | null = null;
const JUST_CHOSEN_MS = 60_000;

export function markSubjectChosen(appID: number): void {
  justChosen = { appID, at: Date.now() };
}

/**
 * True for the first home page of the subject after it was chosen (within a minute). Forgotten once that render is
 * over (a macrotask later: StrictMode's second call of a state initializer gets the same answer).
 */
export function takeSubjectChosen(appID: number): boolean {
  const hit = justChosen !== null && justChosen.appID === appID && Date.now() - justChosen.at < JUST_CHOSEN_MS;
  if (justChosen) setTimeout(() => (justChosen = null), 0);
  return hit;
}

export const isTrial = (s: Pick<SelectedSubject, 'curAppvn'>): boolean => s.curAppvn === TRIAL_VN;

/** The home page's version badge: the current version's name, or '试用版'. */
export const versionBadge = (s: Pick<SelectedSubject, 'curAppvn' | 'curAppVname'>): string => (isTrial(s) ? TRIAL_NAME : s.curAppVname || s.curAppvn);

/* ---- purchase and tier caches (owner: chooseSubject) ---- */

export function storeVipinfo(appID: number, data: VipinfoData): void {
  local.setJSON('vipinfo', { appID, data });
  local.setJSON('curVipData', { appInfo: getSelectedSubject(), list: data.list, vipdata: data.vipdata, userInfoAll: data.userInfoAll });
}

export function cachedVipinfo(appID: number): VipinfoData | null {
  const v = local.getJSON<{ appID?: unknown; data?: VipinfoData }>('vipinfo');
  return isObj(v) && v.appID === appID && isObj(v.data) && Array.isArray(v.data.list) ? v.data : null;
}

export function storePurchases(appID: number, list: VipAppRecord[], current: VipAppRecord | null): void {
  local.setJSON('vipAppData', { appID, list });
  local.setJSON('curvipAppData', current);
}

export function cachedPurchases(appID: number): VipAppRecord[] | null {
  const v = local.getJSON<{ appID?: unknown; list?: unknown }>('vipAppData');
  return isObj(v) && v.appID === appID && Array.isArray(v.list) ? (v.list as VipAppRecord[]) : null;
}

/** Spec §4 VIP flag: the subject is VIP if any cached module (curVipData list item) has isVip 1. */
export function isVipSubject(): boolean {
  const v = local.getJSON<{ list?: unknown }>('curVipData');
  return isObj(v) && Array.isArray(v.list) && v.list.some((m) => isObj(m) && m.isVip === 1);
}

/* ---- home grid (owner: the home page) ---- */

export function storeModuleInfo(data: ModuleInfoData): void {
  local.setJSON('moduleInfoX', { appID: data.AppID, vn: data.vn, data });
}

export function cachedModuleInfo(appID: number): ModuleInfoData | null {
  const v = local.getJSON<{ appID?: unknown; data?: ModuleInfoData }>('moduleInfoX');
  return isObj(v) && v.appID === appID && isObj(v.data) && Array.isArray(v.data.modules) ? v.data : null;
}

type Listener = () => void;
const homeIndexListeners = new Set<Listener>();

/** The home page registers how to drop its in-memory data (its query cache); returns an unsubscribe. */
export function onHomeIndexCleared(fn: Listener): () => void {
  homeIndexListeners.add(fn);
  return () => homeIndexListeners.delete(fn);
}

/** Spec §4 "clear the homeIndex cache": the stored home grid and the home page's in-memory data. */
export function clearHomeIndex(): void {
  local.remove('moduleInfoX');
  for (const fn of homeIndexListeners) fn();
}

/** Local keys removed when purchases changed (change-info 200) — with the SELECTEDAPPNEW cookie. */
export const SUBJECT_CACHE_KEYS = ['vipinfo', 'curVipData', 'vipAppData', 'curvipAppData', 'moduleInfoX'] as const;

/** Change-info 200: the cached subject, tier and purchase data go; the next home visit rebuilds them. */
export function clearSubjectCaches(): void {
  cookies.remove('SELECTEDAPPNEW');
  for (const key of SUBJECT_CACHE_KEYS) local.remove(key);
  for (const fn of homeIndexListeners) fn();
}

/* ---- the subject a guest picked (owner: chooseSubject / the login finish) ---- */

export function savePendingSubject(s: PendingSubject): void {
  local.setJSON('temporaryAppinfo', s);
}

/** Reads and removes temporaryAppinfo. */
export function takePendingSubject(): PendingSubject | null {
  const v = local.getJSON<unknown>('temporaryAppinfo');
  local.remove('temporaryAppinfo');
  return isObj(v) && typeof v.AppID === 'number' && typeof v.AppName === 'string'
    ? {
        AppID: v.AppID,
        AppEName: typeof v.AppEName === 'string' ? v.AppEName : '',
        AppName: v.AppName,
        CName: typeof v.CName === 'string' ? v.CName : '',
        ...(typeof v.vn === 'string' ? { vn: v.vn } : {}),
      }
    : null;
}

export const hasPendingSubject = (): boolean => local.get('temporaryAppinfo') !== null;

/* ---- sprint config (spec §4: only the current subject is kept) ---- */

export interface SprintConfig {
  ClassType: number;
  newClassType: number;
}

export function cachedSprintConfig(appID: number): SprintConfig | null {
  const a = local.getJSON<Record<string, unknown>>('classType');
  const b = local.getJSON<Record<string, unknown>>('newClassType');
  const ct = isObj(a) ? a[String(appID)] : undefined;
  const nct = isObj(b) ? b[String(appID)] : undefined;
  return typeof ct === 'number' && typeof nct === 'number' ? { ClassType: ct, newClassType: nct } : null;
}

/** Stores the config of `appID`; every other subject's entry is removed. */
export function storeSprintConfig(appID: number, c: SprintConfig): void {
  local.setJSON('classType', { [String(appID)]: c.ClassType });
  local.setJSON('newClassType', { [String(appID)]: c.newClassType });
}

/** Requesting another subject removes all other cached entries (spec §4). */
export function dropOtherSprintConfigs(appID: number): void {
  const keep = cachedSprintConfig(appID);
  local.remove('classType');
  local.remove('newClassType');
  if (keep) storeSprintConfig(appID, keep);
}

/** The subject a link names (`appID=1001`), or null. */
export function linkAppID(search: string): number | null {
  const v = new URLSearchParams(search).get('appID');
  return v !== null && /^\d{1,9}$/.test(v) ? Number(v) : null;
}
