import { APPFLAG_IOS, CLIENT_TYPE, TERMINAL_TYPE, type ClientKind } from '@kaoshi/contract';
import { cookies } from './storage';

/**
 * Which client this is (spec §9): web_iPhone (the iOS app shell), web_android (the Android app shell),
 * web_h5 (a phone browser, WeChat included) or web_pc.
 *
 * - The iOS shell sets the cookie APPFLAG=iosKe.
 * - Both shells add the marker `ksbao` to the user agent (e.g. "... ksbaoApp/3.2.0").
 */
export const SHELL_UA_MARKER = /ksbao/i;
const IOS_UA = /iPhone|iPad|iPod/i;
const ANDROID_UA = /Android/i;
const MOBILE_UA = /Mobile|Android|iPhone|iPad|iPod|HarmonyOS|MicroMessenger|Windows Phone/i;
const WECHAT_UA = /MicroMessenger/i;

const ua = () => (typeof navigator === 'undefined' ? '' : navigator.userAgent);

export function clientKind(userAgent: string = ua(), appflag: string | null = cookies.get('APPFLAG')): ClientKind {
  if (appflag === APPFLAG_IOS) return 'web_iPhone';
  if (SHELL_UA_MARKER.test(userAgent)) {
    if (ANDROID_UA.test(userAgent)) return 'web_android';
    if (IOS_UA.test(userAgent)) return 'web_iPhone';
  }
  return MOBILE_UA.test(userAgent) ? 'web_h5' : 'web_pc';
}

export function isWeChat(userAgent: string = ua()): boolean {
  return WECHAT_UA.test(userAgent);
}

/** terminalType query parameter: 3, or 8 inside WeChat. */
export function terminalType(userAgent: string = ua()): number {
  return isWeChat(userAgent) ? TERMINAL_TYPE.wechat : TERMINAL_TYPE.default;
}

/** clientType of the tracking calls: 4 iPhone shell, 3 Android shell, 6 H5 (and PC). */
export function trackingClientType(kind: ClientKind = clientKind()): number {
  if (kind === 'web_iPhone') return CLIENT_TYPE.iphoneShell;
  if (kind === 'web_android') return CLIENT_TYPE.androidShell;
  return CLIENT_TYPE.h5;
}
