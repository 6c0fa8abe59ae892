import { z } from 'zod';
import { defineCall } from '../call.ts';
import { AGREEMENT_OUTDATED_MSG, AGREEMENT_VERSION } from './user-agreement.ts';
import { captchaNew, checkcode, sendcode } from './sms-code.ts';
import { agentCode, flag, guid, mobile, optInt, optText, passwordHash, smsCode, text } from '../fields.ts';

/** What every successful login, code login and registration returns. */
export const loginData = z.object({
  guid: z.string(),
  userID: z.number().int(),
  userName: z.string(),
  phone: z.string(),
  nickName: z.string(),
  agentCode: z.string(),
  /** False for accounts created by SMS-code login that never set a password (→ /setpassword). */
  hasPassword: z.boolean(),
  /** True when the account was created by this very call. */
  isNew: z.boolean(),
  /** The password typed at this login (or the last password login) is on the weak list: ask for a new one (changePasswordweakusers). */
  weakPassword: z.boolean(),
  /** The learner has not accepted the current 用户协议/隐私政策 version: ask again (agreement.accept). */
  consentNeeded: z.boolean(),
  /** This login cancelled a pending account deletion (cooling-off period): tell the learner '已撤销注销申请'. */
  deletionCancelled: z.boolean(),
});
export type LoginData = z.infer<typeof loginData>;

