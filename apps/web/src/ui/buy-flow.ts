import type { AgentInfo, UnlockingVersion } from '@kaoshi/contract';

/**
 * The rules of "go to buy" (spec §4 buy dialog), shared by the buy dialog and both buy-prompt variants.
 * Until the shop exists, /buyApp is the activation-code form and the tenant's contacts (docs/buying.md).
 */

/** A version's name for display: the simulated-exam marker `_MNDB` (spec §3) is data, not a name. */
export const versionLabel = (vname: string): string => vname.replace(/_MNDB$/i, '');

/** Spec §2 route (the spec writes /buyApp here; routes match case-insensitively). */
export const BUY_PATH = '/buyApp';

/**
 * `/buyApp?moduleType=dialog`, plus `&posSlide=<vn>` for the appointed version or, without one, when
 * exactly one version matches; several (or none) → no posSlide.
 */
export function buyAppPath(versions: readonly UnlockingVersion[], appointedVn?: string): string {
  const base = `${BUY_PATH}?moduleType=dialog`;
  const pos = appointedVn || (versions.length === 1 ? versions[0]!.vn : undefined);
  return pos ? `${base}&posSlide=${encodeURIComponent(pos)}` : base;
}

/** What "go to buy" does for this agent: nothing (buyDisabled), only close (customStyle), or navigate. */
export type BuyAction = 'none' | 'close' | 'navigate';

export function buyAction(flags: AgentInfo['Flags']): BuyAction {
  if (flags.buyDisabled) return 'none';
  if (flags.customStyle) return 'close';
  return 'navigate';
}

interface ShellWindow {
  webkit?: { messageHandlers?: Record<string, { postMessage: (m: unknown) => void } | undefined> };
}

/**
 * Tells the iOS app shell to stop its native video player: `webkit.messageHandlers.ksbao.postMessage(
 * {action: 'stopVideo'})` when that handler exists (the shell registers it); elsewhere nothing happens.
 */
export function stopNativeVideo(): boolean {
  const handler = (window as unknown as ShellWindow).webkit?.messageHandlers?.ksbao;
  if (!handler || typeof handler.postMessage !== 'function') return false;
  try {
    handler.postMessage({ action: 'stopVideo' });
    return true;
  } catch {
    return false;
  }
}
