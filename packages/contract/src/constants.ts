/** Business constants and limits of spec §9 (and the timing constants of §2/§4). */

export const SESSION_CHECK_INTERVAL_MS = 30_000;
export const COOKIE_DAYS = 30;

export const REQUEST_TIMEOUT_MS = 60_000;
/** The calls that time out sooner (SHORT_TIMEOUT_MS, and the timeout is a toast), by the last segment of their path. */
export const SHORT_TIMEOUT_CALLS: readonly string[] = ['moduleInfoX', 'pricelist', 'vipinfo'];
export const SHORT_TIMEOUT_MS = 15_000;
export const TOAST_MS = 1000;
export const NO_CONTENT_DIALOG_MS = 3000;

export const PAGE_SIZE = {
  catalogList: 500,
  errorTest: 50,
  chapterList: 10,
  commonQuestions: 5,
  purchasedUserList: 6,
} as const;

/** terminalType query parameter: 3, or 8 inside WeChat. */
export const TERMINAL_TYPE = { default: 3, wechat: 8 } as const;

export const PRICE_GROUP_LIST = [0, 1, 2, 5, 9, 12, 13, 14, 15, 16, 17, 18, 19] as const;

export const EXAM_TYPE = { tipsPoints: 40, pointCards: 48 } as const;
export const SIGIN_NAME = 22;

export const PICKER = { minYear: 1900, maxYear: 2099, minHour: 0, maxHour: 23, minMinute: 0, maxMinute: 59 } as const;

export const DEFAULT_AGENT_CODE = '888';
export const DEFAULT_TARGET_DIR = 'ying';
export const DEFAULT_THEME_COLOR = '#5bb8ff';
export const DEFAULT_STORE_NAME = '考试宝典';

/** Client type codes used by tracking calls. */
export const CLIENT_TYPE = { iphoneShell: 4, androidShell: 3, h5: 6, dwell: 5, androidBug: 7, bugDefault: 3 } as const;

/** Client kinds derived from the user agent. */
export const CLIENT_KINDS = ['web_iPhone', 'web_android', 'web_h5', 'web_pc'] as const;
export type ClientKind = (typeof CLIENT_KINDS)[number];
export const APPFLAG_IOS = 'iosKe';

/** Study-level groups of subjects. */
export const STUDY_LEVELS = ['chuzhongji', 'zhiye', 'gaoji', 'jkgls', 'other'] as const;

/** Session lifetimes (server). */
export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000;

/** SMS code rules. */
export const SMS = {
  digits: 6,
  validMs: 5 * 60_000,
  maxWrongGuesses: 5,
  resendAfterMs: 60_000,
  /** Per phone and China calendar day. */
  perDay: 10,
  /**
   * One IP (a hospital's or a school's shared network) sends this many codes per window freely; each
   * further one needs a picture challenge (图形验证码), up to a hard ceiling per day.
   */
  ipBurst: 3,
  ipBurstWindowMs: 10 * 60_000,
  ipPerDay: 300,
  /** A picture challenge is answered within this time, once. */
  captchaValidMs: 5 * 60_000,
  /** Picture challenges one IP may ask for per window (an unauthenticated write). */
  captchasPerWindow: 30,
} as const;

/** Login limits: failures per account per window, and per IP. */
export const LOGIN_LIMIT = {
  perAccount: 5,
  windowMs: 15 * 60_000,
  perIp: 30,
} as const;
