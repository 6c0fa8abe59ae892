import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { agents } from './agents.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Learners. password_hash is argon2id of the client's MD5 hex; null for accounts created by SMS-code login. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  userName: text('user_name').notNull().unique(),
  phone: text('phone').unique(),
  nickName: text('nick_name').notNull().default(''),
  agentCode: text('agent_code')
    .notNull()
    .references(() => agents.code),
  passwordHash: text('password_hash'),
  isTourist: boolean('is_tourist').notNull().default(false),
  createdAt: ts('created_at').notNull(),
  lastLoginAt: ts('last_login_at'),
  lastIp: text('last_ip'),
  /** Profile (issue 21): the avatar's media key (re-encoded JPEG), QQ (digits), education and profession codes. */
  avatar: text('avatar'),
  qq: text('qq'),
  education: text('education'),
  profession: text('profession'),
  /** Set at login when the password's hash is on the weak list (docs/accounts.md); cleared by a change. */
  weakPassword: boolean('weak_password').notNull().default(false),
  passwordChangedAt: ts('password_changed_at'),
  /** Account deletion: asked at, then (after the cooling-off period) erased at. */
  deleteRequestedAt: ts('delete_requested_at'),
  deletedAt: ts('deleted_at'),
});

/**
 * Who accepted which version of the 用户协议 and 隐私政策 (contract AGREEMENT_VERSION), when, from where and
 * through which form ('register', 'codelogin'). One row per learner and version.
 */
export const consents = pgTable(
  'consents',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    via: text('via').notNull(),
    ip: text('ip'),
    acceptedAt: ts('accepted_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.version] })],
);

/** Login sessions. Only the SHA-256 of the guid is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    /** Idle expiry, slid forward on use, never past absolute_expires_at. */
    expiresAt: ts('expires_at').notNull(),
    absoluteExpiresAt: ts('absolute_expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    endedAt: ts('ended_at'),
    /**
     * Why it ended (contract SESSION_END_REASONS): 'logout' on this device; 'device' signed out from another device
     * (/accountKeys); 'password' a password change; 'deletion' a deletion request. The guid's next call is told why.
     */
    endedBy: text('ended_by'),
    /**
     * The highest change_log id this session (device) has handled: each device notices every change once
     * (getChangeInfo / cancelChangeLog). Set to the learner's latest change when the session starts.
     */
    changeSeenId: integer('change_seen_id').notNull().default(0),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** SMS verification codes, stored hashed; single use, limited wrong guesses. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    op: text('op').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    wrongGuesses: integer('wrong_guesses').notNull().default(0),
    ip: text('ip'),
  },
  (t) => [index('sms_codes_phone_op_idx').on(t.phone, t.op, t.id)],
);

/**
 * Picture challenges (图形验证码) asked of an IP that sends many SMS codes in a short time (docs/accounts.md).
 * Only the hash of the answer is kept; a challenge is answered once, right or wrong.
 */
export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  ip: text('ip'),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/** Changes the client must notice (purchases, refunds ...): reported by getChangeInfo until seen. */
export const changeLog = pgTable(
  'change_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    detail: text('detail').notNull().default(''),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('change_log_user_id_idx').on(t.userId, t.id)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type SmsCodeRow = typeof smsCodes.$inferSelect;
export type ChangeLogRow = typeof changeLog.$inferSelect;