export const userInfo = z.object({
  userID: z.number().int(),
  userName: z.string(),
  phone: z.string(),
  nickName: z.string(),
  agentCode: z.string(),
  hasPassword: z.boolean(),
  isTourist: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  lastIP: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** Optional in the schema so that its absence gets AGREEMENT_MSG from the service, after nothing else was revealed. */
const agreed = () => z.enum([AGREEMENT_VERSION], { error: AGREEMENT_OUTDATED_MSG }).optional();

const clientFields = {
  clientType: optText('客户端类型', 20),
  userAgent: optText('客户端标识', 512),
};

export const checkUser = defineCall({
  id: 'user.checkUser',
  method: 'GET',
  path: '/api/user/checkUser',
  group: 'general',
  needsSession: false,
  summary: 'Whether an account exists for a phone/user name (rate-limited per IP; see docs/accounts.md).',
  request: z.object({ userName: text('账号', 32), agentCode: agentCode().optional() }),
  data: z.object({ exists: z.boolean() }),
});

export const userlogin = defineCall({
  id: 'user.userlogin',
  method: 'POST',
  path: '/api/user/userlogin',
  group: 'general',
  needsSession: false,
  summary: 'Password login; returns a new session guid.',
  request: z.object({
    username: text('账号', 32),
    password: passwordHash(),
    agentCode: agentCode().optional(),
    timestamp: optInt('时间戳'),
    ...clientFields,
  }),
  data: loginData,
});

export const codelogin = defineCall({
  id: 'user.codelogin',
  method: 'POST',
  path: '/api/user/codelogin',
  group: 'general',
  needsSession: false,
  summary: 'SMS-code login; an unknown phone gets a new account without a password.',
  request: z.object({
    userName: mobile(),
    verifyCode: smsCode(),
    /** Optional password hash, ignored for login; kept for spec compatibility. */
    password: passwordHash().optional(),
    agentCode: agentCode().optional(),
    freeuserID: optText('游客编号', 64),
    agreed: agreed(),
    ...clientFields,
  }),
  data: loginData,
});

export const freeFegist = defineCall({
  id: 'user.freeFegist',
  method: 'POST',
  path: '/api/user/freeFegist/',
  group: 'general',
  needsSession: false,
  summary: 'Register with phone, SMS code and password; logs the new learner in.',
  request: z.object({
    phone: mobile(),
    verifyCode: smsCode(),
    password: passwordHash(),
    nickName: optText('昵称', 32),
    agentCode: agentCode().optional(),
    agreed: agreed(),
    ...clientFields,
  }),
  data: loginData,
});

export const restorePassword = defineCall({
  id: 'user.restorePassword',
  method: 'POST',
  path: '/api/user/restorePassword',
  group: 'general',
  needsSession: false,
  summary: 'Reset a forgotten password with an SMS code; ends every session of the account.',
  request: z.object({ phone: mobile(), verifyCode: smsCode(), password: passwordHash('新密码') }),
  data: z.null(),
});

/** Spec §5: a six-character time value (client's HHmmss). */
const changeTime = () => z.string({ error: '时间长度错误' }).length(6, { error: '时间长度错误' });

export const changePassword = defineCall({
  id: 'user.changePassword',
  method: 'POST',
  path: '/api/user/changePassword',
  group: 'general',
  needsSession: true,
  summary:
    'Change the password (oldPassword required when one is set) or set a first one. Changing ends every session; setting a first one keeps the current session and ends the others.',
  request: z.object({
    guid: guid(),
    oldPassword: passwordHash('原密码').optional(),
    password: passwordHash('新密码'),
    time: changeTime(),
  }),
  data: z.object({ sessionEnded: z.boolean() }),
});

/** A new password on the weak list (common passwords, the learner's phone or its last 6 digits): docs/account-security.md. */
export const WEAK_PASSWORD_MSG = '新密码过于简单，请换一个更安全的密码';
export const PASSWORD_CHANGE_MSG = {
  notWeak: '当前密码无需修改',
  stale: '请重新登录后再修改密码',
  noPhone: '账号未绑定手机号，请先绑定手机号',
} as const;

export const changePasswordnew = defineCall({
  id: 'user.changePasswordnew',
  method: 'POST',
  path: '/api/user/changePasswordnew',
  group: 'general',
  needsSession: true,
  summary: 'Change the password without the old one, proven by an SMS code (op reset) sent to the bound phone; keeps the current session, ends the others.',
  request: z.object({ guid: guid(), verifyCode: smsCode(), password: passwordHash('新密码'), time: changeTime() }),
  data: z.object({ sessionEnded: z.boolean() }),
});

export const changePasswordweakusers = defineCall({
  id: 'user.changePasswordweakusers',
  method: 'POST',
  path: '/api/user/changePasswordweakusers',
  group: 'general',
  needsSession: true,
  summary:
    'Right after a login that answered weakPassword: set a new password without the old one, within WEAK_CHANGE_WINDOW_MS of the login; keeps the current session, ends the others.',
  request: z.object({ guid: guid(), password: passwordHash('新密码'), time: changeTime() }),
  data: z.object({ sessionEnded: z.boolean() }),
});
/** How long after its login a session may use changePasswordweakusers. */
export const WEAK_CHANGE_WINDOW_MS = 30 * 60_000;

export const checkPassword = defineCall({
  id: 'user.checkPassword',
  method: 'POST',
  path: '/api/user/checkPassword',
  group: 'general',
  needsSession: true,
  summary: 'Confirm the signed-in learner typed their current password (counts as a login attempt).',
  request: z.object({ guid: guid(), password: passwordHash() }),
  data: z.object({ valid: z.literal(true) }),
});

export const getUserInfo = defineCall({
  id: 'user.getUserInfo',
  method: 'GET',
  path: '/api/user/getUserInfo',
  group: 'general',
  needsSession: true,
  summary: 'The signed-in learner.',
  request: z.object({ guid: guid() }),
  data: userInfo,
});

export const updateIP = defineCall({
  id: 'user.updateIP',
  method: 'POST',
  path: '/api/user/updateIP',
  group: 'general',
  needsSession: true,
  summary: 'Record the client IP of the signed-in learner.',
  request: z.object({ guid: guid() }),
  data: z.object({ ip: z.string() }),
});

export const checkIsTourist = defineCall({
  id: 'user.checkIsTourist',
  method: 'POST',
  path: '/api/user/checkIsTourist',
  group: 'general',
  needsSession: false,
  summary: 'Whether the caller is a tourist: no valid session, or free-try mode (freeTry=true).',
  request: z.object({ guid: z.string({ error: '登录信息格式不正确' }).max(128, { error: '登录信息格式不正确' }).optional(), freeTry: flag() }),
  data: z.object({ isTourist: z.boolean() }),
});

export const logout = defineCall({
  id: 'user.logout',
  method: 'POST',
  path: '/api/user/logout',
  group: 'general',
  needsSession: true,
  summary: 'End the current session (not in the spec; designed, see docs/accounts.md).',
  request: z.object({ guid: guid() }),
  data: z.null(),
});

export const bindPhone = defineCall({
  id: 'user.bindPhone',
  method: 'POST',
  path: '/api/user/bindPhone',
  group: 'general',
  needsSession: true,
  summary: 'Bind a new phone to the account, proven by an SMS code sent with op=bind. A user name that was the old phone becomes the new one.',
  request: z.object({ guid: guid(), phone: mobile('新手机号'), verifyCode: smsCode() }),
  data: z.object({ phone: z.string(), userName: z.string() }),
});

/** Change-log entries (purchases changed etc.); reported by getChangeInfo with body status 200. */
export const changeEntry = z.object({ id: z.number().int(), kind: z.string(), detail: z.string(), createdAt: z.string() });

export const getChangeInfo = defineCall({
  id: 'user.getChangeInfo',
  method: 'GET',
  path: '/api/getChangeInfo',
  group: 'general',
  needsSession: true,
  allowedRepeat: true,
  summary: 'Body status 200 when the learner has unseen changes (client clears caches); 202 when none.',
  request: z.object({ guid: guid() }),
  data: z.object({ changes: z.array(changeEntry) }),
});

export const cancelChangeLog = defineCall({
  id: 'user.cancelChangeLog',
  method: 'POST',
  path: '/api/cancelChangeLog',
  group: 'general',
  needsSession: true,
  summary: 'Mark every reported change as seen.',
  request: z.object({ guid: guid() }),
  data: z.object({ cleared: z.number().int() }),
});

export const userCalls = {
  checkUser,
  userlogin,
  codelogin,
  sendcode,
  captchaNew,
  checkcode,
  freeFegist,
  restorePassword,
  changePassword,
  changePasswordnew,
  changePasswordweakusers,
  checkPassword,
  getUserInfo,
  updateIP,
  checkIsTourist,
  logout,
  bindPhone,
  getChangeInfo,
  cancelChangeLog,
};
