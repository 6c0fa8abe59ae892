import type { FastifyBaseLogger } from 'fastify';
import { badInput, tooMany, unavailable, type AppError } from '../errors.ts';

/**
 * A provider's refusal, sorted into what the learner can do about it (docs/sms.md, "Errors"). Each kind has one
 * Chinese text for the learner and one English log line for the operator (provider, kind, the provider's error code:
 * never the phone, the code, a key or the template's parameters).
 */
export type SmsFailureKind =
  | 'invalid-number' // the number is not a mobile number the provider can reach
  | 'number-refused' // blacklisted, unsubscribed or out of service
  | 'number-daily-limit' // the provider's per-number daily quota
  | 'number-rate-limit' // the provider's per-number 30 s / minute / hour quota
  | 'template' // sign name or template missing, not approved, or parameters refused
  | 'balance' // the account's package or balance is used up, or the service is suspended
  | 'auth' // keys, signature, permission or IP allow-list refused
  | 'network' // no answer (connection refused, timeout, DNS)
  | 'provider'; // the provider's own failure, or a code not known here

export const SMS_FAILURE_MSG = {
  invalidNumber: '手机号码格式不正确',
  numberRefused: '该号码暂时无法接收短信，请更换号码或使用密码登录',
  dailyLimit: '该号码今日短信已达上限，请明日再试',
  rateLimit: '该号码短信发送过于频繁，请稍后再试',
  unavailable: '短信服务暂不可用，请稍后再试或使用密码登录',
} as const;

/** The learner's answer for a kind (an AppError of the existing mechanism: body status and the Chinese text). */
export function learnerError(kind: SmsFailureKind): AppError {
  switch (kind) {
    case 'invalid-number':
      return badInput(SMS_FAILURE_MSG.invalidNumber);
    case 'number-refused':
      return badInput(SMS_FAILURE_MSG.numberRefused);
    case 'number-daily-limit':
      return tooMany(SMS_FAILURE_MSG.dailyLimit);
    case 'number-rate-limit':
      return tooMany(SMS_FAILURE_MSG.rateLimit);
    default:
      return unavailable(SMS_FAILURE_MSG.unavailable);
  }
}

/** Kinds the learner caused (logged as warnings); the others need the operator (logged as errors). */
const LEARNER_KINDS: readonly SmsFailureKind[] = ['invalid-number', 'number-refused', 'number-daily-limit', 'number-rate-limit'];

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'UND_ERR_SOCKET']);

/** Whether an error thrown by an SDK is the network's (no answer from the provider). */
export function isNetworkError(err: unknown): boolean {
  const e = err as { code?: unknown; name?: unknown; message?: unknown; cause?: { code?: unknown } } | null;
  if (!e) return false;
  const code = String(e.code ?? e.cause?.code ?? '');
  return NETWORK_CODES.has(code) || /timeout|timed out|ECONNREFUSED|ECONNRESET|socket hang up|ENOTFOUND/i.test(String(e.message ?? '')) || e.name === 'AbortError';
}

/**
 * The provider refused or could not be reached: log one English line (warn for the learner's kinds, error for the
 * operator's) and throw the learner's Chinese error. `code` is the provider's error code (e.g. isv.AMOUNT_NOT_ENOUGH).
 */
export function smsFailure(log: FastifyBaseLogger, f: { provider: string; kind: SmsFailureKind; code: string; message: 'code' | 'notice'; requestId?: string }): AppError {
  const line = `SMS ${f.message} not sent: provider=${f.provider} kind=${f.kind} code=${f.code}`;
  const fields = { provider: f.provider, kind: f.kind, providerCode: f.code, ...(f.requestId && { requestId: f.requestId }) };
  if (LEARNER_KINDS.includes(f.kind)) log.warn(fields, line);
  else log.error(fields, line);
  return learnerError(f.kind);
}
