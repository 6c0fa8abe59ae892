import { AGREEMENT_MSG, LOGIN_LIMIT, MSG, type LoginData, type UserInfo } from '@kaoshi/contract';
import type { AgentRow, UserRow } from '../../db/schema/index.ts';
import { minutesUntil, type Clock } from '../../platform/clock.ts';
import { badInput, tooMany } from '../../platform/errors.ts';
import { argon2Passwords, type PasswordHasher } from '../../platform/passwords.ts';
import type { RateLimiter } from '../../platform/rate-limit/limiter.ts';
import type { Session, SessionService } from '../../platform/session/service.ts';
import type { SmsCodeService } from '../sms-code/index.ts';
import type { TrackingService } from '../tracking/index.ts';
import type { UserStore } from './store.ts';

export const USER_MSG = {
  wrongPassword: '账号或密码错误',
  wrongOldPassword: '原密码错误',
  oldPasswordRequired: '请填写原密码',
  noPassword: '该账号尚未设置密码，请使用验证码登录',
  locked: (minutes: number) => `密码错误次数过多，请在${minutes}分钟后重试`,
  ipLocked: (minutes: number) => `登录失败次数过多，请在${minutes}分钟后重试`,
  phoneRegistered: '该手机号已注册，请直接登录',
  phoneUnknown: '该手机号尚未注册',
  phoneBound: '该手机号已被其他账号使用',
  samePhone: '新手机号与当前手机号相同',
} as const;

/** checkUser (and sendcode refusals that reveal an account) per IP per minute. */
export const EXISTENCE_PROBES_PER_MINUTE = 30;

/**
 * Code-proven account changes (freeFegist, restorePassword, bindPhone): attempts per IP and per phone in a
 * window, each call counted whatever its outcome (docs/accounts.md, 'What each call reveals').
 */
export const ACCOUNT_CHANGE_LIMIT = { perIp: 30, perPhone: 10, windowMs: 15 * 60_000 } as const;

export interface ClientInfo {
  ip: string;
  userAgent: string;
  path: string;
}

/**
 * Count one probe of account existence (checkUser, and sendcode refusals that reveal an account)
 * for an IP; refuse past EXISTENCE_PROBES_PER_MINUTE.
 */
export const existenceProbeLimit =
  (limiter: RateLimiter) =>
  async (ip: string): Promise<void> => {
    const w = await limiter.hit(`probe:ip:${ip}`, 60_000);
    if (w.count > EXISTENCE_PROBES_PER_MINUTE) throw tooMany(MSG.tooOften);
  };

export interface AccountDeps {
  users: UserStore;
  sessions: SessionService;
  codes: SmsCodeService;
  limiter: RateLimiter;
  tracking: TrackingService;
  clock: Clock;
  /** Password hashing (default argon2id, platform/passwords.ts). */
  passwords?: PasswordHasher;
}

const accountKey = (name: string | number) => `login:fail:acct:${name}`;
const ipKey = (ip: string) => `login:fail:ip:${ip}`;
const defaultNickName = (phone: string) => `学员${phone.slice(-4)}`;

/** What login replies and getUserInfo both say about an account. */
const accountView = (u: UserRow) => ({
  userID: u.id,
  userName: u.userName,
  phone: u.phone ?? '',
  nickName: u.nickName,
  agentCode: u.agentCode,
  hasPassword: u.passwordHash !== null,
});

