import { cookies, local } from './storage';

/**
 * The agent code `ac` (spec §2: carried across navigation). The cached code is the AGENTCODE cookie,
 * else local 'ac'; both are written when agent info is loaded.
 */

const AC_PATTERN = /^\d{1,12}$/;

export function acFromSearch(search: string): string | null {
  const ac = new URLSearchParams(search).get('ac');
  return ac && ac.trim() ? ac.trim() : null;
}

export function cachedAgentCode(): string | null {
  const code = cookies.get('AGENTCODE') || local.get('ac');
  return code && AC_PATTERN.test(code) ? code : null;
}

export function rememberAgentCode(code: string): void {
  cookies.set('AGENTCODE', code);
  local.set('ac', code);
}

export function forgetAgentCode(): void {
  cookies.remove('AGENTCODE');
  local.remove('ac');
}

/** `to` with `ac` set in its query (kept when `to` already has one); `to` unchanged when ac is null. */
export function withAc(to: string, ac: string | null): string {
  if (!ac) return to;
  const hashAt = to.indexOf('#');
  const hash = hashAt >= 0 ? to.slice(hashAt) : '';
  const rest = hashAt >= 0 ? to.slice(0, hashAt) : to;
  const qAt = rest.indexOf('?');
  const path = qAt >= 0 ? rest.slice(0, qAt) : rest;
  const params = new URLSearchParams(qAt >= 0 ? rest.slice(qAt + 1) : '');
  if (params.get('ac')) return to;
  params.set('ac', ac);
  return `${path}?${params.toString()}${hash}`;
}
