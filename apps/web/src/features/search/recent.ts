import { getUserID } from '../../lib/session';
import { local } from '../../lib/storage';

/**
 * 最近搜索 on this device (localStorage 'recentSearches', docs/search.md): newest first, at most RECENT_MAX, each
 * kept once, and only for the learner who typed them (stored with their userID: another learner on the device sees
 * none). Also cleared by 清空 and with the rest of the session's storage (lib/storage LEARNER_LOCAL_KEYS).
 */
export const RECENT_MAX = 10;

interface Stored {
  user: string;
  list: string[];
}

export function recentSearches(): string[] {
  const v = local.getJSON<Partial<Stored>>('recentSearches');
  if (!v || v.user !== getUserID() || !Array.isArray(v.list)) return [];
  return v.list.filter((x): x is string => typeof x === 'string' && x.trim() !== '').slice(0, RECENT_MAX);
}

export function rememberSearch(keyword: string): string[] {
  const k = keyword.trim();
  const list = [k, ...recentSearches().filter((x) => x !== k)].slice(0, RECENT_MAX);
  local.setJSON('recentSearches', { user: getUserID(), list } satisfies Stored);
  return list;
}

export function forgetSearches(): void {
  local.remove('recentSearches');
}
