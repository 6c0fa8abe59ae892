import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test support: a stand-in for Tencent Cloud's SMS API (sms.tencentcloudapi.com, SendSms of 2021-01-11) on a local
 * port, reached as http://sms.localhost:<port> so that the SDK's credential scope names the service 'sms' as it does
 * for the real host. Like the real service it checks each request's TC3-HMAC-SHA256 signature (the canonical request
 * of the method, path, query, signed headers and the body's SHA-256; the key derived from the SecretKey, the date and
 * the service), the scope and the timestamp, and answers with Tencent Cloud's bodies: {"Response":{"SendStatusSet":…}}
 * or {"Response":{"Error":{"Code",…}}} (both with HTTP 200, as the real API does).
 */

export interface FakeTencentSent {
  phone: string;
  signName: string;
  templateId: string;
  params: string[];
}

export interface FakeTencent {
  config: Record<string, string>;
  sent: FakeTencentSent[];
  refused: string[];
  signs: Set<string>;
  /** Approved templates: id → number of variables. */
  templates: Map<string, number>;
  /** Answer the next SendSms (after its signature is verified) with this error Code. */
  failNext?: string;
  close(): Promise<void>;
}

/** Codes the real API reports per number (in SendStatusSet); the others come as the request's Error. */
const PER_NUMBER = /^(LimitExceeded\.PhoneNumber|InvalidParameterValue\.IncorrectPhoneNumber|FailedOperation\.(PhoneNumberInBlacklist|InsufficientBalanceInSmsPackage))/;

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();

export async function fakeTencent(): Promise<FakeTencent> {
  const secretId = `AKID${randomBytes(16).toString('hex')}`;
  const secretKey = randomBytes(16).toString('hex');
  const sdkAppId = '1400000001';
  const server = createServer((req, res) => void handle(req, res));
  const fake: FakeTencent = {
    config: {},
    sent: [],
    refused: [],
    signs: new Set(['考试宝典', '护士题库']),
    templates: new Map([
      ['1000001', 1],
      ['1000002', 1],
      ['1000003', 1],
      ['1000004', 1],
      ['1000005', 1],
      ['1000006', 2],
      ['1000007', 2],
    ]),
    close: () => new Promise((r) => server.close(() => r())),
  };

  const reply = (res: ServerResponse, response: Record<string, unknown>) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ Response: { ...response, RequestId: randomUUID() } }));
  };
  const error = (res: ServerResponse, code: string, message: string) => {
    fake.refused.push(code);
    reply(res, { Error: { Code: code, Message: message } });
  };

  /** The signature check of the real service: null when it holds, else [Code, Message]. */
  function verify(req: IncomingMessage, body: Buffer): [string, string] | null {
    const auth = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      String(req.headers.authorization ?? ''),
    );
    if (!auth) return ['AuthFailure.InvalidAuthorization', 'Authorization is invalid.'];
    const [, id, date, service, signedList, signature] = auth;
    if (id !== secretId) return ['AuthFailure.SecretIdNotFound', 'The SecretId is not found.'];
    if (service !== 'sms') return ['AuthFailure.SignatureFailure', `The credential scope's service ${service} is not sms.`];
    const timestamp = Number(req.headers['x-tc-timestamp']);
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return ['AuthFailure.SignatureExpire', 'Signature expired.'];
    if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date) return ['AuthFailure.SignatureFailure', "The credential scope's date is not the timestamp's."];
    const signed = signedList.split(';');
    if (!signed.includes('content-type') || !signed.includes('host')) return ['AuthFailure.SignatureFailure', 'content-type and host must be signed.'];
    const url = new URL(req.url ?? '/', 'http://stand-in');
    // The SDK signs the host name without the port (it has none for the real host): the same is compared here.
    const headerValue = (h: string) => (h === 'host' ? String(req.headers.host ?? '').replace(/:\d+$/, '') : String(req.headers[h] ?? '').trim()).toLowerCase();
    const headers = signed.map((h) => `${h}:${headerValue(h)}\n`).join('');
    const canonical = [req.method, url.pathname, url.search.slice(1), headers, signedList, sha256(body)].join('\n');
    const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/${service}/tc3_request\n${sha256(canonical)}`;
    const key = hmac(hmac(hmac(`TC3${secretKey}`, date), service), 'tc3_request');
    if (createHmac('sha256', key).update(toSign).digest('hex') !== signature) {
      return ['AuthFailure.SignatureFailure', 'The provided credentials could not be validated. Please check your signature is correct.'];
    }
    return null;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const refusal = verify(req, body);
    if (refusal) return error(res, ...refusal);
    if (req.headers['x-tc-action'] !== 'SendSms' || req.headers['x-tc-version'] !== '2021-01-11') return error(res, 'InvalidAction', 'The action is not found.');
    const input = JSON.parse(body.toString('utf8')) as { SmsSdkAppId?: string; SignName?: string; TemplateId?: string; TemplateParamSet?: string[]; PhoneNumberSet?: string[] };
    if (input.SmsSdkAppId !== sdkAppId) return error(res, 'UnauthorizedOperation.SmsSdkAppIdVerifyFail', 'SmsSdkAppId verification failed.');
    const failure = fake.failNext;
    fake.failNext = undefined;
    if (failure && !PER_NUMBER.test(failure)) return error(res, failure, failure);
    if (!fake.signs.has(input.SignName ?? '')) return error(res, 'FailedOperation.SignatureIncorrectOrUnapproved', 'The signature is not approved.');
    const variables = fake.templates.get(input.TemplateId ?? '');
    if (variables === undefined) return error(res, 'FailedOperation.TemplateIncorrectOrUnapproved', 'The template is not approved.');
    const params = input.TemplateParamSet ?? [];
    if (params.length !== variables || params.some((p) => !p)) return error(res, 'InvalidParameterValue.TemplateParameterFormatError', 'Template parameters do not match.');
    const SendStatusSet = (input.PhoneNumberSet ?? []).map((phone) => {
      const code = failure ?? (/^\+861\d{10}$/.test(phone) ? 'Ok' : 'InvalidParameterValue.IncorrectPhoneNumber');
      if (code === 'Ok') fake.sent.push({ phone, signName: input.SignName!, templateId: input.TemplateId!, params });
      else fake.refused.push(code);
      const SerialNo = code === 'Ok' ? `2019:${randomBytes(8).toString('hex')}` : '';
      return { SerialNo, PhoneNumber: phone, Fee: code === 'Ok' ? 1 : 0, SessionContext: '', Code: code, Message: code === 'Ok' ? 'send success' : code, IsoCode: 'CN' };
    });
    return reply(res, { SendStatusSet });
  }

  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  fake.config = {
    SMS_PROVIDER: 'tencent',
    SMS_SIGN_NAME: '考试宝典',
    TENCENT_SMS_SECRET_ID: secretId,
    TENCENT_SMS_SECRET_KEY: secretKey,
    TENCENT_SMS_SDK_APP_ID: sdkAppId,
    TENCENT_SMS_ENDPOINT: `http://sms.localhost:${port}`,
    SMS_TEMPLATE_REGISTER: '1000001',
    SMS_TEMPLATE_LOGIN: '1000002',
    SMS_TEMPLATE_RESET: '1000003',
    SMS_TEMPLATE_BIND: '1000004',
    SMS_TEMPLATE_CANCEL: '1000005',
    SMS_TEMPLATE_LIVE_REMIND: '1000006',
    SMS_TEMPLATE_PLAN_REMIND: '1000007',
  };
  return fake;
}
