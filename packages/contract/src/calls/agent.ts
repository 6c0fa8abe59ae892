import { z } from 'zod';
import { defineCall } from '../call.ts';
import { agentCode } from '../fields.ts';

/** WeiXinContact JSON: 1 = WeChat account, 2 = WeChat official account (spec §3). */
export const weiXinContact = z.object({
  WeiXinContact: z.string(),
  WeiXinIndexContact: z.union([z.literal(1), z.literal(2)]),
});

/** Agent behaviours of spec §6, stored as data on the agent row (never as code lists in screens). */
export const agentFlags = z.object({
  /** Buy prompt shows only the contact-support message and an acknowledge button (7021004, 05319003). */
  contactOnly: z.boolean(),
  /** Buy prompt shows only an acknowledge button (7021006). */
  ackOnly: z.boolean(),
  /** The buy dialog does nothing. */
  buyDisabled: z.boolean(),
  /** Custom styling of the buy dialog: 'go to buy' only closes it. */
  customStyle: z.boolean(),
  /** Payment through the agent's own payment path (PhonePayUrl / WeiXinPayUrl). */
  customPayment: z.boolean(),
});
export type AgentFlags = z.infer<typeof agentFlags>;

export const agentInfo = z.object({
  AgentCode: z.string(),
  AgentName: z.string(),
  QQ: z.string(),
  TelePhone: z.string(),
  WeiXinContact: z.string(),
  Alipay: z.string(),
  PhonePayUrl: z.string(),
  WeiXinPayUrl: z.string(),
  WeiXinPay: z.string(),
  IsWeiXinPay: z.number().int(),
  DownloadAddress: z.string(),
  /** Tenant theme colour, '#rrggbb'. */
  ThemeColor: z.string(),
  Subdomain: z.string(),
  /** Store name shown in titles; default is the exam handbook name. */
  StoreName: z.string(),
  Flags: agentFlags,
});
export type AgentInfo = z.infer<typeof agentInfo>;

export const getAgentInfo = defineCall({
  id: 'agent.getAgentInfo',
  method: 'GET',
  path: '/api/agentInfo/getAgentInfo',
  group: 'general',
  needsSession: false,
  allowedRepeat: true,
  summary: 'The tenant: from agentCode (or ac) when given, else from the Host subdomain, else 888. Unknown code → body status 404 "没有对应代理商信息".',
  request: z.object({ agentCode: agentCode().optional(), ac: agentCode().optional() }),
  data: agentInfo,
});

/**
 * The agent code list file of spec §7 (docs/tracking.md, "The agent code list"): every agent's public facts — code,
 * name, subdomain, theme colour, store name and the §6 flags — at AGENT_CODES_PATH, cached by clients (max-age and
 * ETag). No contacts, payment addresses or secrets.
 */
export const AGENT_CODES_PATH = '/agentCodes.json';
export const AGENT_CODES_MAX_AGE_S = 300;
export const agentCodeEntry = z.object({
  AgentCode: z.string(),
  AgentName: z.string(),
  Subdomain: z.string(),
  ThemeColor: z.string(),
  StoreName: z.string(),
  Flags: agentFlags,
});
export type AgentCodeEntry = z.infer<typeof agentCodeEntry>;
export const agentCodeList = z.object({ version: z.string(), defaultCode: z.string(), agents: z.array(agentCodeEntry) });
export type AgentCodeList = z.infer<typeof agentCodeList>;

export const agentCalls = { getAgentInfo };
