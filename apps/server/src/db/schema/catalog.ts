import { type AnyPgColumn, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { jsonb } from './json.ts';
import { agents } from './agents.ts';
import { users } from './accounts.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Trial access to part of a module (docs/entitlement.md): the first `chaptersPerPart` chapters of each part. */
export interface TrialRule {
  chaptersPerPart: number;
}
/**
 * A module of a version's vnjson: the home page tile and the route it opens. `free` opens all of it to every
 * logged-in learner; `trial` opens part of it (some chapters) to those who hold no version offering it.
 */
export interface VersionModule {
  id: string;
  name: string;
  route: string;
  free?: boolean;
  trial?: TrialRule;
}
/** rules JSON of a version: hideByVip lists version codes whose holders do not see this version. */
export interface VersionRules {
  hideByVip: string[];
}
export interface SubListItem {
  ID: number;
  Name: string;
}

/** Subject classes: the getKsbClass tree (parent null = top level). */
export const classes = pgTable(
  'classes',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    order: integer('order').notNull().default(0),
    parentId: integer('parent_id').references((): AnyPgColumn => classes.id),
  },
  (t) => [index('classes_parent_idx').on(t.parentId)],
);

/** Subjects (AppID). level is the study level group of spec §9. */
export const subjects = pgTable(
  'subjects',
  {
    appId: integer('app_id').primaryKey(),
    appEName: text('app_ename').notNull().unique(),
    appName: text('app_name').notNull(),
    cName: text('c_name').notNull(),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    level: text('level').notNull().default('other'),
    order: integer('order').notNull().default(0),
    listed: boolean('listed').notNull().default(true),
  },
  (t) => [index('subjects_class_idx').on(t.classId)],
);

/** Versions (班次) of a subject: vn code, order, the modules they open, rules and validity. */
export const versions = pgTable(
  'versions',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => subjects.appId, { onDelete: 'cascade' }),
    vn: text('vn').notNull(),
    vname: text('vname').notNull(),
    vnorder: integer('vnorder').notNull(),
    /** Simulated-exam variant: vn or vname ends in _MNDB. */
    simulated: boolean('simulated').notNull().default(false),
    vnjson: jsonb('vnjson').$type<VersionModule[]>().notNull(),
    rules: jsonb('rules').$type<VersionRules>().notNull(),
    buyListHide: boolean('buy_list_hide').notNull().default(false),
    validityDays: integer('validity_days').notNull().default(365),
    subList: jsonb('sub_list').$type<SubListItem[]>().notNull(),
  },
  (t) => [uniqueIndex('versions_app_vn_idx').on(t.appId, t.vn)],
);

/** Which agents sell which subjects. */
export const agentSubjects = pgTable(
  'agent_subjects',
  {
    agentCode: text('agent_code')
      .notNull()
      .references(() => agents.code, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => subjects.appId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.agentCode, t.appId] }), index('agent_subjects_app_idx').on(t.appId)],
);

/** A learner's purchase of a version; valid while end_time is in the future. One row per (user, subject, vn). */
export const purchases = pgTable(
  'purchases',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => subjects.appId),
    vn: text('vn').notNull(),
    vnOrder: integer('vn_order').notNull(),
    endTime: ts('end_time').notNull(),
    /** 'code' | 'order' | 'seed' */
    source: text('source').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('purchases_user_app_vn_idx').on(t.userId, t.appId, t.vn)],
);

/** Activation codes, stored as the SHA-256 of the normalised code; single use. */
export const activationCodes = pgTable(
  'activation_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => subjects.appId),
    vn: text('vn').notNull(),
    validityDays: integer('validity_days').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('activation_codes_used_by_idx').on(t.usedBy)],
);

/** The learner's last chosen subject (setLastApp). */
export const lastApps = pgTable('last_apps', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  appId: integer('app_id')
    .notNull()
    .references(() => subjects.appId),
  vn: text('vn').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export type ClassRow = typeof classes.$inferSelect;
export type SubjectRow = typeof subjects.$inferSelect;
export type VersionRow = typeof versions.$inferSelect;
export type PurchaseRow = typeof purchases.$inferSelect;
export type ActivationCodeRow = typeof activationCodes.$inferSelect;
