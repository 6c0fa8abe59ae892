import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { jsonb } from './json.ts';

/** An agent's own SMS templates (docs/sms.md, "Per agent"): template codes by message kind; a kind not named uses the environment's. */
export type AgentSmsTemplates = Partial<Record<'register' | 'login' | 'reset' | 'bind' | 'cancel' | 'live-remind' | 'plan-remind', string>>;

/** Tenants (agents/resellers): contacts, theme and the buy-dialog behaviours of spec §6 as data. */
export const agents = pgTable('agents', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  /** First label of the Host name that selects this agent (e.g. 'hushi' for hushi.example.com). */
  subdomain: text('subdomain').unique(),
  themeColor: text('theme_color').notNull().default('#5bb8ff'),
  qq: text('qq').notNull().default(''),
  telephone: text('telephone').notNull().default(''),
  /** JSON text: {"WeiXinContact":"...","WeiXinIndexContact":1|2}. */
  weixinContact: text('weixin_contact').notNull().default(''),
  alipay: text('alipay').notNull().default(''),
  phonePayUrl: text('phone_pay_url').notNull().default(''),
  weixinPayUrl: text('weixin_pay_url').notNull().default(''),
  weixinPay: text('weixin_pay').notNull().default(''),
  isWeixinPay: integer('is_weixin_pay').notNull().default(0),
  downloadAddress: text('download_address').notNull().default(''),
  storeName: text('store_name').notNull().default('考试宝典'),
  contactOnly: boolean('contact_only').notNull().default(false),
  ackOnly: boolean('ack_only').notNull().default(false),
  buyDisabled: boolean('buy_disabled').notNull().default(false),
  customStyle: boolean('custom_style').notNull().default(false),
  customPayment: boolean('custom_payment').notNull().default(false),
  /**
   * The agent's own SMS sign name (签名) and templates, registered with the deployment's provider (docs/sms.md): the
   * codes and notices of this agent's learners use them; null (or a kind not named) → SMS_SIGN_NAME / SMS_TEMPLATE_*.
   */
  smsSignName: text('sms_sign_name'),
  smsTemplates: jsonb('sms_templates').$type<AgentSmsTemplates>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AgentRow = typeof agents.$inferSelect;
export type NewAgentRow = typeof agents.$inferInsert;
