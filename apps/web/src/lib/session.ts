import type { LoginData } from '@kaoshi/contract';
import { forgetReadingCache } from './reading-cache';
import { local } from './storage';

/**
 * The learner's session on this device: the guid handed out at login (spec §3 local keys guid,
 * userID, username) and the device list of recent accounts shown by /chooseUser.
 */

const MAX_RECENT = 5;

export function getGuid(): string | null {
  const guid = local.get('guid');
  return guid ? guid : null;
}

export function isLoggedIn(): boolean {
  return getGuid() !== null;
}

export function getUserID(): string {
  return local.get('userID') ?? '';
}

export function getUserName(): string {
  return local.get('username') ?? '';
}

export function saveLogin(d: Pick<LoginData, 'guid' | 'userID' | 'userName'>): void {
  // Another learner's cached reading pages must not survive a change of account.
  if (getUserID() !== String(d.userID)) forgetReadingCache();
  local.set('guid', d.guid);
  local.set('userID', String(d.userID));
  local.set('username', d.userName);
  rememberAccount(d.userName);
}

/** The signed-in learner's user name changed (e.g. it followed a newly bound phone): store it and rename it in the device list. */
export function renameAccount(from: string, to: string): void {
  if (!to || from === to) return;
  if (getUserName() === from) local.set('username', to);
  const list = recentAccounts();
  if (list.includes(from))
    local.setJSON(
      'recentAccounts',
      list.map((n) => (n === from ? to : n)),
    );
}

/** Local data bound to the signed-in learner (removed at logout; the selected subject stays). */
const USER_DATA_KEYS = ['guid', 'userID', 'username', 'vipinfo', 'curVipData', 'vipAppData', 'curvipAppData', 'moduleInfoX', 'temporaryAppinfo'] as const;

export function clearSession(): void {
  for (const key of USER_DATA_KEYS) local.remove(key);
  forgetReadingCache();
}

/** User names that logged in on this device, most recent first. */
export function recentAccounts(): string[] {
  const list = local.getJSON<unknown>('recentAccounts');
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string' && x !== '') : [];
}

export function rememberAccount(name: string): void {
  if (!name) return;
  const next = [name, ...recentAccounts().filter((n) => n !== name)].slice(0, MAX_RECENT);
  local.setJSON('recentAccounts', next);
}

export function forgetAccount(name: string): void {
  local.setJSON(
    'recentAccounts',
    recentAccounts().filter((n) => n !== name),
  );
}
