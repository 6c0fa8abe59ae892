import { COOKIE_DAYS, type CookieKey, type LocalKey } from '@kaoshi/contract';

/**
 * The one module that reads and writes browser storage. Every key name lives here or in the
 * contract (spec §3 keys: LOCAL_KEYS, COOKIE_KEYS); nothing else touches localStorage,
 * sessionStorage or document.cookie directly.
 *
 * Storage can throw (private mode, quota, disabled cookies): every access is guarded and a failure
 * behaves like an empty store.
 */

/** Keys of the web shell itself, beside the spec's: device preferences that outlive a session. */
export const SHELL_LOCAL_KEYS = ['recentAccounts', 'nightMode', 'recentSubjects', 'seenNotices', 'readingScale', 'fontSize', 'videoAutoplay', 'trialAnswers'] as const;
export type ShellLocalKey = (typeof SHELL_LOCAL_KEYS)[number];
/** Keys of the learner's own use of this device, cleared with the session (e.g. recent searches). */
export const LEARNER_LOCAL_KEYS = ['recentSearches'] as const;
export type AnyLocalKey = LocalKey | ShellLocalKey | (typeof LEARNER_LOCAL_KEYS)[number];

/** Kept by `clearAllKeepingWechatType()`: the WeChat type (spec §8) and the shell's device preferences. */
const KEPT_ON_CLEAR = ['wechatType', ...SHELL_LOCAL_KEYS];

/** sessionStorage keys (per-tab caches). */
export const SESSION_KEYS = ['agentInfo', 'practicePlaces', 'pickedAddress', 'spreadCode', 'subjectReturn'] as const;
export type SessionKey = (typeof SESSION_KEYS)[number];

function store(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

function parse<T>(raw: string | null): T | null {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

function kv<K extends string>(kind: 'localStorage' | 'sessionStorage') {
  const get = (key: K): string | null => {
    try {
      return store(kind)?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const set = (key: K, value: string): void => {
    try {
      store(kind)?.setItem(key, value);
    } catch {
      /* quota or disabled storage: the value is simply not kept */
    }
  };
  const remove = (key: K): void => {
    try {
      store(kind)?.removeItem(key);
    } catch {
      /* ignore */
    }
  };
  return {
    get,
    set,
    remove,
    getJSON: <T>(key: K): T | null => parse<T>(get(key)),
    setJSON: (key: K, value: unknown): void => set(key, JSON.stringify(value)),
  };
}

export const local = {
  ...kv<AnyLocalKey>('localStorage'),
  /**
   * Spec §8 (body status 401, 408): clear local storage but keep the WeChat type. The shell's device
   * preferences (recent accounts of /chooseUser, night mode) are kept too: they are not session data.
   */
  clearAllKeepingWechatType(): void {
    const s = store('localStorage');
    if (!s) return;
    try {
      const kept = KEPT_ON_CLEAR.map((k) => [k, s.getItem(k)] as const);
      s.clear();
      for (const [k, v] of kept) if (v !== null) s.setItem(k, v);
    } catch {
      /* ignore */
    }
  },
};

export const sessionCache = kv<SessionKey>('sessionStorage');

/** The Set-Cookie string for a cookie (path /, SameSite=Lax, `days` from `now`). */
export function cookieString(key: string, value: string, days: number, now = Date.now()): string {
  const expires = new Date(now + days * 86_400_000).toUTCString();
  return `${key}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`;
}

function readCookie(key: string): string | null {
  let all = '';
  try {
    all = typeof document === 'undefined' ? '' : document.cookie;
  } catch {
    return null;
  }
  for (const part of all.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== key) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

function writeCookie(text: string): void {
  try {
    if (typeof document !== 'undefined') document.cookie = text;
  } catch {
    /* cookies disabled */
  }
}

/** Cookies of spec §3; 30 days by default (COOKIE_DAYS). */
export const cookies = {
  get(key: CookieKey): string | null {
    return readCookie(key);
  },
  set(key: CookieKey, value: string, days: number = COOKIE_DAYS): void {
    writeCookie(cookieString(key, value, days));
  },
  remove(key: CookieKey): void {
    writeCookie(`${key}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax`);
  },
  getJSON<T>(key: CookieKey): T | null {
    return parse<T>(readCookie(key));
  },
  setJSON(key: CookieKey, value: unknown, days: number = COOKIE_DAYS): void {
    writeCookie(cookieString(key, JSON.stringify(value), days));
  },
};
