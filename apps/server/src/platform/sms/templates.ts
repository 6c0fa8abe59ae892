import type { AgentSmsTemplates } from '../../db/schema/index.ts';
import { SMS_TEMPLATE_VARS, type SmsConfig, type SmsKind } from './config.ts';
import type { SmsMessage, SmsNotice } from './provider.ts';

/** An agent's own sign name and templates (agents.sms_sign_name, agents.sms_templates). */
export interface AgentSms {
  signName: string | null;
  templates: AgentSmsTemplates | null;
}
/** The agent row's SMS settings by agent code; undefined for an unknown agent (the environment's are used). */
export type AgentSmsLookup = (agentCode: string) => Promise<AgentSms | undefined>;

/** What one send needs: the sign name, the template code and the template's variables by name, in template order. */
export interface SmsRequest {
  kind: SmsKind;
  signName: string;
  templateCode: string;
  params: [name: string, value: string][];
}

/** Providers cap a variable's length (Tencent: 12 characters for an ordinary variable): a live title is cut to fit. */
export const TITLE_MAX = 12;
const cut = (s: string, max: number) =>
  Array.from(s).length <= max
    ? s
    : `${Array.from(s)
        .slice(0, max - 1)
        .join('')}…`;

/** The template variables of each kind, in order (docs/sms.md lists the templates to register). */
function paramsOf(m: SmsMessage | SmsNotice): [string, string][] {
  if ('code' in m) return [['code', m.code]];
  if (m.template === 'live-remind')
    return [
      ['title', cut(m.params.title ?? '', TITLE_MAX)],
      ['time', m.params.time ?? ''],
    ];
  return [
    ['time', m.params.time ?? ''],
    ['tasks', m.params.tasks ?? '0'],
  ];
}

/** Chooses the sign name and template of a message: the learner's agent's where it has them, else the environment's. */
export function createTemplates(c: SmsConfig, agentSms: AgentSmsLookup | undefined) {
  const env = Object.fromEntries(Object.entries(SMS_TEMPLATE_VARS).map(([kind, name]) => [kind, String(c[name] ?? '')])) as Record<SmsKind, string>;
  const signName = String(c.SMS_SIGN_NAME ?? '');
  return async (m: SmsMessage | SmsNotice): Promise<SmsRequest> => {
    const kind: SmsKind = 'code' in m ? m.op : m.template;
    const agent = m.agentCode && agentSms ? await agentSms(m.agentCode) : undefined;
    return {
      kind,
      signName: agent?.signName || signName,
      templateCode: agent?.templates?.[kind] || env[kind],
      params: paramsOf(m),
    };
  };
}
