import DysmsModule, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import type { FastifyBaseLogger } from 'fastify';
import { readSecret, type SmsConfig } from './config.ts';
import { isNetworkError, smsFailure, type SmsFailureKind } from './errors.ts';
import type { SmsProvider } from './provider.ts';
import { createTemplates, type AgentSmsLookup } from './templates.ts';

// The SDK is CommonJS with an ES default: Node's ESM import hands over module.exports, a bundler the class.
const Dysmsapi: typeof DysmsModule = (DysmsModule as unknown as { default?: typeof DysmsModule }).default ?? DysmsModule;

/** Alibaba Cloud's SendSms codes (the answer's Code, or the error's) by kind; docs/sms.md has the table. */
const ALIYUN_CODES: Record<string, SmsFailureKind> = {
  'isv.MOBILE_NUMBER_ILLEGAL': 'invalid-number',
  'isv.MOBILE_COUNT_OVER_LIMIT': 'invalid-number',
  'isv.BLACK_KEY_CONTROL_LIMIT': 'number-refused',
  'isv.DAY_LIMIT_CONTROL': 'number-daily-limit',
  'isv.BUSINESS_LIMIT_CONTROL': 'number-rate-limit',
  'isv.SMS_TEMPLATE_ILLEGAL': 'template',
  'isv.SMS_SIGNATURE_ILLEGAL': 'template',
  'isv.SMS_SIGNATURE_SCENE_ILLEGAL': 'template',
  'isv.TEMPLATE_MISSING_PARAMETERS': 'template',
  'isv.TEMPLATE_PARAMS_ILLEGAL': 'template',
  'isv.INVALID_JSON_PARAM': 'template',
  'isv.PARAM_LENGTH_LIMIT': 'template',
  'isv.AMOUNT_NOT_ENOUGH': 'balance',
  'isv.OUT_OF_SERVICE': 'balance',
  'isv.PRODUCT_UN_SUBSCRIPT': 'balance',
  'isv.ACCOUNT_NOT_EXISTS': 'auth',
  'isv.ACCOUNT_ABNORMAL': 'auth',
  'isv.DENY_IP_RANGE': 'auth',
  'isp.RAM_PERMISSION_DENY': 'auth',
  SignatureDoesNotMatch: 'auth',
  IncompleteSignature: 'auth',
  'InvalidAccessKeyId.NotFound': 'auth',
  'InvalidAccessKeyId.Inactive': 'auth',
  'InvalidTimeStamp.Expired': 'auth',
  SignatureNonceUsed: 'auth',
  Forbidden: 'auth',
  'Forbidden.RAM': 'auth',
};

export const aliyunKind = (code: string): SmsFailureKind => ALIYUN_CODES[code] ?? 'provider';

/**
 * SMS_PROVIDER=aliyun: Alibaba Cloud SMS through its official SDK (@alicloud/dysmsapi20170525, SendSms, signed
 * ACS3-HMAC-SHA256 by @alicloud/openapi-core). Variables go by name: {"code": …}, {"title", "time"}, {"time", "tasks"}.
 * One attempt per message (no retry: SendSms is not idempotent, a retry may text the learner twice).
 */
export function createAliyunSmsProvider(c: SmsConfig, log: FastifyBaseLogger, agentSms?: AgentSmsLookup): SmsProvider {
  const endpoint = new URL(c.ALIYUN_SMS_ENDPOINT);
  const client = new Dysmsapi(
    new $OpenApiUtil.Config({
      accessKeyId: c.ALIYUN_SMS_ACCESS_KEY_ID,
      accessKeySecret: readSecret(c, 'ALIYUN_SMS_ACCESS_KEY_SECRET'),
      regionId: c.ALIYUN_SMS_REGION,
      endpoint: endpoint.host,
      protocol: endpoint.protocol.replace(':', ''),
      connectTimeout: 3000,
      readTimeout: 5000,
    }),
  );
  const templates = createTemplates(c, agentSms);

  async function send(m: Parameters<SmsProvider['send']>[0] | Parameters<NonNullable<SmsProvider['notify']>>[0], message: 'code' | 'notice') {
    const t = await templates(m);
    const request = new SendSmsRequest({
      phoneNumbers: m.phone,
      signName: t.signName,
      templateCode: t.templateCode,
      templateParam: JSON.stringify(Object.fromEntries(t.params)),
    });
    let answer: { code?: string; requestId?: string };
    try {
      answer = (await client.sendSms(request)).body ?? {};
    } catch (err) {
      const e = err as { code?: string; requestId?: string };
      const known = e.code && e.code in ALIYUN_CODES;
      const kind = known ? aliyunKind(e.code!) : isNetworkError(err) ? 'network' : 'provider';
      throw smsFailure(log, { provider: 'aliyun', kind, code: e.code || 'none', message, requestId: e.requestId });
    }
    if (answer.code !== 'OK') {
      throw smsFailure(log, { provider: 'aliyun', kind: aliyunKind(answer.code ?? ''), code: answer.code ?? 'none', message, requestId: answer.requestId });
    }
  }

  return {
    name: 'aliyun',
    send: (m) => send(m, 'code'),
    notify: (m) => send(m, 'notice'),
  };
}
