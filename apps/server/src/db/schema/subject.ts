import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { jsonb } from './json.ts';
import { users } from './accounts.ts';
import { agents } from './agents.ts';
import { subjects } from './catalog.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A section of a guide page: plain text (never HTML). */
export interface GuideSection {
  title: string;
  body: string;
}

/**
 * Banners (spec: getManagement/Publish). agent_code null = every tenant; app_id null = every subject.
 * position 'home' (a subject's home page) or 'switch' (the subject switcher). Shown while
 * starts_at <= now < ends_at, by `order`. link is an in-app path or '' (checked by the seed and again on reading).
 */
export const banners = pgTable(
  'banners',
  {
    /** ManagementID: stable, from the content file. */
    id: integer('id').primaryKey(),
    imageId: integer('image_id').notNull(),
    position: text('position').notNull(),
    agentCode: text('agent_code').references(() => agents.code, { onDelete: 'cascade' }),
    appId: integer('app_id').references(() => subjects.appId, { onDelete: 'cascade' }),
    /**
     * The version of app_id the banner promotes (null: none). It is not shown to a learner who holds that version or
     * one containing it (contract rules/upgrade.ts contains), e.g. the VIP班 banner to a 至尊班 holder.
     */
    vn: text('vn'),
    title: text('title').notNull(),
    subTitle: text('sub_title').notNull().default(''),
    /** Image under /static/banners/ or '' (the client draws the title on the tenant colour). */
    imageUrl: text('image_url').notNull().default(''),
    link: text('link').notNull().default(''),
    color: text('color').notNull().default(''),
    order: integer('order').notNull().default(0),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
  },
  (t) => [index('banners_position_ends_idx').on(t.position, t.endsAt)],
);

/** Notice windows (getmesswindow). agent_code / app_id null = every tenant / subject. */
export const notices = pgTable(
  'notices',
  {
    id: integer('id').primaryKey(),
    agentCode: text('agent_code').references(() => agents.code, { onDelete: 'cascade' }),
    appId: integer('app_id').references(() => subjects.appId, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    link: text('link').notNull().default(''),
    buttonText: text('button_text').notNull().default(''),
    /**
     * Who sees it: 'all'; 'existing', accounts created before starts_at (e.g. a migration notice); 'new',
     * accounts created since (e.g. a welcome). Without a session only 'all' notices are shown.
     */
    audience: text('audience').notNull().default('all'),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
  },
  (t) => [index('notices_ends_idx').on(t.endsAt)],
);

/**
 * Guide pages (/api/guide/page). kind 'guidance' (how to use the app; agent_code null = the default page,
 * else that tenant's own) or 'introduce' (app_id set: a subject's exam introduction).
 */
export const guidePages = pgTable(
  'guide_pages',
  {
    id: integer('id').primaryKey(),
    kind: text('kind').notNull(),
    agentCode: text('agent_code').references(() => agents.code, { onDelete: 'cascade' }),
    appId: integer('app_id').references(() => subjects.appId, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    sections: jsonb('sections').$type<GuideSection[]>().notNull(),
  },
  (t) => [index('guide_pages_kind_app_idx').on(t.kind, t.appId)],
);

/**
 * Sprint (考前冲刺) config of a subject. class_type: how the sprint list is organised (0 none, 1 by chapter,
 * 2 by paper); new_class_type: 0 the classic list, 1 the staged list (/sprintList).
 */
export const sprintConfigs = pgTable('sprint_configs', {
  appId: integer('app_id')
    .primaryKey()
    .references(() => subjects.appId, { onDelete: 'cascade' }),
  classType: integer('class_type').notNull(),
  newClassType: integer('new_class_type').notNull(),
});

/** When a module of a subject last got new content (questions, videos …): drives the red dots. */
export const moduleUpdates = pgTable(
  'module_updates',
  {
    appId: integer('app_id')
      .notNull()
      .references(() => subjects.appId, { onDelete: 'cascade' }),
    moduleId: text('module_id').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.moduleId] })],
);

/** When a learner last opened a module of a subject (redDot/read). */
export const redDotSeen = pgTable(
  'red_dot_seen',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => subjects.appId, { onDelete: 'cascade' }),
    moduleId: text('module_id').notNull(),
    seenAt: ts('seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.appId, t.moduleId] })],
);

export type BannerRow = typeof banners.$inferSelect;
export type NoticeRow = typeof notices.$inferSelect;
export type GuidePageRow = typeof guidePages.$inferSelect;
export type SprintConfigRow = typeof sprintConfigs.$inferSelect;
