import { z } from 'zod';
import { defineCall } from '../call.ts';
import { guid, optText, smsCode } from '../fields.ts';

/**
 * The account's life (docs/account-deletion.md): the devices where the learner is logged in (/accountKeys, sign out
 * one or all others) and account deletion (/cancelAccount: an SMS code re-checks the learner, a cooling-off period in
 * which a login cancels the request, then the personal data is erased and learning and accounting rows are kept
 * anonymised).
 */

/** Days between the request and the erasure; a login within them cancels the request (modules/user). */
export const DELETION_COOLING_OFF_DAYS = 7;
export const DELETION_COOLING_OFF_MS = DELETION_COOLING_OFF_DAYS * 24 * 3600_000;
/** What erased texts (discussion posts, feedback, chat lines) read afterwards. */
export const ERASED_TEXT = '该内容已随账号注销删除';
/** The nickname an erased account shows where its anonymised rows still appear. */
export const ERASED_NAME = '已注销用户';

export const ACCOUNT_MSG = {
  deviceUnknown: '该设备不存在或已下线',
  currentDevice: '本机请在设置中退出登录',
  noPhone: '请先绑定手机号，再申请注销账号',
  alreadyRequested: '已提交注销申请，请勿重复提交',
  confirmRequired: '请确认已阅读注销须知',
  signedOut: '已下线该设备',
  signedOutOthers: '已下线其他所有设备',
  noOthers: '没有其他在线设备',
  requested: `注销申请已提交，${DELETION_COOLING_OFF_DAYS}天后账号将被永久删除；期间重新登录即可撤销`,
} as const;

/**
 * Why a session ended (docs/accounts.md, "Sessions"): 'logout' on the device itself; 'device' signed out from
 * another device (/accountKeys, one or all others); 'password' a password change or reset; 'deletion' a deletion
 * request. A call with the guid of a session ended for one of the last three answers 401 with its SESSION_ENDED_MSG
 * (spec §8: the client alerts the message, clears its storage and goes to login); any other ended or expired
 * session answers 401 MSG.sessionExpired.
 */
export const SESSION_END_REASONS = ['logout', 'device', 'password', 'deletion'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];
export const SESSION_ENDED_MSG: Readonly<Record<Exclude<SessionEndReason, 'logout'>, string>> = {
  device: '您的账号已在其他设备上将本机下线，请重新登录；如非本人操作，请及时修改密码',
  password: '您的账号密码已修改，请使用新密码重新登录',
  deletion: `您的账号已申请注销，${DELETION_COOLING_OFF_DAYS}天内重新登录即可撤销`,
};

export const DEVICE_KINDS = ['phone', 'tablet', 'desktop', 'unknown'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];
export const DEVICE_KIND_NAMES: Record<DeviceKind, string> = { phone: '手机', tablet: '平板', desktop: '电脑', unknown: '未知设备' };

/** One open session of the learner, as /accountKeys shows it. */
export const deviceItem = z.object({
  /** Opaque: derived from the session, not the session's key and not its guid. */
  id: z.string(),
  kind: z.enum(DEVICE_KINDS),
  /** The system ('iOS 17', 'Android 14', 'Windows', …) and browser or app ('微信', 'Chrome', …); '' when unknown. */
  os: z.string(),
  browser: z.string(),
  /** The IP with its last parts hidden ('' when none). */
  ip: z.string(),
  /** The place of the IP: only '局域网' for private addresses (the server has no IP geo database); '' otherwise. */
  place: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of this request (本机). */
  current: z.boolean(),
});
export type DeviceItem = z.infer<typeof deviceItem>;

const deviceId = () => z.string({ error: '请选择设备' }).regex(/^[0-9a-f]{24}$/, { error: '设备编号格式不正确' });

export const accountDevices = defineCall({
  id: 'account.devices',
  method: 'GET',
  path: '/api/account/devices',
  group: 'general',
  needsSession: true,
  summary: "/accountKeys: the learner's open sessions, this one first, then by last use.",
  request: z.object({ guid: guid() }),
  data: z.object({ list: z.array(deviceItem) }),
});

export const accountSignOutDevice = defineCall({
  id: 'account.signOutDevice',
  method: 'POST',
  path: '/api/account/devices/signOut',
  group: 'general',
  needsSession: true,
  allowedRepeat: true,
  summary: "Ends one of the learner's other sessions (404 for an id that is not one of them; this one: use logout).",
  request: z.object({ guid: guid(), id: deviceId() }),
  data: z.object({ ended: z.number().int() }),
});

export const accountSignOutOthers = defineCall({
  id: 'account.signOutOthers',
  method: 'POST',
  path: '/api/account/devices/signOutOthers',
  group: 'general',
  needsSession: true,
  allowedRepeat: true,
  summary: 'Ends every session of the learner except this one; answers how many ended.',
  request: z.object({ guid: guid() }),
  data: z.object({ ended: z.number().int() }),
});

export const deletionInfo = z.object({
  /** The bound phone, masked ('' when none: deletion needs one). */
  phone: z.string(),
  coolingOffDays: z.number().int(),
  /** Versions still valid (their remaining time is lost with the account). */
  validVersions: z.number().int(),
  /** Open orders and printed books not received yet. */
  openOrders: z.number().int(),
});
export type DeletionInfo = z.infer<typeof deletionInfo>;

export const accountDeletionInfo = defineCall({
  id: 'account.deletionInfo',
  method: 'GET',
  path: '/api/account/cancel/info',
  group: 'general',
  needsSession: true,
  summary: '/cancelAccount: the masked phone the code goes to, the cooling-off days, and what the learner would lose.',
  request: z.object({ guid: guid() }),
  data: deletionInfo,
});

export const accountDeletionCode = defineCall({
  id: 'account.deletionCode',
  method: 'POST',
  path: '/api/account/cancel/sendcode',
  group: 'general',
  needsSession: true,
  summary: "Sends an SMS code (purpose 'cancel') to the session's own bound phone; the SMS limits of sendcode apply.",
  request: z.object({ guid: guid(), captchaId: optText('验证码编号', 128), validate: optText('校验值', 256) }),
  data: z.object({ expiresIn: z.number().int(), resendAfter: z.number().int() }),
});

export const accountRequestDeletion = defineCall({
  id: 'account.requestDeletion',
  method: 'POST',
  path: '/api/account/cancel',
  group: 'general',
  needsSession: true,
  summary: 'Requests deletion with the SMS code: every session ends at once; the data is erased after the cooling-off period unless the learner logs in.',
  request: z.object({ guid: guid(), code: smsCode(), confirm: z.literal('1', { error: ACCOUNT_MSG.confirmRequired }) }),
  data: z.object({ eraseAt: z.string() }),
});

export const accountCalls = { accountDevices, accountSignOutDevice, accountSignOutOthers, accountDeletionInfo, accountDeletionCode, accountRequestDeletion };
