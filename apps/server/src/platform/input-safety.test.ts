import { addSimulationReplys, addUserNote, allCalls, checkUser, frontendError, simulationStart, userclick } from '@kaoshi/contract';
import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../db/schema/index.ts';
import { createTestApp, DEMO, type TestApp } from '../test/helpers.ts';
import { installErrorHandler } from './error-handler.ts';
import { loggerOptions } from './logger.ts';

/**
 * Control characters and the log (issue 12 items 7 and 10): a NUL byte or a lone surrogate is refused with a
 * Chinese 400 naming the field before anything reaches the database; a database refusal is a 400, never logged
 * with its parameters; secrets are redacted on the names the query parser produced.
 */
let t: TestApp;
const lines: string[] = [];
let guid: string;
beforeAll(async () => {
  t = await createTestApp({ deps: { logger: { level: 'info', stream: { write: (l) => void lines.push(l) } } } });
  guid = await t.login(DEMO.owner, DEMO.password);
});
afterAll(() => t.close());

const errorLines = () => lines.filter((l) => JSON.parse(l).level >= 50);

describe('control characters', () => {
  it('a NUL byte in a note, a tracking detail or a user name is a 400 naming the field; nothing is stored or logged as an error', async () => {
    const before = (await t.db.select().from(events)).length;
    expect(await t.call(addUserNote, { guid, appID: 1001, allTestID: 1, noteContent: 'a\u0000b' })).toEqual({
      status: 400,
      msg: '笔记包含不允许的字符',
      data: null,
    });
    expect(await t.call(frontendError, { detail: 'x\u0000y' })).toEqual({ status: 400, msg: '详情包含不允许的字符', data: null });
    expect(await t.call(checkUser, { userName: '138\u00000000000' })).toEqual({ status: 400, msg: '账号包含不允许的字符', data: null });
    expect(await t.call(userclick, { btnName: 'ok', pageName: 'p\u0007' })).toEqual({ status: 400, msg: '页面名称包含不允许的字符', data: null });
    expect((await t.db.select().from(events)).length).toBe(before);
    expect(errorLines()).toEqual([]);
  });

  it('a lone surrogate in a JSON body and an escaped NUL inside a JSON field are refused too', async () => {
    const res = await t.app.inject({ method: 'POST', url: userclick.path, headers: { 'content-type': 'application/json' }, payload: '{"btnName":"\\ud800x"}' });
    expect(res.json()).toEqual({ status: 400, msg: '按钮名称包含不允许的字符', data: null });
    const s = (await t.call(simulationStart, { guid, appID: 1001, testMode: 'examinationGuide' })).data;
    const replies = JSON.stringify([{ replyID: 'nul-reply-000000001', allTestID: s.list[0].allTestID, lastUserReply: 'A\u0000' }]);
    expect(await t.call(addSimulationReplys, { guid, examHistoryID: s.examHistoryID, replies })).toMatchObject({ status: 400, msg: '答案包含不允许的字符' });
    expect(errorLines()).toEqual([]);
  });

  it('every call answers a NUL byte in any field without a 500', async () => {
    for (const call of allCalls) {
      const fields = Object.keys((call.request as { shape?: object }).shape ?? {}).filter((k) => k !== 'guid');
      for (const field of fields) {
        const reply = await t.call(call, { guid, [field]: '1\u00002' });
        expect(reply.status, `${call.id}.${field}`).not.toBe(500);
        if (reply.status === 400) expect(reply.msg, `${call.id}.${field}`).toMatch(/\p{Script=Han}/u);
      }
    }
    expect(errorLines()).toEqual([]);
  });
});

describe('database refusals', () => {
  const build = async (cause: { code: string; message: string }) => {
    const log: string[] = [];
    const app = Fastify({ logger: loggerOptions({ LOG_LEVEL: 'info' }, { stream: { write: (l) => void log.push(l) } }) as object });
    installErrorHandler(app);
    app.get('/boom', async () => {
      throw new DrizzleQueryError('insert into notes (content) values ($1)', ['SECRET-PARAM-VALUE'], Object.assign(new Error(cause.message), cause));
    });
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/boom' });
    await app.close();
    return { body: res.json(), log: log.join('\n') };
  };

  it('a data exception (class 22) is a 400; its parameters are not logged', async () => {
    const { body, log } = await build({ code: '22021', message: 'invalid byte sequence for encoding "UTF8": 0x00' });
    expect(body).toEqual({ status: 400, msg: '请求参数格式不正确', data: null });
    expect(log).toContain('22021');
    expect(log).not.toContain('SECRET-PARAM-VALUE');
  });

  it('any other database error is a 500 logged with its SQL but never its parameters', async () => {
    const { body, log } = await build({ code: '42P01', message: 'relation "notes" does not exist' });
    expect(body).toEqual({ status: 500, msg: '服务器开小差了，请稍后重试', data: null });
    expect(log).toContain('insert into notes (content) values ($1)');
    expect(log).toContain('42P01');
    expect(log).not.toContain('SECRET-PARAM-VALUE');
  });
});

describe('log redaction on parsed names', () => {
  it('a guid is redacted however its name is spelt on the wire', async () => {
    lines.length = 0;
    for (const name of ['guid', '%67uid', 'gu%69d', 'GUID', '%47%55%49%44']) await t.app.inject({ method: 'GET', url: `/api/user/getUserInfo?${name}=${guid}&client=h5` });
    await t.app.inject({ method: 'GET', url: `/api/user/checkUser?userName=13800000000&pass%77ord=${'f'.repeat(32)}` });
    const log = lines.join('\n');
    expect(log).not.toContain(guid);
    expect(log).not.toContain('f'.repeat(32));
    // The call's line names its path only: the query (where a guid may be, however spelt) is never written.
    expect(log).toContain('"path":"/api/user/getUserInfo"');
    expect(log).not.toContain('client=h5');
  });
});
