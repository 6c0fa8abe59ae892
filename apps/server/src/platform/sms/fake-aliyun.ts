import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test support: a stand-in for Alibaba Cloud's SMS API (dysmsapi.aliyuncs.com, SendSms of 2017-05-25) on a local
 * port. Like the real service it checks each request's ACS3-HMAC-SHA256 signature (the canonical request of the
 * method, path, sorted query, signed headers and the body's SHA-256, HMAC'd with the AccessKey secret), the body
 * hash, the date and the nonce, and answers with Alibaba Cloud's bodies: {"Code":"OK",…} or an error Code.
 */

export interface FakeAliyunSent {
  phone: string;
  signName: string;
  templateCode: string;
  params: Record<string, string>;
}

export interface FakeAliyun {
  /** The app's settings for this stand-in (keys, endpoint, sign name, templates). */
  config: Record<string, string>;
  /** Messages taken (signature verified, sign and template known). */
  sent: FakeAliyunSent[];
  /** Requests refused, by error Code. */
  refused: string[];
  /** Sign names and templates (code → variable names) the account has approved. */
  signs: Set<string>;
  templates: Map<string, string[]>;
  /** Answer the next SendSms (after its signature is verified) with this error Code. */
  failNext?: string;
  close(): Promise<void>;
}

export const ALIYUN_TEMPLATES: Record<string, string[]> = {
  SMS_100000001: ['code'],
  SMS_100000002: ['code'],
  SMS_100000003: ['code'],
  SMS_100000004: ['code'],
  SMS_100000005: ['code'],
  SMS_100000006: ['title', 'time'],
  SMS_100000007: ['time', 'tasks'],
};

/** RFC 3986 encoding, as the signature's canonical query uses. */
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

const MESSAGES: Record<string, string> = {
  'isv.MOBILE_NUMBER_ILLEGAL': '非法手机号',
  'isv.BUSINESS_LIMIT_CONTROL': '触发分钟级流控Permits:1',
  'isv.DAY_LIMIT_CONTROL': '触发日发送限额',
  'isv.SMS_TEMPLATE_ILLEGAL': '该账号下找不到对应模板',
  'isv.SMS_SIGNATURE_ILLEGAL': '该账号下找不到对应签名',
  'isv.TEMPLATE_MISSING_PARAMETERS': '模板变量里包含非法关键字',
  'isv.AMOUNT_NOT_ENOUGH': '账户余额不足',
};

