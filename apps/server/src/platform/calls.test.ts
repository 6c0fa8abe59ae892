import { allCalls, getAgentInfo, getUserInfo, sendcode, userlogin } from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodMessage } from './error-handler.ts';
import { createTestApp, DEMO, freshIp, md5, NOT_LOGGED_IN, type TestApp } from '../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the call registrar', () => {
  it('serves every call of the contract at its verbatim path and method', () => {
    for (const call of allCalls) expect(t.app.hasRoute({ method: call.method, url: call.path }), call.id).toBe(true);
  });

  it('has a handler for every call of the contract', async () => {
    for (const call of allCalls) expect((await t.call(call, {})).msg, call.id).not.toBe('接口暂未开放');
  });

  it('answers 401 for every needsSession call without a guid, before looking at the input', async () => {
    const needing = allCalls.filter((c) => c.needsSession);
    expect(needing.length).toBeGreaterThan(5);
    for (const call of needing) {
      expect(await t.call(call, {}), call.id).toEqual(NOT_LOGGED_IN);
      expect((await t.call(call, { guid: 'a'.repeat(64) })).msg, call.id).toBe('登录已失效，请重新登录');
    }
  });

  it('accepts a JSON body as well as a form body, merged over the query', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${userlogin.path}?username=nobody&client=h5&terminalType=3&clientver=2&v=x&_u=9`,
      remoteAddress: freshIp(),
      payload: { username: DEMO.learner, password: md5(DEMO.password) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 200, data: { userName: DEMO.learner } });
  });

  it('reads GET input from the query string only', async () => {
    const guid = await t.login(DEMO.learner, DEMO.password);
    const res = await t.app.inject({ method: 'GET', url: `${getUserInfo.path}?guid=${guid}&terminalType=8` });
    expect(res.json()).toMatchObject({ status: 200, data: { userName: DEMO.learner } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('treats blank fields as missing', async () => {
    expect((await t.call(getAgentInfo, { agentCode: '', ac: ' ' })).data.AgentCode).toBe('888');
    expect(await t.call(userlogin, { username: '', password: md5('x') })).toMatchObject({ status: 400, msg: '请填写账号' });
  });

  it('drops the common parameters, and a __proto__ parameter, before validation; a blank form field overrides the query', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${getAgentInfo.path}?__proto__=x&client=h5&terminalType=3&agentCode=888` });
    expect(res.json()).toMatchObject({ status: 200, data: { AgentCode: '888' } });
    const login = await t.app.inject({
      method: 'POST',
      url: `${userlogin.path}?username=${DEMO.learner}`,
      remoteAddress: freshIp(),
      payload: { username: ' ', password: md5('x') },
    });
    expect(login.json()).toMatchObject({ status: 400, msg: '请填写账号' });
  });

  it('answers an unknown /api path with body status 404 and HTTP 200', async () => {
    for (const url of ['/api/nothing/here', '/ksbao/nothing']) {
      const res = await t.app.inject({ method: 'POST', url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 404, msg: '接口不存在', data: null });
    }
  });

  it('answers a malformed body with 400 and a Chinese message', async () => {
    const res = await t.app.inject({ method: 'POST', url: userlogin.path, headers: { 'content-type': 'application/json' }, payload: '{oops' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 400, msg: '请求格式不正确', data: null });
  });

  it('falls back to "<field>格式不正确" when a schema issue has no Chinese message', async () => {
    const res = await t.app.inject({ method: 'POST', url: userlogin.path, payload: { username: ['a', 'b'], password: md5('x') } });
    expect(res.json()).toMatchObject({ status: 400, msg: '请填写账号' });
    const untranslated = z.object({ deep: z.object({ count: z.number() }) }).safeParse({ deep: { count: 'x' } });
    expect(zodMessage(untranslated.error!)).toBe('deep.count格式不正确');
  });
});

describe('unexpected errors', () => {
  it('answer 500 with a generic Chinese message and no stack; the details go to the log in English', async () => {
    const lines: string[] = [];
    const broken = await createTestApp({
      deps: {
        sms: { name: 'broken', send: async () => Promise.reject(new Error('gateway exploded at provider.ts:12')) },
        logger: { level: 'error', stream: { write: (l) => void lines.push(l) } },
      },
    });
    try {
      const res = await broken.app.inject({ method: 'POST', url: sendcode.path, payload: { phone: '13500000001' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 500, msg: '服务器开小差了，请稍后重试', data: null });
      expect(res.body).not.toMatch(/exploded|stack|provider\.ts/);
      expect(lines.join('')).toContain('gateway exploded');
      expect(lines.join('')).toContain('unhandled error while answering a call');
    } finally {
      await broken.close();
    }
  });
});
