import { local } from './storage';
import type { PendingSubject } from './subject';

/**
 * The subjects this device chose most recently (shell local key 'recentSubjects'), newest first, at
 * most six. Written when chooseSubject succeeds; read by /switchBanner's '最近使用'. A device
 * preference like recentAccounts: kept when storage is cleared on 401/408, not tied to a learner.
 */

export const MAX_RECENT_SUBJECTS = 6;

export type RecentSubject = Pick<PendingSubject, 'AppID' | 'AppEName' | 'AppName' | 'CName'>;

const isRecent = (v: unknown): v is RecentSubject =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as RecentSubject).AppID === 'number' &&
  typeof (v as RecentSubject).AppName === 'string' &&
  typeof (v as RecentSubject).AppEName === 'string' &&
  typeof (v as RecentSubject).CName === 'string';

export function recentSubjects(): RecentSubject[] {
  const v = local.getJSON<unknown>('recentSubjects');
  return Array.isArray(v) ? v.filter(isRecent).slice(0, MAX_RECENT_SUBJECTS) : [];
}

export function rememberSubject(s: RecentSubject): void {
  const entry: RecentSubject = { AppID: s.AppID, AppEName: s.AppEName, AppName: s.AppName, CName: s.CName };
  const rest = recentSubjects().filter((r) => r.AppID !== s.AppID);
  local.setJSON('recentSubjects', [entry, ...rest].slice(0, MAX_RECENT_SUBJECTS));
}
