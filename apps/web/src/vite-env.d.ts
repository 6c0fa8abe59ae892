/// <reference types="vite/client" />

/** App version from package.json, injected by vite.config.ts; sent as `clientver`. */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** Base URL per call group (spec §7); '' (same origin) when unset. */
  readonly VITE_API_BASE_GENERAL?: string;
  readonly VITE_API_BASE_TRACKING?: string;
  readonly VITE_API_BASE_PAYMENT?: string;
  readonly VITE_API_BASE_ACTIVITY?: string;
  readonly VITE_API_BASE_VIDEO?: string;
  readonly VITE_API_BASE_BUG?: string;
  /** Partner login targets (src/lib/login-redirect.ts); unset → the partner falls back to /login. */
  readonly VITE_PARTNER_DOCTOR_LOGIN_URL?: string;
  readonly VITE_PARTNER_SCHOOL_LOGIN_URL?: string;
  readonly VITE_PARTNER_NEWS_LOGOUT_URL?: string;
  /** Mini-program login page path. */
  readonly VITE_MINIPROGRAM_LOGIN_PAGE?: string;
}
