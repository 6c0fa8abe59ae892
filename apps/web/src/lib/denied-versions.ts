import type { UnlockingVersion } from '@kaoshi/contract';
import { isApiError } from '../api/errors';

/**
 * The versions that would open what a 403 refused (its reply's `unlocking`: the buy prompt's list); null for any other
 * error. Not in api/errors.ts on purpose: that file is in the entry chunk (the client needs ApiError), and only the
 * screens that show the buy prompt read this.
 */
export function deniedVersions(err: unknown): UnlockingVersion[] | null {
  if (!isApiError(err) || err.status !== 403) return null;
  const data = err.data as { unlocking?: unknown } | null;
  return Array.isArray(data?.unlocking) ? (data.unlocking as UnlockingVersion[]) : [];
}
