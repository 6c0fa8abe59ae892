import { AGREEMENT_MSG, type LoginData, type UserInfo } from '@kaoshi/contract';
import type { AgentRow, UserRow } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { badInput } from '../../platform/errors.ts';
import { argon2Passwords, type PasswordHasher } from '../../platform/passwords.ts';
import type { RateLimiter } from '../../platform/rate-limit/limiter.ts';
import type { Session, SessionService } from '../../platform/session/service.ts';
import type { SmsCodeService } from '../sms-code/index.ts';
import type { TrackingService } from '../tracking/index.ts';
import type { AgreementService } from './agreements.ts';
import { createLoginLimits, existenceProbeLimit, LOCK_MSG } from './login-limits.ts';
import { createPasswordChanges, PASSWORD_MSG, refuseWeak } from './password-change.ts';
import type { UserStore } from './store.ts';
import { isWeakPassword } from './weak-passwords.ts';

export const USER_MSG = {
  phoneRegistered: '该手机号已注册，请直接登录',
  phoneBound: '该手机号已被其他账号使用',
  samePhone: '新手机号与当前手机号相同',
  /** Code login to an erased account whose phone was kept (docs/account-security.md). */
  erased: '该账号已注销',
  ...LOCK_MSG,
  ...PASSWORD_MSG,
} as const;

export { ACCOUNT_CHANGE_LIMIT, EXISTENCE_PROBES_PER_MINUTE, existenceProbeLimit } from './login-limits.ts';

export interface ClientInfo {
  ip: string;
  userAgent: string;
  path: string;
}

export interface AccountDeps {
  users: UserStore;
  sessions: SessionService;
  codes: SmsCodeService;
  limiter: RateLimiter;
  tracking: TrackingService;
  clock: Clock;
  /** Password hashing (default argon2id, platform/passwords.ts). */
  passwords?: PasswordHasher;
  agreements: Pick<AgreementService, 'consentNeeded'>;
}

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

  const limits = createLoginLimits(limiter, clock);
  const { reservePasswordCheck, limitAccountChange } = limits;
  const changes = createPasswordChanges({ users, sessions, codes, limits, clock, passwords });

  /** A new session for the user, the login recorded on the user row and as an event 'login'. */
  async function startSession(user: UserRow, client: ClientInfo, how: string, isNew: boolean): Promise<LoginData> {
    // Logging in during the cooling-off period withdraws the deletion request (docs/account-security.md).
    const deletionCancelled = user.deleteRequestedAt !== null && (await users.cancelDeletion(user.id));
    const guid = await sessions.start(user.id, client);
    await users.recordLogin(user.id, new Date(clock()), client.ip);
    await deps.tracking.record({
      kind: 'login',
      path: client.path,
      userId: user.id,
      input: { userName: user.userName, agentCode: user.agentCode, method: how },
      ip: client.ip,
    });
    const consentNeeded = await deps.agreements.consentNeeded(user.id);
    return { guid, ...accountView(user), isNew, weakPassword: user.weakPassword, consentNeeded, deletionCancelled };
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
      const found = await users.byLogin(username);
      const account = found ? found.id : username.toLowerCase();
      const check = await reservePasswordCheck(account, client.ip);
      // An erased account (deletedAt) answers like a wrong password.
      if (!(await passwords.verify(found?.passwordHash, password)) || !found || found.deletedAt) return check.wrong(USER_MSG.wrongPassword);
      await check.right();
      // The server sees only the MD5: it compares it with the weak list, and remembers the finding until the next change.
      const weakPassword = isWeakPassword(password, found);
      if (weakPassword !== found.weakPassword) await users.setWeakPassword(found.id, weakPassword);
      return startSession({ ...found, weakPassword }, client, 'password', false);
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
      if (existing?.deletedAt) throw badInput(USER_MSG.erased);
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
      refuseWeak(input.password, { phone, userName: phone });
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

    restorePassword: changes.restorePassword,
    changePassword: changes.changePassword,
    changePasswordnew: changes.changeByCode,
    changePasswordweakusers: changes.changeWeak,
    checkPassword: changes.checkPassword,

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

    logout: (session: Session) => sessions.end(session.tokenHash, 'logout'),

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
