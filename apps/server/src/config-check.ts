import { statSync } from 'node:fs';

/**
 * The configuration's checks across settings (docs/deploy.md, "Configuration"): each returns the problems it finds,
 * naming the settings to change, and loadConfig reports every problem of every check together, so an operator fixes
 * a configuration in one pass instead of one failed start per setting. Values are never quoted (keys, passwords).
 */
export interface CheckedSettings {
  NODE_ENV: 'development' | 'test' | 'production';
  HEADERS_TIMEOUT_MS: number;
  REQUEST_TIMEOUT_MS: number;
  WEB_CONCURRENCY: number;
  DATABASE_URL?: string;
  REDIS_URL?: string;
  PUBLIC_BASE_URL?: string;
  MEDIA_S3_ACCESS_KEY_ID?: string;
  MEDIA_S3_SECRET_ACCESS_KEY?: string;
  [name: string]: unknown;
}

export const WECHAT_SETTINGS = [
  'WECHATPAY_MCHID',
  'WECHATPAY_APPID',
  'WECHATPAY_MERCHANT_SERIAL',
  'WECHATPAY_PRIVATE_KEY',
  'WECHATPAY_PLATFORM_SERIAL',
  'WECHATPAY_PLATFORM_KEY',
  'WECHATPAY_APIV3_KEY',
] as const;
export const ALIPAY_SETTINGS = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'] as const;
/** Settings that hold a key as PEM text or as the path of a file holding it. */
const KEY_SETTINGS = ['WECHATPAY_PRIVATE_KEY', 'WECHATPAY_PLATFORM_KEY', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'] as const;
/** Keys whose file must be readable by its owner only (public keys may be readable by others). */
const SECRET_KEYS = new Set<string>(['WECHATPAY_PRIVATE_KEY', 'ALIPAY_PRIVATE_KEY']);

const set = (c: CheckedSettings, name: string) => c[name] !== undefined && c[name] !== '';

/** A provider's group of settings: all or none. */
function group(c: CheckedSettings, provider: string, names: readonly string[]): string[] {
  const missing = names.filter((n) => !set(c, n));
  if (missing.length === names.length) return [];
  const problems = missing.length > 0 ? [`${provider} is partly configured: set ${missing.join(', ')} (or none of its settings)`] : [];
  if (!c.PUBLIC_BASE_URL) problems.push(`${provider} needs PUBLIC_BASE_URL (the https address its notifications reach)`);
  return problems;
}

/** A key given as a file: it must exist, and a private key's file must not be readable by group or others (0600). */
function keyFiles(c: CheckedSettings): string[] {
  const problems: string[] = [];
  for (const name of KEY_SETTINGS) {
    const v = c[name];
    if (typeof v !== 'string' || v === '' || v.includes('-----BEGIN')) continue;
    let mode: number;
    try {
      mode = statSync(v).mode;
    } catch {
      problems.push(`${name}: the key file does not exist or cannot be read`);
      continue;
    }
    if (SECRET_KEYS.has(name) && (mode & 0o077) !== 0) problems.push(`${name}: the key file must be readable by its owner only (chmod 600)`);
  }
  return problems;
}

/** What a production start needs beyond a development one (the SMS provider's own checks are in platform/sms). */
function production(c: CheckedSettings): string[] {
  if (c.NODE_ENV !== 'production') return [];
  return c.PUBLIC_BASE_URL && !c.PUBLIC_BASE_URL.startsWith('https://') ? ['PUBLIC_BASE_URL must start with https:// with NODE_ENV=production'] : [];
}

/** Every problem of the configuration's cross-setting checks, or none. `extra` are checks of other parts (SMS). */
export function configProblems(c: CheckedSettings, extra: ((c: CheckedSettings) => string[])[] = []): string[] {
  return [
    ...(c.HEADERS_TIMEOUT_MS > c.REQUEST_TIMEOUT_MS ? ['HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS'] : []),
    ...(c.WEB_CONCURRENCY > 1 && !c.DATABASE_URL ? ['WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded PGlite database belongs to one process'] : []),
    ...(set(c, 'MEDIA_S3_ACCESS_KEY_ID') !== set(c, 'MEDIA_S3_SECRET_ACCESS_KEY')
      ? ['MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together: set both, or neither (the SDK then finds its keys itself)']
      : []),
    ...group(c, 'WeChat Pay', WECHAT_SETTINGS),
    ...group(c, 'Alipay', ALIPAY_SETTINGS),
    ...keyFiles(c),
    ...production(c),
    ...extra.flatMap((check) => check(c)),
  ];
}
