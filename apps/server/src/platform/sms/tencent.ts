import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { sms } from 'tencentcloud-sdk-nodejs-sms';
import { readSecret, type SmsConfig } from './config.ts';
import { isNetworkError, smsFailure, type SmsFailureKind } from './errors.ts';
import type { SmsProvider } from './provider.ts';
import { createTemplates, type AgentSmsLookup } from './templates.ts';

/** Tencent Cloud's SendSms codes (the request's Error.Code, or the number's SendStatus.Code) by kind; docs/sms.md has the table. */
const TENCENT_CODES: Record<string, SmsFailureKind> = {
  'InvalidParameterValue.IncorrectPhoneNumber': 'invalid-number',
  'FailedOperation.PhoneNumberInBlacklist': 'number-refused',
  'FailedOperation.PhoneNumberOnBlacklist': 'number-refused',
  'LimitExceeded.PhoneNumberDailyLimit': 'number-daily-limit',
  'LimitExceeded.PhoneNumberSameContentDailyLimit': 'number-daily-limit',
  'LimitExceeded.PhoneNumberThirtySecondLimit': 'number-rate-limit',
  'LimitExceeded.PhoneNumberOneHourLimit': 'number-rate-limit',
  'FailedOperation.InsufficientBalanceInSmsPackage': 'balance',
  'UnauthorizedOperation.ServiceSuspendDueToArrears': 'balance',
  'LimitExceeded.DailyLimit': 'balance',
  'FailedOperation.SignatureIncorrectOrUnapproved': 'template',
  'FailedOperation.TemplateIncorrectOrUnapproved': 'template',
  'FailedOperation.MissingSignature': 'template',
  'FailedOperation.MissingTemplateToModify': 'template',
  'FailedOperation.ContainSensitiveWord': 'template',
  'InvalidParameterValue.TemplateParameterFormatError': 'template',
  'InvalidParameterValue.TemplateParameterLengthLimit': 'template',
  'InvalidParameterValue.ProhibitedUseUrlInTemplateParameter': 'template',
};

export function tencentKind(code: string): SmsFailureKind {
  if (TENCENT_CODES[code]) return TENCENT_CODES[code];
  if (code.startsWith('AuthFailure.') || code.startsWith('UnauthorizedOperation.')) return 'auth';
  return 'provider';
}

/** RFC 6761: names under .localhost are loopback (the tests' stand-in, e.g. http://sms.localhost:port). */
const loopback: LookupFunction = (_host, options, callback) =>
  options.all ? (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4);

/**
 * SMS_PROVIDER=tencent: Tencent Cloud SMS through its official SDK (tencentcloud-sdk-nodejs-sms, SendSms of
 * 2021-01-11, signed TC3-HMAC-SHA256). Variables go by position: {1} the code; {1} title {2} time; {1} time {2} tasks.
 */
export function createTencentSmsProvider(c: SmsConfig, log: FastifyBaseLogger, agentSms?: AgentSmsLookup): SmsProvider {
  const endpoint = new URL(c.TENCENT_SMS_ENDPOINT);
  const client = new sms.v20210111.Client({
    credential: { secretId: c.TENCENT_SMS_SECRET_ID, secretKey: readSecret(c, 'TENCENT_SMS_SECRET_KEY') },
    region: c.TENCENT_SMS_REGION,
    profile: {
      signMethod: 'TC3-HMAC-SHA256',
      httpProfile: {
        endpoint: endpoint.host,
        protocol: `${endpoint.protocol}//`,
        reqMethod: 'POST',
        reqTimeout: 5,
        // An explicit agent (of the endpoint's protocol) also keeps the SDK from routing through an http_proxy of the environment.
        agent: new (endpoint.protocol === 'https:' ? HttpsAgent : HttpAgent)({ keepAlive: true, ...(endpoint.hostname.endsWith('.localhost') && { lookup: loopback }) }) as never,
      },
    },
  });
  const templates = createTemplates(c, agentSms);

  async function send(m: Parameters<SmsProvider['send']>[0] | Parameters<NonNullable<SmsProvider['notify']>>[0], message: 'code' | 'notice') {
    const t = await templates(m);
    let status: { Code?: string } | undefined;
    let requestId: string | undefined;
    try {
      const answer = await client.SendSms({
        SmsSdkAppId: c.TENCENT_SMS_SDK_APP_ID!,
        SignName: t.signName,
        TemplateId: t.templateCode,
        TemplateParamSet: t.params.map(([, value]) => value),
        PhoneNumberSet: [`+86${m.phone}`],
      });
      status = answer.SendStatusSet?.[0];
      requestId = answer.RequestId;
    } catch (err) {
      const e = err as { code?: string; requestId?: string };
      const kind = e.code ? tencentKind(e.code) : isNetworkError(err) ? 'network' : 'provider';
      throw smsFailure(log, { provider: 'tencent', kind, code: e.code || 'none', message, requestId: e.requestId || undefined });
    }
    if (status?.Code !== 'Ok') {
      throw smsFailure(log, { provider: 'tencent', kind: tencentKind(status?.Code ?? ''), code: status?.Code ?? 'none', message, requestId });
    }
  }

  return {
    name: 'tencent',
    send: (m) => send(m, 'code'),
    notify: (m) => send(m, 'notice'),
  };
}