export async function fakeAliyun(): Promise<FakeAliyun> {
  const accessKeyId = `LTAI5t${randomBytes(9).toString('hex')}`;
  const secret = randomBytes(15).toString('hex');
  const nonces = new Set<string>();
  const server = createServer((req, res) => void handle(req, res));
  const fake: FakeAliyun = {
    config: {},
    sent: [],
    refused: [],
    signs: new Set(['考试宝典', '护士题库']),
    templates: new Map(Object.entries(ALIYUN_TEMPLATES)),
    close: () => new Promise((r) => server.close(() => r())),
  };

  const answer = (res: ServerResponse, status: number, body: Record<string, unknown>) => {
    const requestId = randomBytes(16).toString('hex').toUpperCase();
    if (body.Code !== 'OK') fake.refused.push(String(body.Code));
    res.writeHead(status, { 'content-type': 'application/json;charset=utf-8', 'x-acs-request-id': requestId });
    res.end(JSON.stringify({ RequestId: requestId, ...body }));
  };
  const error = (res: ServerResponse, status: number, code: string, message: string) => answer(res, status, { Code: code, Message: message, HostId: 'dysmsapi.aliyuncs.com' });

  /** The signature check of the real service: null when it holds, else the refusal. */
  function verify(req: IncomingMessage, body: Buffer): [number, string, string] | null {
    const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]+)$/.exec(String(req.headers.authorization ?? ''));
    if (!auth) return [400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.'];
    const [, keyId, signedList, signature] = auth;
    if (keyId !== accessKeyId) return [404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.'];
    const signed = signedList.split(';');
    for (const h of ['host', 'x-acs-action', 'x-acs-content-sha256', 'x-acs-date', 'x-acs-signature-nonce', 'x-acs-version']) {
      if (!signed.includes(h)) return [400, 'IncompleteSignature', `The header ${h} must be signed.`];
    }
    if (req.headers['x-acs-content-sha256'] !== sha256(body)) return [400, 'IncompleteSignature', 'The x-acs-content-sha256 does not match the body.'];
    const date = Date.parse(String(req.headers['x-acs-date']));
    if (!Number.isFinite(date) || Math.abs(Date.now() - date) > 15 * 60_000) return [400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.'];
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const query = [...url.searchParams.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${encode(k)}=${encode(v)}`)
      .join('&');
    const headers = [...signed]
      .sort()
      .map((h) => `${h}:${String(req.headers[h] ?? '').trim()}\n`)
      .join('');
    const canonical = [req.method, url.pathname, query, headers, signed.join(';'), sha256(body)].join('\n');
    const expected = createHmac('sha256', secret)
      .update(`ACS3-HMAC-SHA256\n${sha256(canonical)}`)
      .digest('hex');
    if (expected !== signature) return [400, 'SignatureDoesNotMatch', 'Specified signature does not match our calculation.'];
    const nonce = String(req.headers['x-acs-signature-nonce']);
    if (nonces.has(nonce)) return [400, 'SignatureNonceUsed', 'Specified signature nonce was used already.'];
    nonces.add(nonce);
    return null;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const refusal = verify(req, Buffer.concat(chunks));
    if (refusal) return error(res, ...refusal);
    if (req.headers['x-acs-action'] !== 'SendSms' || req.headers['x-acs-version'] !== '2017-05-25') return error(res, 404, 'InvalidAction.NotFound', 'Specified api is not found.');
    const q = new URL(req.url ?? '/', 'http://stand-in').searchParams;
    const phone = q.get('PhoneNumbers') ?? '';
    const signName = q.get('SignName') ?? '';
    const templateCode = q.get('TemplateCode') ?? '';
    let params: Record<string, string> = {};
    try {
      params = JSON.parse(q.get('TemplateParam') ?? '{}') as Record<string, string>;
    } catch {
      return answer(res, 200, { Code: 'isv.INVALID_JSON_PARAM', Message: 'JSON参数不合法' });
    }
    const variables = fake.templates.get(templateCode);
    const failure = fake.failNext;
    fake.failNext = undefined;
    const code = failure
      ? failure
      : !/^1\d{10}$/.test(phone)
        ? 'isv.MOBILE_NUMBER_ILLEGAL'
        : !fake.signs.has(signName)
          ? 'isv.SMS_SIGNATURE_ILLEGAL'
          : !variables
            ? 'isv.SMS_TEMPLATE_ILLEGAL'
            : variables.some((v) => !params[v])
              ? 'isv.TEMPLATE_MISSING_PARAMETERS'
              : 'OK';
    if (code !== 'OK') return answer(res, 200, { Code: code, Message: MESSAGES[code] ?? code });
    fake.sent.push({ phone, signName, templateCode, params });
    return answer(res, 200, { Code: 'OK', Message: 'OK', BizId: `${Date.now()}^${randomBytes(4).toString('hex')}` });
  }

  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  fake.config = {
    SMS_PROVIDER: 'aliyun',
    SMS_SIGN_NAME: '考试宝典',
    ALIYUN_SMS_ACCESS_KEY_ID: accessKeyId,
    ALIYUN_SMS_ACCESS_KEY_SECRET: secret,
    ALIYUN_SMS_ENDPOINT: `http://127.0.0.1:${port}`,
    SMS_TEMPLATE_REGISTER: 'SMS_100000001',
    SMS_TEMPLATE_LOGIN: 'SMS_100000002',
    SMS_TEMPLATE_RESET: 'SMS_100000003',
    SMS_TEMPLATE_BIND: 'SMS_100000004',
    SMS_TEMPLATE_CANCEL: 'SMS_100000005',
    SMS_TEMPLATE_LIVE_REMIND: 'SMS_100000006',
    SMS_TEMPLATE_PLAN_REMIND: 'SMS_100000007',
  };
  return fake;
}
