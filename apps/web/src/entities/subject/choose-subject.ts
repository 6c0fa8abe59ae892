import { SUBJECT_MSG, selectApp, setLastApp, versionList, vipApp, vipinfo, type DataOf, type VipAppRecord } from '@kaoshi/contract';
import { call } from '../../api/client';
import { currentAgentCode } from '../../lib/agent';
import { trackingClientType } from '../../lib/client-kind';
import { redirectToLogin } from '../../lib/login-redirect';
import { navigateTo, type Navigate } from '../../lib/navigation';
import { getUserName, isLoggedIn } from '../../lib/session';
import {
  TRIAL_NAME,
  TRIAL_VN,
  clearHomeIndex,
  dropOtherSprintConfigs,
  markSubjectChosen,
  saveSelectedSubject,
  savePendingSubject,
  storePurchases,
  storeVipinfo,
  type PendingSubject,
  type SelectedSubject,
  type VipinfoData,
} from '../../lib/subject';
import { alertMsg, hideLoading, showLoading } from '../../ui/dialogs';
import { rememberSubject } from '../../lib/recent-subjects';

/**
 * Choosing a subject (spec §4), exactly:
 *
 * 1. A guest gets '您当前尚未登录，请登录后再使用'; the subject is kept as temporaryAppinfo and the login
 *    redirect runs (after login the home page resumes it).
 * 2. The version list is fetched. No data (non-200 or an empty body) → /switchSub.
 * 3. One entry or fewer → '该科目已下架，请使用其他科目'.
 * 4. No 'ar' → the given version is used; otherwise the highest-order non-simulated version (a subject
 *    with only simulated `_MNDB` versions uses its highest-order simulated one: docs/catalog.md).
 * 5. The learner's purchases of the subject: the valid purchase (EndTime in the future) with the highest
 *    VnOrder is the current version; none (or a non-200 reply: VIP lookup false) → curAppvn -1, '试用版'.
 * 6. The selection is stored (cookie SELECTEDAPPNEW), the homeIndex cache cleared, vipinfo stored, and the
 *    follow-up subject-selected call made (plus setLastApp so that other devices can restore it). The
 *    subject joins this device's recent subjects ('recentSubjects', shown by /switchBanner).
 *
 * The pure steps (pickVersion, currentPurchase) are exported for the table-driven tests.
 */

export type VersionListData = DataOf<typeof versionList>;
type VersionEntry = VersionListData['ar'][number];

export type ChooseOutcome = { kind: 'chosen'; subject: SelectedSubject } | { kind: 'guest' } | { kind: 'noData' } | { kind: 'offShelf' };

export const SIMULATED_SUFFIX = '_MNDB';
export const isSimulated = (v: Pick<VersionEntry, 'vn' | 'vname'>): boolean => v.vn.endsWith(SIMULATED_SUFFIX) || v.vname.endsWith(SIMULATED_SUFFIX);

/** An 'ar' item we can use: vn a non-empty string; vname and vnorder repaired when malformed. */
function asVersion(v: unknown): VersionEntry | null {
  if (typeof v !== 'object' || v === null) return null;
  const e = v as Partial<Record<keyof VersionEntry, unknown>>;
  if (typeof e.vn !== 'string' || e.vn === '') return null;
  return {
    AppID: typeof e.AppID === 'number' ? e.AppID : 0,
    AppEName: typeof e.AppEName === 'string' ? e.AppEName : '',
    CName: typeof e.CName === 'string' ? e.CName : '',
    vn: e.vn,
    vname: typeof e.vname === 'string' && e.vname !== '' ? e.vname : e.vn,
    vnorder: typeof e.vnorder === 'number' && Number.isFinite(e.vnorder) ? e.vnorder : 0,
  };
}

/**
 * Steps 2–4 on a version-list reply (null = non-200).
 * - null, undefined or not an object (an array included) → noData (/switchSub).
 * - one entry or fewer (so `{}` and `{ar: []}` too: "one entry or fewer", spec §4) → offShelf.
 * - no 'ar' → the given version; without one there is nothing to choose → noData.
 * - 'ar' → the highest vnorder among non-simulated versions (the first listed on a tie); only
 *   simulated ones → the highest simulated; none usable → offShelf.
 */
