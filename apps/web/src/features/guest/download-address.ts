import type { ClientKind } from '@kaoshi/contract';

/** A place to get the app: Android package, iOS App Store, or the agent's one download page for every platform. */
export interface DownloadTarget {
  id: 'android' | 'ios' | 'all';
  name: string;
  url: string;
}

const NAMES: Record<DownloadTarget['id'], string> = { android: '安卓版', ios: '苹果版', all: '下载页' };

/** Only web addresses are offered (a download link never runs script). */
const isWebUrl = (s: unknown): s is string => typeof s === 'string' && /^https?:\/\/[^\s"'<>]+$/i.test(s.trim());

/**
 * The agent's DownloadAddress (spec §3): either one address (a download page for every platform) or JSON with an
 * address per platform, {"android": "…", "ios": "…"} (docs/guest-campaign.md). Anything else: no targets.
 */
export function parseDownloadAddress(raw: string | null | undefined): DownloadTarget[] {
  const value = (raw ?? '').trim();
  if (value.startsWith('{')) {
    try {
      const parsed = JSON.parse(value) as Record<string, unknown>;
      return (['android', 'ios'] as const).filter((id) => isWebUrl(parsed[id])).map((id) => ({ id, name: NAMES[id], url: String(parsed[id]).trim() }));
    } catch {
      return [];
    }
  }
  return isWebUrl(value) ? [{ id: 'all', name: NAMES.all, url: value }] : [];
}

/** The target for the visitor's own device, if one fits. */
export function targetFor(kind: ClientKind, userAgent: string, targets: DownloadTarget[]): DownloadTarget['id'] | null {
  const ios = kind === 'web_iPhone' || /iPhone|iPad|iPod/i.test(userAgent);
  const android = kind === 'web_android' || /Android/i.test(userAgent);
  const want = ios ? 'ios' : android ? 'android' : null;
  return targets.find((t) => t.id === want)?.id ?? null;
}

/** The H5 address of this agent's app (opened in any browser): the site's root with the agent code. */
export function h5Link(origin: string, agentCode: string): string {
  return agentCode ? `${origin}/?ac=${encodeURIComponent(agentCode)}` : `${origin}/`;
}
