import { createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';

/** Test support: stand-ins for WeChat Pay's and Alipay's servers, signing and checking as the real ones do. */

const pemOf = (k: KeyObject, type: 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }) as string;
const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const sign = (key: KeyObject, text: string) => createSign('RSA-SHA256').update(text).sign(key, 'base64');
const verify = (key: KeyObject, text: string, signature: string) => createVerify('RSA-SHA256').update(text).verify(key, signature, 'base64');

export interface FakeWechat {
  app: FastifyInstance;
  /** The app's settings for this fake (merchant key, platform key, hosts). */
  config: Record<string, string>;
  merchant: { privateKey: KeyObject; publicKey: KeyObject };
  platform: { privateKey: KeyObject; publicKey: KeyObject; serial: string };
  apiV3Key: string;
  /** Requests the fake took (signature verified), by path. */
  seen: { method: string; path: string; body: Record<string, unknown> }[];
  /** Trades the fake holds as paid, by order number (query answers them). */
  paid: Map<string, { transactionId: string; amountFen: number }>;
  /** Sign the next answers with a wrong key (a forged answer the client must refuse). */
  forge: boolean;
  close(): Promise<void>;
}

/**
 * WeChat Pay API v3 (api.mch.weixin.qq.com) and the official account's OAuth (api.weixin.qq.com) on one local
 * port: every request's Authorization must verify with the merchant's public key; every answer is signed with
 * the platform key (Wechatpay-Signature over `timestamp\nnonce\nbody\n`).
 */
export async function fakeWechat(publicUrl: string): Promise<FakeWechat> {
  const merchant = rsa();
  const platform = { ...rsa(), serial: `PUB_KEY_ID_${randomBytes(8).toString('hex')}` };
  const forged = rsa().privateKey;
  const apiV3Key = randomBytes(16).toString('hex');
  const app = Fastify();
  const fake: FakeWechat = {
    app,
    config: {},
    merchant,
    platform,
    apiV3Key,
    seen: [],
    paid: new Map(),
    forge: false,
    close: () => app.close(),
  };
  const answer = (reply: import('fastify').FastifyReply, status: number, data: unknown) => {
    const body = JSON.stringify(data);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    return reply
      .code(status)
      .headers({
        'content-type': 'application/json',
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-serial': platform.serial,
        'wechatpay-signature': sign(fake.forge ? forged : platform.privateKey, `${timestamp}\n${nonce}\n${body}\n`),
      })
      .send(body);
  };
  app.addHook('preHandler', async (request, reply) => {
    if (request.url.startsWith('/sns/')) return;
    const auth = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const f = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const body = request.method === 'GET' ? '' : JSON.stringify(request.body);
    if (!f.signature || !verify(merchant.publicKey, `${request.method}\n${request.url}\n${f.timestamp}\n${f.nonce_str}\n${body}\n`, f.signature))
      return answer(reply, 401, { code: 'SIGN_ERROR', message: 'signature' });
    fake.seen.push({ method: request.method, path: request.url, body: (request.body ?? {}) as Record<string, unknown> });
  });
  app.post('/v3/pay/transactions/native', (_q, r) => answer(r, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(4).toString('hex')}` }));
  app.post('/v3/pay/transactions/h5', (_q, r) =>
    answer(r, 200, { h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx${randomBytes(4).toString('hex')}&package=1` }),
  );
  app.post('/v3/pay/transactions/jsapi', (_q, r) => answer(r, 200, { prepay_id: `wx${randomBytes(8).toString('hex')}` }));
  app.get('/v3/pay/transactions/out-trade-no/:no', (q, r) => {
    const no = (q.params as { no: string }).no;
    const t = fake.paid.get(no);
    return t
      ? answer(r, 200, { out_trade_no: no, transaction_id: t.transactionId, trade_state: 'SUCCESS', amount: { total: t.amountFen, currency: 'CNY' } })
      : answer(r, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
  });
  app.post('/v3/refund/domestic/refunds', (q, r) => answer(r, 200, { refund_id: 'RF1', out_refund_no: (q.body as { out_refund_no: string }).out_refund_no, status: 'PROCESSING' }));
  app.get('/sns/oauth2/access_token', (q, r) =>
    (q.query as { code?: string; secret?: string }).code === 'good-code' && (q.query as { secret?: string }).secret === 'mp-secret'
      ? r.send({ access_token: 'x', openid: 'o-payer-openid', scope: 'snsapi_base' })
      : r.send({ errcode: 40029, errmsg: 'invalid code' }),
  );
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  fake.config = {
    PUBLIC_BASE_URL: publicUrl,
    WECHATPAY_MCHID: '1900000001',
    WECHATPAY_APPID: 'wxd0000000000000001',
    WECHATPAY_MERCHANT_SERIAL: randomBytes(20).toString('hex').toUpperCase(),
    WECHATPAY_PRIVATE_KEY: pemOf(merchant.privateKey, 'pkcs8'),
    WECHATPAY_PLATFORM_SERIAL: platform.serial,
    WECHATPAY_PLATFORM_KEY: pemOf(platform.publicKey, 'spki'),
    WECHATPAY_APIV3_KEY: apiV3Key,
    WECHAT_MP_SECRET: 'mp-secret',
    WECHATPAY_BASE_URL: `${address}/`,
    WECHAT_API_BASE_URL: `${address}/`,
  };
  return fake;
}