/** Accounts: registration, logins, passwords, phone binding. See docs/accounts.md. */
export function createAccountService(deps: AccountDeps) {
  const { users, sessions, codes, limiter, clock } = deps;

  const passwords = deps.passwords ?? argon2Passwords;

  /**
   * Reserve one password check on the account's and the IP's failure counters before argon2 runs (atomic
   * increments), so that at most LOGIN_LIMIT.perAccount wrong passwords are ever checked per account per
   * window, however many arrive at once. Over a limit the reservation is given back and the attempt refused
   * unchecked. Answers what to do with the outcome: a right password clears the account's failures and gives
   * back the IP's reservation; a wrong one stays counted (the lock message once the account reaches the limit).
   */
  async function reservePasswordCheck(account: string | number, ip: string) {
    const [acct, byIp] = await Promise.all([limiter.hit(accountKey(account), LOGIN_LIMIT.windowMs), limiter.hit(ipKey(ip), LOGIN_LIMIT.windowMs)]);
    if (acct.count > LOGIN_LIMIT.perAccount || byIp.count > LOGIN_LIMIT.perIp) {
      await Promise.all([limiter.release(accountKey(account)), limiter.release(ipKey(ip))]);
      if (acct.count > LOGIN_LIMIT.perAccount) throw tooMany(USER_MSG.locked(minutesUntil(acct.resetAt, clock())));
      throw tooMany(USER_MSG.ipLocked(minutesUntil(byIp.resetAt, clock())));
    }
    return {
      async right() {
        await Promise.all([limiter.reset(accountKey(account)), limiter.release(ipKey(ip))]);
      },
      wrong(msg: string): never {
        if (acct.count >= LOGIN_LIMIT.perAccount) throw tooMany(USER_MSG.locked(minutesUntil(acct.resetAt, clock())));
        throw badInput(msg);
      },
    };
  }

  /** Count one code-proven account change for the IP and the phone; refuse past ACCOUNT_CHANGE_LIMIT. */
  async function limitAccountChange(op: string, phone: string, ip: string) {
    const [byIp, byPhone] = await Promise.all([
      limiter.hit(`acct:${op}:ip:${ip}`, ACCOUNT_CHANGE_LIMIT.windowMs),
      limiter.hit(`acct:${op}:phone:${phone}`, ACCOUNT_CHANGE_LIMIT.windowMs),
    ]);
    if (byIp.count > ACCOUNT_CHANGE_LIMIT.perIp || byPhone.count > ACCOUNT_CHANGE_LIMIT.perPhone) throw tooMany(MSG.tooOften);
  }

  /** A new session for the user, the login recorded on the user row and as an event 'login'. */
  async function startSession(user: UserRow, client: ClientInfo, how: string, isNew: boolean): Promise<LoginData> {
    const guid = await sessions.start(user.id, client);
    await users.recordLogin(user.id, new Date(clock()), client.ip);
    await deps.tracking.record({
      kind: 'login',
      path: client.path,
      userId: user.id,
      input: { userName: user.userName, agentCode: user.agentCode, method: how },
      ip: client.ip,
    });
    return { guid, ...accountView(user), isNew };
  }

  const countProbe = existenceProbeLimit(limiter);
  const phoneTaken = async (phone: string) => (await users.byLogin(phone)) !== undefined;

  async function userOf(session: Session): Promise<UserRow> {
    const user = await users.byId(session.userId);
    if (!user) throw new Error(`session of a missing user ${session.userId}`);
    return user;
  }

  return {
    /** Reveals only whether an account exists for the name (user name or phone); limited per IP. */
    async checkUser(userName: string, ip: string): Promise<{ exists: boolean }> {
      await countProbe(ip);
      return { exists: await phoneTaken(userName) };
    },

    async passwordLogin(username: string, password: string, client: ClientInfo): Promise<LoginData> {
      const user = await users.byLogin(username);
      const account = user ? user.id : username.toLowerCase();
      const check = await reservePasswordCheck(account, client.ip);
      if (!(await passwords.verify(user?.passwordHash, password)) || !user) return check.wrong(USER_MSG.wrongPassword);
      await check.right();
      return startSession(user, client, 'password', false);
    },

    /**
     * SMS-code login; an unknown phone gets a new account without a password (isNew). Every code login
     * carries the accepted agreement version (asked before anything else, so it reveals nothing), recorded
     * for the account.
     */
    async codeLogin(phone: string, code: string, agreed: string | undefined, tenant: () => Promise<AgentRow>, client: ClientInfo): Promise<LoginData> {
      if (agreed === undefined) throw badInput(AGREEMENT_MSG);
      await codes.verify(phone, 'login', code, { consume: true });
      const consent = { version: agreed, via: 'codelogin', ip: client.ip, acceptedAt: new Date(clock()) };
      // The code proves the phone, so only the account bound to that phone may be entered.
      const existing = await users.byPhone(phone);
      if (existing) {
        await users.recordConsent(existing.id, consent);
        return startSession(existing, client, 'code', false);
      }
      if (await phoneTaken(phone)) throw badInput(USER_MSG.phoneBound); // another account's user name
      const agent = await tenant();
      const created = await users.create({ userName: phone, phone, nickName: defaultNickName(phone), agentCode: agent.code, createdAt: new Date(clock()) }, consent);
      if (created) return startSession(created, client, 'code', true);
      const raced = await users.byPhone(phone); // created by a parallel request
      if (!raced) throw new Error('account missing right after a unique violation');
      return startSession(raced, client, 'code', false);
    },

    /** Registration (freeFegist): phone, SMS code (op register) and password; logs the learner in. */
    async register(
      input: { phone: string; verifyCode: string; password: string; nickName?: string; agreed?: string },
      tenant: () => Promise<AgentRow>,
      client: ClientInfo,
    ): Promise<LoginData> {
      const { phone, agreed } = input;
      if (agreed === undefined) throw badInput(AGREEMENT_MSG);
      // The code first: until it is right, a registered and a new phone get the same answers.
      await limitAccountChange('register', phone, client.ip);
      await codes.verify(phone, 'register', input.verifyCode, { consume: true });
      if (await phoneTaken(phone)) throw badInput(USER_MSG.phoneRegistered);
      const agent = await tenant();
      const user = await users.create(
        {
          userName: phone,
          phone,
          nickName: input.nickName || defaultNickName(phone),
          agentCode: agent.code,
          passwordHash: await passwords.hash(input.password),
          createdAt: new Date(clock()),
        },
        { version: agreed, via: 'register', ip: client.ip, acceptedAt: new Date(clock()) },
      );
      if (!user) throw badInput(USER_MSG.phoneRegistered);
      return startSession(user, client, 'register', true);
    },

    /** Forgotten password: SMS code (op reset); ends every session of the account. */
    async restorePassword(phone: string, code: string, password: string, ip: string): Promise<null> {
      // The code first: until it is right, a registered and an unknown phone get the same answers.
      await limitAccountChange('reset', phone, ip);
      await codes.verify(phone, 'reset', code, { consume: true });
      const user = await users.byPhone(phone);
      if (!user) throw badInput(USER_MSG.phoneUnknown);
      await users.setPasswordHash(user.id, await passwords.hash(password));
      await sessions.endAll(user.id);
      await limiter.reset(accountKey(user.id));
      return null;
    },

    /**
     * Change the password (the old one must match) → every session ends, the current one too.
     * Set a first password (none yet) → the current session stays, the others end.
     */
    async changePassword(session: Session, oldPassword: string | undefined, password: string, ip: string): Promise<{ sessionEnded: boolean }> {
      const user = await userOf(session);
      if (user.passwordHash) {
        if (!oldPassword) throw badInput(USER_MSG.oldPasswordRequired);
        const check = await reservePasswordCheck(user.id, ip);
        if (!(await passwords.verify(user.passwordHash, oldPassword))) return check.wrong(USER_MSG.wrongOldPassword);
        await check.right();
      }
      await users.setPasswordHash(user.id, await passwords.hash(password));
      const hadPassword = user.passwordHash !== null;
      await sessions.endAll(user.id, hadPassword ? undefined : session.tokenHash);
      return { sessionEnded: hadPassword };
    },

    /** Confirm the signed-in learner's password; failures count like failed logins. */
    async checkPassword(session: Session, password: string, ip: string): Promise<{ valid: true }> {
      const user = await userOf(session);
      if (!user.passwordHash) throw badInput(USER_MSG.noPassword);
      const check = await reservePasswordCheck(user.id, ip);
      if (!(await passwords.verify(user.passwordHash, password))) return check.wrong(USER_MSG.wrongPassword);
      await check.right();
      return { valid: true };
    },

    async info(session: Session): Promise<UserInfo> {
      const u = await userOf(session);
      return {
        ...accountView(u),
        isTourist: u.isTourist,
        createdAt: u.createdAt.toISOString(),
        lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
        lastIP: u.lastIp,
      };
    },

    async updateIp(session: Session, ip: string): Promise<{ ip: string }> {
      await users.setLastIp(session.userId, ip);
      return { ip };
    },

    /** A tourist: no valid session, free-try mode, or a tourist account. */
    async isTourist(session: Session | null, freeTry: boolean | undefined): Promise<{ isTourist: boolean }> {
      if (freeTry || !session) return { isTourist: true };
      return { isTourist: (await userOf(session)).isTourist };
    },

    logout: (session: Session) => sessions.end(session.tokenHash),

    /** Bind a new phone proven by an SMS code (op bind); the phone must not belong to another account. */
    async bindPhone(session: Session, phone: string, code: string, ip: string): Promise<{ phone: string; userName: string }> {
      const user = await userOf(session);
      if (user.phone === phone) throw badInput(USER_MSG.samePhone);
      // The code first: until it is right, a phone of another account and a free one get the same answers.
      await limitAccountChange('bind', phone, ip);
      await codes.verify(phone, 'bind', code, { consume: true });
      const owner = await users.byLogin(phone);
      if (owner && owner.id !== user.id) throw badInput(USER_MSG.phoneBound);
      const userName = user.userName === user.phone ? phone : user.userName;
      if (!(await users.setPhone(user.id, phone, userName))) throw badInput(USER_MSG.phoneBound);
      return { phone, userName };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
