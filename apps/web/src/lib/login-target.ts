import { safeTargetPath } from './safe-path';
import { local } from './storage';

/**
 * Where a learner was going when the app sent them to log in (spec key local 'targetPath'): a deep link
 * opened while logged out (the guest guard sends it to '/'), or the screen a 401 interrupted. The login
 * and registration go there afterwards; the first password screen passes it on.
 *
 * The same key carries the lazy-reload target; that one is written together with 'tryReload' = '1' and
 * taken at start-up only then (app/lazy-reload.ts), so the two never meet: a reload target is taken on the
 * very next page load, a login target waits for the login.
 */
const KEY = 'targetPath';

/** Paths that never make sense as the place to return to after logging in. */
const NOT_A_TARGET = new Set(['/', '/login', '/forgetpwd', '/chooseUser', '/setpassword', '/homePage']);

export function rememberLoginTarget(path: string): void {
  const safe = safeTargetPath(path);
  if (!safe) return;
  if (NOT_A_TARGET.has(safe.split(/[?#]/)[0]!)) return;
  local.set(KEY, safe);
}

/** The remembered target (an in-app path only), removed from storage; null when there is none. */
export function takeLoginTarget(): string | null {
  if (local.get('tryReload') === '1') return null;
  const target = safeTargetPath(local.get(KEY));
  local.remove(KEY);
  return target;
}

export function forgetLoginTarget(): void {
  if (local.get('tryReload') !== '1') local.remove(KEY);
}