export interface FakeAlipay {
  config: Record<string, string>;
  app: { privateKey: KeyObject; publicKey: KeyObject };
  alipay: { privateKey: KeyObject; publicKey: KeyObject };
  /** Trades the gateway holds (as paid: TRADE_SUCCESS unless a status is given); refunds it took. */
  paid: Map<string, { tradeNo: string; amount: string; status?: string }>;
  refunds: Record<string, string>[];
  /** Alipay's way of signing a notification: sorted key=value pairs without sign and sign_type. */
  signNotification(form: Record<string, string>, key?: KeyObject): Record<string, string>;
  verifyRequest(params: URLSearchParams): boolean;
  close(): Promise<void>;
}

const signingString = (params: Record<string, string>, skip: string[]) =>
  Object.keys(params)
    .filter((k) => !skip.includes(k) && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');

/** Alipay's gateway (openapi.alipay.com/gateway.do) for query and refund: answers signed with Alipay's key. */
export async function fakeAlipay(publicUrl: string): Promise<FakeAlipay> {
  const appKeys = rsa();
  const alipayKeys = rsa();
  const server = Fastify();
  server.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))));
  const fake: FakeAlipay = {
    config: {},
    app: appKeys,
    alipay: alipayKeys,
    paid: new Map(),
    refunds: [],
    signNotification: (form, key = alipayKeys.privateKey) => ({ ...form, sign_type: 'RSA2', sign: sign(key, signingString(form, ['sign', 'sign_type'])) }),
    verifyRequest: (params) => {
      const all = Object.fromEntries(params);
      return verify(appKeys.publicKey, signingString(all, ['sign']), all.sign ?? '');
    },
    close: () => server.close(),
  };
  server.post('/gateway.do', (q, r) => {
    const params = { ...(q.query as Record<string, string>), ...((q.body ?? {}) as Record<string, string>) };
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    const key = `${String(params.method).replace(/\./g, '_')}_response`;
    let inner: Record<string, string>;
    if (!fake.verifyRequest(new URLSearchParams(params))) inner = { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' };
    else if (params.method === 'alipay.trade.query') {
      const t = fake.paid.get(biz.out_trade_no);
      inner = t
        ? { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no, trade_no: t.tradeNo, trade_status: t.status ?? 'TRADE_SUCCESS', total_amount: t.amount }
        : { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST' };
    } else {
      fake.refunds.push(biz);
      inner = { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no, refund_fee: biz.refund_amount, fund_change: 'Y' };
    }
    const json = JSON.stringify(inner);
    return r.type('application/json; charset=utf-8').send(`{"${key}":${json},"sign":"${sign(alipayKeys.privateKey, json)}"}`);
  });
  const address = await server.listen({ port: 0, host: '127.0.0.1' });
  fake.config = {
    PUBLIC_BASE_URL: publicUrl,
    ALIPAY_APP_ID: '2021000000000001',
    ALIPAY_PRIVATE_KEY: pemOf(appKeys.privateKey, 'pkcs8'),
    ALIPAY_PUBLIC_KEY: pemOf(alipayKeys.publicKey, 'spki'),
    ALIPAY_GATEWAY: `${address}/gateway.do`,
  };
  return fake;
}
