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
  saveSelectedSubject,
  savePendingSubject,
  storePurchases,
  storeVipinfo,
  type PendingSubject,
  type SelectedSubject,
} from '../../lib/subject';
import { alertMsg, hideLoading, showLoading } from '../../ui/dialogs';

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
 *    follow-up subject-selected call made (plus setLastApp so that other devices can restore it).
 *
 * The pure steps (pickVersion, currentPurchase) are exported for the table-driven tests.
 */

export type VersionListData = DataOf<typeof versionList>;
type VersionEntry = VersionListData['ar'][number];

export type ChooseOutcome =
  | { kind: 'chosen'; subject: SelectedSubject }
  | { kind: 'guest' }
  | { kind: 'noData' }
  | { kind: 'offShelf' };

export const SIMULATED_SUFFIX = '_MNDB';
export const isSimulated = (v: Pick<VersionEntry, 'vn' | 'vname'>): boolean =>
  v.vn.endsWith(SIMULATED_SUFFIX) || v.vname.endsWith(SIMULATED_SUFFIX);

/** Steps 2–4 on a version-list reply (null = non-200). */
export function pickVersion(
  data: unknown,
  given: Pick<PendingSubject, 'vn'>,
): { kind: 'noData' } | { kind: 'offShelf' } | { kind: 'version'; vn: string; vname: string; entry?: VersionEntry } {
  if (data === null || data === undefined || typeof data !== 'object') return { kind: 'noData' };
  const entries = Object.keys(data);
  if (entries.length === 0) return { kind: 'noData' };
  if (entries.length <= 1) return { kind: 'offShelf' };
  const ar = (data as { ar?: unknown }).ar;
  if (!Array.isArray(ar)) {
    return given.vn ? { kind: 'version', vn: given.vn, vname: given.vn } : { kind: 'noData' };
  }
  const versions = (ar as VersionEntry[]).filter((v) => v && typeof v.vn === 'string');
  if (versions.length === 0) return { kind: 'offShelf' };
  const byOrder = [...versions].sort((a, b) => b.vnorder - a.vnorder);
  const chosen = byOrder.find((v) => !isSimulated(v)) ?? byOrder[0]!;
  return { kind: 'version', vn: chosen.vn, vname: chosen.vname, entry: chosen };
}

/** Step 5: the valid purchase with the highest VnOrder, or null (trial). */
export function currentPurchase(list: readonly VipAppRecord[] | null, now: number = Date.now()): VipAppRecord | null {
  if (!list) return null;
  let best: VipAppRecord | null = null;
  for (const p of list) {
    const end = Date.parse(p.EndTime);
    if (!Number.isFinite(end) || end <= now) continue;
    if (!best || p.VnOrder > best.VnOrder) best = p;
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

    const [purchases, info] = await Promise.all([
      orNull(call(vipApp, { appID: pick.AppID }, { silent: true })),
      orNull(call(vipinfo, { appID: pick.AppID }, { silent: true })),
    ]);
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
    clearHomeIndex();
    dropOtherSprintConfigs(subject.AppID);
    storePurchases(subject.AppID, purchases ?? [], current);
    if (info) storeVipinfo(subject.AppID, info);

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
