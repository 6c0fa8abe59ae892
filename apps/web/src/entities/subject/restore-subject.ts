import { getKsbClass, getLastApp } from '@kaoshi/contract';
import { call } from '../../api/client';
import { currentAgentCode } from '../../lib/agent';
import { chooseSubject } from './choose-subject';
import { getSelectedSubject, hasPendingSubject } from '../../lib/subject';

/**
 * The subject of a screen opened directly — a link from a message or WeChat, a bookmark, a new device — for a
 * learner who has none selected here, resolved the way the home page does (docs/web-shell.md, "Subject of a deep
 * link"): a link that names `appID` (a subject this agent sells) uses it; else the learner's last subject on the
 * server, which falls back to their newest valid purchase (getLastApp); else nothing, and the screen offers
 * 选择科目. Asked once per page load when the answer was "none", so a learner without any subject is not asked
 * again on every navigation.
 */
let nothingToRestore = false;
let inflight: Promise<void> | null = null;

export function restoreSubject(linkAppID: number | null): Promise<void> {
  inflight ??= restore(linkAppID).finally(() => {
    inflight = null;
  });
  return inflight;
}

/** Whether the guard should ask: a learner with no subject here, or a link naming another subject. */
export function needsSubject(linkAppID: number | null): boolean {
  if (hasPendingSubject()) return false; // the home page takes the subject a guest chose before logging in
  const selected = getSelectedSubject();
  if (linkAppID !== null) return selected?.AppID !== linkAppID;
  return !selected && !nothingToRestore;
}

async function restore(linkAppID: number | null): Promise<void> {
  if (linkAppID !== null) {
    const tree = await call(getKsbClass, { agentCode: currentAgentCode() }, { silent: true }).catch(() => null);
    const s = tree?.subjects.find((x) => x.AppID === linkAppID);
    if (s) {
      await chooseSubject({ AppID: s.AppID, AppEName: s.AppEName, AppName: s.AppName, CName: s.CName }).catch(() => null);
      return;
    }
    if (getSelectedSubject()) return;
  }
  const last = await call(getLastApp, {}, { silent: true }).catch(() => null);
  if (!last) {
    nothingToRestore = true;
    return;
  }
  await chooseSubject({ AppID: last.AppID, AppEName: last.AppEName, AppName: last.AppName, CName: last.CName, vn: last.AppVn }).catch(() => null);
}

/** For tests: forget that a learner had nothing to restore. */
export function resetRestoreSubject(): void {
  nothingToRestore = false;
}