export function pickVersion(
  data: unknown,
  given: Pick<PendingSubject, 'vn'>,
): { kind: 'noData' } | { kind: 'offShelf' } | { kind: 'version'; vn: string; vname: string; entry?: VersionEntry } {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return { kind: 'noData' };
  if (Object.keys(data).length <= 1) return { kind: 'offShelf' };
  const ar = (data as { ar?: unknown }).ar;
  if (ar === undefined) {
    return given.vn ? { kind: 'version', vn: given.vn, vname: given.vn } : { kind: 'noData' };
  }
  const versions = Array.isArray(ar) ? ar.map(asVersion).filter((v): v is VersionEntry => v !== null) : [];
  if (versions.length === 0) return { kind: 'offShelf' };
  const highest = (list: VersionEntry[]) => list.reduce<VersionEntry | null>((best, v) => (!best || v.vnorder > best.vnorder ? v : best), null);
  const chosen = highest(versions.filter((v) => !isSimulated(v))) ?? highest(versions)!;
  return { kind: 'version', vn: chosen.vn, vname: chosen.vname, entry: chosen };
}

/** Step 5: the valid purchase (EndTime after `now`) with the highest VnOrder, or null (trial). */
export function currentPurchase(list: unknown, now: number = Date.now()): VipAppRecord | null {
  if (!Array.isArray(list)) return null;
  let best: VipAppRecord | null = null;
  for (const p of list as unknown[]) {
    if (typeof p !== 'object' || p === null) continue;
    const r = p as VipAppRecord;
    if (typeof r.AppVn !== 'string' || typeof r.VnOrder !== 'number' || typeof r.EndTime !== 'string') continue;
    const end = Date.parse(r.EndTime);
    if (!Number.isFinite(end) || end <= now) continue;
    if (!best || r.VnOrder > best.VnOrder) best = r;
  }
  return best;
}

/** A call whose non-200 reply means "no data" (spec §4). Never alerts. */
async function orNull<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch {
    return null;
  }
}

/** What a failed vipinfo call is stored as: no versions held. */
const EMPTY_VIPINFO: VipinfoData = { list: [], msdbMsg: '', vipdata: null, userInfoAll: [] };

export interface ChooseDeps {
  navigate?: Navigate;
  now?: () => number;
}

export async function chooseSubject(pick: PendingSubject, deps: ChooseDeps = {}): Promise<ChooseOutcome> {
  const navigate = deps.navigate ?? navigateTo;
  if (!isLoggedIn()) {
    savePendingSubject(pick);
    await alertMsg(SUBJECT_MSG.guestChoose);
    redirectToLogin(navigate);
    return { kind: 'guest' };
  }

  showLoading();
  try {
    const agentCode = currentAgentCode();
    const list = await orNull(call(versionList, { appID: pick.AppID, agentCode }, { silent: true }));
    const picked = pickVersion(list, pick);
    if (picked.kind === 'noData') {
      hideLoading();
      navigate('/switchSub');
      return picked;
    }
    if (picked.kind === 'offShelf') {
      hideLoading();
      await alertMsg(SUBJECT_MSG.subjectOffShelf);
      return picked;
    }

    const [purchases, info] = await Promise.all([orNull(call(vipApp, { appID: pick.AppID }, { silent: true })), orNull(call(vipinfo, { appID: pick.AppID }, { silent: true }))]);
    const current = currentPurchase(purchases, deps.now?.() ?? Date.now());
    const entry = picked.entry;
    const subject: SelectedSubject = {
      AppID: pick.AppID,
      AppEName: entry?.AppEName || pick.AppEName,
      AppName: pick.AppName,
      AppCName: entry?.CName || pick.CName,
      AppVn: picked.vn,
      AppVname: picked.vname,
      curAppvn: current ? current.AppVn : TRIAL_VN,
      curAppVname: current ? current.AppVnName : TRIAL_NAME,
    };
    saveSelectedSubject(subject);
    markSubjectChosen(subject.AppID);
    clearHomeIndex();
    dropOtherSprintConfigs(subject.AppID);
    storePurchases(subject.AppID, Array.isArray(purchases) ? purchases : [], current);
    // A failed vipinfo must not leave the previous subject's tiers behind: store "nothing held" (§8: VIP lookup false).
    storeVipinfo(subject.AppID, info && Array.isArray(info.list) ? info : EMPTY_VIPINFO);
    rememberSubject({ AppID: subject.AppID, AppEName: subject.AppEName, AppName: subject.AppName, CName: subject.AppCName });

    void call(
      selectApp,
      {
        userName: getUserName(),
        appID: subject.AppID,
        appEName: subject.AppEName,
        appName: subject.AppName,
        vn: subject.AppVn,
        curVn: subject.curAppvn,
        agentCode,
        clientType: trackingClientType(),
      },
      { quiet: true },
    ).catch(() => undefined);
    void call(setLastApp, { appID: subject.AppID, vn: subject.AppVn }, { quiet: true }).catch(() => undefined);
    return { kind: 'chosen', subject };
  } finally {
    hideLoading();
  }
}
