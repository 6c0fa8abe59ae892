import { readFileSync, statSync } from 'node:fs';
import { z } from 'zod';

/** SMS settings (docs/sms.md): the provider, its keys, the sign name and a template per message kind. */

const unset = (v: unknown) => (v === '' ? undefined : v);
const optional = () => z.preprocess(unset, z.string().optional());

/** Message kinds, each a template registered with the provider; the environment variable of each. */
export const SMS_TEMPLATE_VARS = {
  register: 'SMS_TEMPLATE_REGISTER',
  login: 'SMS_TEMPLATE_LOGIN',
  reset: 'SMS_TEMPLATE_RESET',
  bind: 'SMS_TEMPLATE_BIND',
  cancel: 'SMS_TEMPLATE_CANCEL',
  'live-remind': 'SMS_TEMPLATE_LIVE_REMIND',
  'plan-remind': 'SMS_TEMPLATE_PLAN_REMIND',
} as const;
export type SmsKind = keyof typeof SMS_TEMPLATE_VARS;

export const smsConfigShape = {
  /**
   * dev: codes are written to the log (refused with NODE_ENV=production). disabled: no SMS at all; sendcode answers
   * '短信服务暂不可用，请使用密码登录'. aliyun: Alibaba Cloud SMS (dysmsapi). tencent: Tencent Cloud SMS.
   */
  SMS_PROVIDER: z.preprocess(unset, z.enum(['dev', 'disabled', 'aliyun', 'tencent']).default('dev')),
  /** The sign name (签名) registered with the provider, without 【】. An agent may have its own (agents.sms_sign_name). */
  SMS_SIGN_NAME: optional(),
  SMS_TEMPLATE_REGISTER: optional(),
  SMS_TEMPLATE_LOGIN: optional(),
  SMS_TEMPLATE_RESET: optional(),
  SMS_TEMPLATE_BIND: optional(),
  SMS_TEMPLATE_CANCEL: optional(),
  SMS_TEMPLATE_LIVE_REMIND: optional(),
  SMS_TEMPLATE_PLAN_REMIND: optional(),
  /** Alibaba Cloud: a RAM user's AccessKey (the secret as the value, or in a file of mode 0600 named by *_FILE). */
  ALIYUN_SMS_ACCESS_KEY_ID: optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET_FILE: optional(),
  ALIYUN_SMS_REGION: z.preprocess(unset, z.string().default('cn-hangzhou')),
  /** The SMS API's address, replaced only by tests (a local stand-in). */
  ALIYUN_SMS_ENDPOINT: z.preprocess(unset, z.url().default('https://dysmsapi.aliyuncs.com')),
  /** Tencent Cloud: a CAM SecretId/SecretKey (the key as the value, or in a file of mode 0600), and the SMS SdkAppId (1400…). */
  TENCENT_SMS_SECRET_ID: optional(),
  TENCENT_SMS_SECRET_KEY: optional(),
  TENCENT_SMS_SECRET_KEY_FILE: optional(),
  TENCENT_SMS_SDK_APP_ID: z.preprocess(
    unset,
    z
      .string()
      .regex(/^\d{6,12}$/, 'TENCENT_SMS_SDK_APP_ID must be the SMS application id (digits, 1400…)')
      .optional(),
  ),
  TENCENT_SMS_REGION: z.preprocess(unset, z.string().default('ap-guangzhou')),
  /** The SMS API's address, replaced only by tests (a local stand-in; a *.localhost name is reached on loopback). */
  TENCENT_SMS_ENDPOINT: z.preprocess(unset, z.url().default('https://sms.tencentcloudapi.com')),
};

/** The SMS part of the configuration (as parsed). */
export const smsConfigSchema = z.object(smsConfigShape);
export type SmsConfig = z.infer<typeof smsConfigSchema> & { NODE_ENV: string };

/** A secret given as the value or as a file: the file must not be readable by group or others. */
export function secretProblem(c: object, name: string): string | undefined {
  const value = (c as Record<string, unknown>)[name] as string | undefined;
  const file = (c as Record<string, unknown>)[`${name}_FILE`] as string | undefined;
  if (value && file) return `${name} and ${name}_FILE are both set: give the secret one way`;
  if (!value && !file) return `${name} (or ${name}_FILE) is required`;
  if (!file) return undefined;
  try {
    const mode = statSync(file).mode & 0o777;
    if (mode & 0o077) return `${name}_FILE ${file} is readable by group or others (mode 0${mode.toString(8)}): chmod 600 it`;
    if (!readFileSync(file, 'utf8').trim()) return `${name}_FILE ${file} is empty`;
  } catch (err) {
    return `${name}_FILE ${file} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`;
  }
  return undefined;
}

/** The secret's text (the value, or the file's content without surrounding whitespace); call after smsConfigProblems found none. */
export function readSecret(c: object, name: string): string {
  const file = (c as Record<string, unknown>)[`${name}_FILE`] as string | undefined;
  return file ? readFileSync(file, 'utf8').trim() : String((c as Record<string, unknown>)[name]);
}

const PROVIDER_KEYS = {
  aliyun: { plain: ['ALIYUN_SMS_ACCESS_KEY_ID'], secret: 'ALIYUN_SMS_ACCESS_KEY_SECRET' },
  tencent: { plain: ['TENCENT_SMS_SECRET_ID', 'TENCENT_SMS_SDK_APP_ID'], secret: 'TENCENT_SMS_SECRET_KEY' },
} as const;

/**
 * The SMS settings' cross-field checks, every problem at once ({path, message}, path the variable to set): the
 * development provider under NODE_ENV=production; a real provider without its keys, sign name or a template.
 */
export function smsConfigProblems(c: SmsConfig): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (c.SMS_PROVIDER === 'dev' && c.NODE_ENV === 'production') {
    problems.push({
      path: 'SMS_PROVIDER',
      message:
        'the development provider (dev, the default) prints codes to the log and cannot run with NODE_ENV=production: set SMS_PROVIDER=aliyun or SMS_PROVIDER=tencent (or SMS_PROVIDER=disabled for no SMS)',
    });
  }
  if (c.SMS_PROVIDER !== 'aliyun' && c.SMS_PROVIDER !== 'tencent') return problems;
  const keys = PROVIDER_KEYS[c.SMS_PROVIDER];
  const needed = `is required with SMS_PROVIDER=${c.SMS_PROVIDER}`;
  for (const name of keys.plain) if (!c[name]) problems.push({ path: name, message: needed });
  const secret = secretProblem(c, keys.secret);
  if (secret) problems.push({ path: keys.secret, message: secret });
  if (!c.SMS_SIGN_NAME) problems.push({ path: 'SMS_SIGN_NAME', message: needed });
  for (const name of Object.values(SMS_TEMPLATE_VARS)) if (!c[name]) problems.push({ path: name, message: needed });
  return problems;
}

/** smsConfigProblems as a zod refinement, for a schema that holds smsConfigShape and NODE_ENV. */
export const checkSmsConfig = (c: SmsConfig, ctx: z.RefinementCtx) => {
  for (const p of smsConfigProblems(c)) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
};
