import type { DeviceKind } from '@kaoshi/contract';

/**
 * What /accountKeys shows of a session's user agent and IP (docs/account-deletion.md, "Devices"). A few rules for the
 * clients learners use (WeChat, the Chinese browsers, the app shells, desktop browsers), not a full parser; the raw
 * user agent is never shown.
 */
export interface DeviceFacts {
  kind: DeviceKind;
  os: string;
  browser: string;
}

const first = (ua: string, rules: readonly (readonly [RegExp, (m: RegExpMatchArray) => string])[]): string => {
  for (const [re, name] of rules) {
    const m = ua.match(re);
    if (m) return name(m);
  }
  return '';
};

const major = (v: string | undefined) => (v ? ` ${v.split(/[._]/)[0]}` : '');

const OS_RULES = [
  [/HarmonyOS[ /]?([\d.]+)?/i, (m) => `HarmonyOS${major(m[1])}`],
  [/(?:iPhone|iPad|iPod).*? OS ([\d_]+)/, (m) => `iOS${major(m[1])}`],
  [/Android[ /]?([\d.]+)?/, (m) => `Android${major(m[1])}`],
  [/Windows NT 10/, () => 'Windows'],
  [/Windows/, () => 'Windows'],
  [/Mac OS X/, () => 'macOS'],
  [/CrOS/, () => 'ChromeOS'],
  [/Linux/, () => 'Linux'],
] as const satisfies readonly (readonly [RegExp, (m: RegExpMatchArray) => string])[];

const BROWSER_RULES = [
  [/MicroMessenger\/([\d.]+)/, () => '微信'],
  [/ QQ\/([\d.]+)/, () => 'QQ'],
  [/MQQBrowser|QQBrowser/, () => 'QQ浏览器'],
  [/UCBrowser|UCWEB/, () => 'UC浏览器'],
  [/HuaweiBrowser/, () => '华为浏览器'],
  [/MiuiBrowser/, () => '小米浏览器'],
  [/Quark/, () => '夸克'],
  [/Edg(?:e|A|iOS)?\/([\d.]+)/, (m) => `Edge${major(m[1])}`],
  [/Firefox\/([\d.]+)/, (m) => `Firefox${major(m[1])}`],
  [/(?:Chrome|CriOS)\/([\d.]+)/, (m) => `Chrome${major(m[1])}`],
  [/Version\/([\d.]+).*Safari/, (m) => `Safari${major(m[1])}`],
  [/Safari/, () => 'Safari'],
] as const satisfies readonly (readonly [RegExp, (m: RegExpMatchArray) => string])[];

export function describeUserAgent(ua: string | null): DeviceFacts {
  const s = (ua ?? '').slice(0, 512);
  if (!s) return { kind: 'unknown', os: '', browser: '' };
  const kind: DeviceKind = /iPad|Tablet|Android(?!.*Mobile)/.test(s)
    ? 'tablet'
    : /Mobi|iPhone|iPod|Android|HarmonyOS/.test(s)
      ? 'phone'
      : /Windows|Macintosh|Mac OS X|CrOS|X11|Linux/.test(s)
        ? 'desktop'
        : 'unknown';
  return { kind, os: first(s, OS_RULES), browser: first(s, BROWSER_RULES) };
}

const PRIVATE_V4 = [/^10\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^127\./, /^169\.254\./];

/** The IP with its last parts hidden: 'a.b.*.*' for IPv4, the first two groups for IPv6. */
export function maskIp(ip: string | null): string {
  if (!ip) return '';
  const v4 = ip.replace(/^::ffff:/i, '');
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(v4)) return `${v4.split('.').slice(0, 2).join('.')}.*.*`;
  const groups = ip.split(':').filter(Boolean);
  return groups.length >= 2 ? `${groups.slice(0, 2).join(':')}:*` : '*';
}

/**
 * The place of an IP. There is no IP geo database on the server (none may be downloaded, and a learner's place is
 * personal data we do not need), so only private and loopback addresses are named; every other IP has no place.
 */
export function placeOf(ip: string | null): string {
  if (!ip) return '';
  const v4 = ip.replace(/^::ffff:/i, '');
  if (PRIVATE_V4.some((re) => re.test(v4)) || ip === '::1' || /^f[cd]/i.test(ip)) return '局域网';
  return '';
}
