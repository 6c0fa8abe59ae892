import type { Database } from '../../db/index.ts';
import { serverModule, type Platform } from '../../platform/module.ts';
import type { PasswordHasher } from '../../platform/passwords.ts';
import type { SessionService } from '../../platform/session/service.ts';
import type { SmsProvider } from '../../platform/sms/provider.ts';
import { createSmsCodeModule } from '../sms-code/index.ts';
import type { TrackingService } from '../tracking/index.ts';
import { createAgreementService } from './agreements.ts';
import { userRoutes } from './routes.ts';
import { createAccountService, existenceProbeLimit } from './service.ts';
import { createUserStore, type Consent, type NewUser } from './store.ts';

/** The profile columns of `users`, for modules/profile. */
export { changeProfile, profileOf, type ProfileChange, type ProfileRow } from './profile-row.ts';
/** Account deletion's parts of `users` and `consents`, for modules/account. */
export { eraseAccountRow, requestDeletion, tombstoneName } from './erase.ts';
/** Accounts as other modules read them (batched by ids), and account deletion's reads. */
export { accountCards, deletionsDue, deletionState, lockForErasure, phoneBound, withAccounts, type AccountCard } from './readers.ts';
/** For the demo seed: an account by its login name or phone, and an account made (with its consent). */
export const accountByLogin = (db: Database, login: string) => createUserStore(db).byLogin(login);
export const createAccount = (db: Database, row: NewUser, consent?: Consent) => createUserStore(db).create(row, consent);

/** An account as other modules may read it (the catalog's vipinfo shows the learner's phone and name). */
export interface AccountDirectory {
  byId(userId: number): ReturnType<ReturnType<typeof createUserStore>['byId']>;
}

/**
 * Accounts (docs/accounts.md, docs/account-security.md): registration, logins, passwords, phone binding, the
 * 用户协议/隐私政策 consents, and the SMS codes they use
 * (modules/sms-code, which asks this module whether a phone has an account).
 */
export function createUserModule(p: Platform, deps: { sessions: SessionService; tracking: TrackingService; sms: SmsProvider; passwords?: PasswordHasher }) {
  const users = createUserStore(p.db);
  const sms = createSmsCodeModule(p, {
    sms: deps.sms,
    phoneTaken: async (phone) => (await users.byLogin(phone)) !== undefined,
    phoneBound: async (phone) => (await users.byPhone(phone)) !== undefined,
    countExistenceProbe: existenceProbeLimit(p.limiter),
  });
  const agreements = createAgreementService({ users, clock: p.clock });
  const accounts = createAccountService({
    agreements,
    users,
    sessions: deps.sessions,
    codes: sms.codes,
    limiter: p.limiter,
    tracking: deps.tracking,
    clock: p.clock,
    passwords: deps.passwords,
  });
  const directory: AccountDirectory = { byId: (userId) => users.byId(userId) };
  return serverModule({ name: 'user', handlers: [...userRoutes(accounts, agreements), ...sms.handlers], jobs: sms.jobs, install: sms.install, directory });
}
