import { PASSWORD_CHANGE_MSG, WEAK_CHANGE_WINDOW_MS, WEAK_PASSWORD_MSG } from '@kaoshi/contract';
import type { UserRow } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { badInput, forbidden } from '../../platform/errors.ts';
import type { PasswordHasher } from '../../platform/passwords.ts';
import type { Session, SessionService } from '../../platform/session/service.ts';
import type { SmsCodeService } from '../sms-code/index.ts';
import type { LoginLimits } from './login-limits.ts';
import type { UserStore } from './store.ts';
import { isWeakPassword } from './weak-passwords.ts';

export const PASSWORD_MSG = {
  wrongOldPassword: '原密码错误',
  oldPasswordRequired: '请填写原密码',
  noPassword: '该账号尚未设置密码，请使用验证码登录',
  wrongPassword: '账号或密码错误',
  phoneUnknown: '该手机号尚未注册',
} as const;

/** Refuses a new password on the weak list (common ones, the account's phone, its last 6 digits, the user name). */
export function refuseWeak(md5hex: string, account: { phone?: string | null; userName?: string | null }): void {
  if (isWeakPassword(md5hex, account)) throw badInput(WEAK_PASSWORD_MSG);
}

interface Deps {
  users: UserStore;
  sessions: SessionService;
  codes: SmsCodeService;
  limits: LoginLimits;
  clock: Clock;
  passwords: PasswordHasher;
}

/**
 * The five ways a password changes (docs/account-security.md, 'Four ways to change a password'):
 * restorePassword (forgotten, logged out, SMS code: every session ends), changePassword (the old password: every
 * session ends; or a first password: the others end), changePasswordnew (logged in, SMS code to the bound phone
 * instead of the old password: the others end), changePasswordweakusers (right after a login that found the password
 * weak: the others end). None accepts a weak new password.
 */
export function createPasswordChanges(deps: Deps) {
  const { users, sessions, codes, limits, clock, passwords } = deps;

  async function userOf(session: Session): Promise<UserRow> {
    const user = await users.byId(session.userId);
    if (!user) throw new Error(`session of a missing user ${session.userId}`);
    return user;
  }

  /** The new hash; every session of the account ends but `keep` (none when undefined); the failure count clears. */
  async function setPassword(userId: number, password: string, keep: string | undefined) {
    await users.setPasswordHash(userId, await passwords.hash(password), new Date(clock()));
    await sessions.endAll(userId, 'password', keep);
    await limits.clearFailures(userId);
  }

  return {
    /** Forgotten password: SMS code (op reset); ends every session of the account. */
    async restorePassword(phone: string, code: string, password: string, ip: string): Promise<null> {
      refuseWeak(password, { phone, userName: phone });
      // The code first: until it is right, a registered and an unknown phone get the same answers.
      await limits.limitAccountChange('reset', phone, ip);
      await codes.verify(phone, 'reset', code, { consume: true });
      const user = await users.byPhone(phone);
      if (!user || user.deletedAt) throw badInput(PASSWORD_MSG.phoneUnknown);
      refuseWeak(password, user);
      await setPassword(user.id, password, undefined);
      return null;
    },

    /**
     * Change the password (the old one must match) → every session ends, the current one too.
     * Set a first password (none yet) → the current session stays, the others end.
     */
    async changePassword(session: Session, oldPassword: string | undefined, password: string, ip: string): Promise<{ sessionEnded: boolean }> {
      const user = await userOf(session);
      refuseWeak(password, user);
      if (user.passwordHash) {
        if (!oldPassword) throw badInput(PASSWORD_MSG.oldPasswordRequired);
        const check = await limits.reservePasswordCheck(user.id, ip);
        if (!(await passwords.verify(user.passwordHash, oldPassword))) return check.wrong(PASSWORD_MSG.wrongOldPassword);
        await check.right();
      }
      const hadPassword = user.passwordHash !== null;
      await setPassword(user.id, password, hadPassword ? undefined : session.tokenHash);
      return { sessionEnded: hadPassword };
    },

    /**
     * changePasswordnew: a signed-in learner who does not remember the old password proves the bound phone with a
     * code (op reset, the same code /forgetpwd uses); the current session stays, the others end.
     */
    async changeByCode(session: Session, code: string, password: string, ip: string): Promise<{ sessionEnded: boolean }> {
      const user = await userOf(session);
      if (!user.phone) throw badInput(PASSWORD_CHANGE_MSG.noPhone);
      refuseWeak(password, user);
      await limits.limitAccountChange('reset', user.phone, ip);
      await codes.verify(user.phone, 'reset', code, { consume: true });
      await setPassword(user.id, password, session.tokenHash);
      return { sessionEnded: false };
    },

    /**
     * changePasswordweakusers: right after a password login that found the password weak (users.weak_password),
     * a new one without typing the old again, from a session at most WEAK_CHANGE_WINDOW_MS old (a session
     * taken later must use changePassword or changePasswordnew); the current session stays, the others end.
     */
    async changeWeak(session: Session, password: string): Promise<{ sessionEnded: boolean }> {
      const user = await userOf(session);
      if (!user.weakPassword) throw badInput(PASSWORD_CHANGE_MSG.notWeak);
      if (clock() - session.createdAt.getTime() > WEAK_CHANGE_WINDOW_MS) throw forbidden(PASSWORD_CHANGE_MSG.stale);
      refuseWeak(password, user);
      await setPassword(user.id, password, session.tokenHash);
      return { sessionEnded: false };
    },

    /** Confirm the signed-in learner's password; failures count like failed logins. */
    async checkPassword(session: Session, password: string, ip: string): Promise<{ valid: true }> {
      const user = await userOf(session);
      if (!user.passwordHash) throw badInput(PASSWORD_MSG.noPassword);
      const check = await limits.reservePasswordCheck(user.id, ip);
      if (!(await passwords.verify(user.passwordHash, password))) return check.wrong(PASSWORD_MSG.wrongPassword);
      await check.right();
      return { valid: true };
    },
  };
}

export type PasswordChanges = ReturnType<typeof createPasswordChanges>;
