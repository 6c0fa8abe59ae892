import { PARTNER_LOGINS } from '../../lib/login-redirect';
import { safeTargetPath } from '../../lib/safe-path';

/**
 * Query parameters of the entry gateways, checked before anything is stored. A gateway with a bad
 * parameter stores nothing and says what is wrong (docs/entry-routes.md).
 */

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const BAD_TARGET = '跳转地址无效：只能进入本应用内的页面';

/** An optional `target`: absent → null; present → must be a safe internal path. */
function parseTarget(params: URLSearchParams): Parsed<string | null> {
  const raw = params.get('target');
  if (raw === null || raw === '') return { ok: true, value: null };
  const path = safeTargetPath(raw);
  return path ? { ok: true, value: path } : { ok: false, message: BAD_TARGET };
}

export interface WayParams {
  guid: string;
  userID: number | null;
  userName: string | null;
  target: string | null;
}

/** /way?guid=…[&userID=…][&userName=…][&target=/path] — hand-over from a native app shell. */
export function parseWayParams(params: URLSearchParams): Parsed<WayParams> {
  const guid = params.get('guid')?.trim() ?? '';
  if (!guid) return { ok: false, message: '缺少登录凭证（guid），无法自动登录' };
  if (!/^[\w-]{16,128}$/.test(guid)) return { ok: false, message: '登录凭证（guid）格式不正确' };
  const rawID = params.get('userID')?.trim() ?? '';
  if (rawID && !/^\d{1,15}$/.test(rawID)) return { ok: false, message: '用户编号（userID）格式不正确' };
  const userName = params.get('userName')?.trim() || null;
  if (userName && userName.length > 32) return { ok: false, message: '用户名（userName）格式不正确' };
  const target = parseTarget(params);
  if (!target.ok) return target;
  return { ok: true, value: { guid, userID: rawID ? Number(rawID) : null, userName, target: target.value } };
}

export interface GatewayParams {
  ac: string;
  target: string | null;
  loginType: string | null;
}

/** /gateway?ac=…[&target=/path][&LOGIN_TYPE=kind] — partner entry. */
export function parseGatewayParams(params: URLSearchParams): Parsed<GatewayParams> {
  const ac = params.get('ac')?.trim() ?? '';
  if (!ac) return { ok: false, message: '缺少代理商编号（ac）' };
  if (!/^\d{1,12}$/.test(ac)) return { ok: false, message: '代理商编号（ac）格式不正确' };
  const target = parseTarget(params);
  if (!target.ok) return target;
  const loginType = params.get('LOGIN_TYPE')?.trim() || null;
  if (loginType && !Object.hasOwn(PARTNER_LOGINS, loginType)) {
    return { ok: false, message: '合作方类型（LOGIN_TYPE）无效' };
  }
  return { ok: true, value: { ac, target: target.value, loginType } };
}

/** /msdbway?YILIUQUDAOID=… — campaign link; the channel id is letters, digits, '_' or '-'. */
export function parseChannelId(params: URLSearchParams): Parsed<string> {
  const id = (params.get('YILIUQUDAOID') ?? params.get('yiliuqudaoid'))?.trim() ?? '';
  if (!id) return { ok: false, message: '缺少推广渠道编号（YILIUQUDAOID）' };
  if (!/^[\w-]{1,64}$/.test(id)) return { ok: false, message: '推广渠道编号（YILIUQUDAOID）格式不正确' };
  return { ok: true, value: id };
}
