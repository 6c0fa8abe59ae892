import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { defineCall } from '@kaoshi/contract';
import { handle, registerCalls, type RegistrarOptions } from './calls.ts';
import { installErrorHandler } from './error-handler.ts';
import { envelopeOf, fill, JsonBytes, jsonWithHole, sameJson } from './json-bytes.ts';
import type { SessionService } from './session/service.ts';

/** Replies whose data is already JSON (docs/server.md, "Hot replies"): the bytes, and the registrar's part. */

const tiles = [{ id: 'chapter', name: '章节练习', unlocking: [{ vn: '2', vname: 'VIP班' }] }];
const text = (data: JsonBytes) => Buffer.concat(data.chunks).toString('utf8');

describe('already made JSON', () => {
  it('fills the one open field of JSON made once, as JSON.stringify of the whole object would say it', () => {
    const names = { AppID: 1001, AppName: '护士执业资格', quote: 'a "b" \\ c\n' };
    const made = jsonWithHole(names, 'current', { modules: tiles });
    for (const current of [null, { AppVn: '3', AppVnName: '至尊班', EndTime: '2027-11-28T09:08:04.553Z' }]) {
      const data = fill(made, current);
      expect(text(data)).toBe(JSON.stringify({ ...names, current, modules: tiles }));
      expect(data.value()).toEqual({ ...names, current, modules: tiles });
      expect(sameJson(data)).toBe(true);
    }
    // Nothing before or after the hole.
    expect(text(fill(jsonWithHole({}, 'current', {}), 7))).toBe('{"current":7}');
  });

  it('wraps the bytes in the success envelope of every call', () => {
    const data = fill(jsonWithHole({ vn: '3' }, 'current', { modules: tiles }), null);
    expect(JSON.parse(envelopeOf(data).toString('utf8'))).toEqual({ status: 200, msg: '', data: { vn: '3', current: null, modules: tiles } });
  });

  it('tells bytes that do not say the value', () => {
    const made = jsonWithHole({ vn: '3' }, 'current', { modules: tiles });
    const stale = new JsonBytes(() => ({ vn: '3', current: null, modules: [{ ...tiles[0]!, name: '新名字' }] }), fill(made, null).chunks);
    expect(sameJson(stale)).toBe(false);
  });
});

const gridCall = defineCall({
  id: 'test.grid',
  method: 'GET',
  path: '/api/test/grid',
  group: 'general',
  needsSession: false,
  summary: 'A test call answering already made JSON.',
  request: z.object({ bad: z.enum(['bytes', 'data']).optional() }),
  data: z.object({
    vn: z.string(),
    current: z.string().nullable(),
    modules: z.array(z.object({ id: z.string(), name: z.string(), unlocking: z.array(z.object({ vn: z.string(), vname: z.string() })) })),
  }),
});

async function server(checkReplies: boolean) {
  const app = Fastify();
  installErrorHandler(app);
  const opts: RegistrarOptions = {
    sessions: { resolve: async () => null } as unknown as SessionService,
    gate: async () => {},
    itemPolicy: async () => ({ full: true, previewSeconds: 0, unlocking: [] }),
    items: [],
    resolveTenant: async () => {
      throw new Error('no tenant in this test');
    },
    maintenance: false,
    checkReplies,
  };
  const made = jsonWithHole({ vn: '3' }, 'current', { modules: tiles });
  const handler = handle(gridCall, async ({ input }) => {
    const good = fill(made, '3');
    if (input.bad === 'bytes') return new JsonBytes(() => ({ ...good.value(), current: '2' }), good.chunks);
    if (input.bad === 'data') return fill(jsonWithHole({ vn: 3 }, 'current', { modules: tiles }), '3') as never;
    return good;
  });
  registerCalls(app, [gridCall], [handler], opts);
  return app;
}

describe('the registrar answering already made JSON', () => {
  it('sends the envelope around the bytes, with the headers and length of any call reply', async () => {
    const app = await server(true);
    const res = await app.inject({ url: '/api/test/grid' });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.body).toBe(JSON.stringify({ status: 200, msg: '', data: { vn: '3', current: '3', modules: tiles } }));
    await app.close();
  });

  it('in development and test, refuses bytes that do not say the data, and data the contract does not allow', async () => {
    const app = await server(true);
    for (const bad of ['bytes', 'data']) {
      const res = await app.inject({ url: `/api/test/grid?bad=${bad}` });
      expect(res.json(), bad).toMatchObject({ status: 500 });
    }
    await app.close();
    // Production trusts them (the check parses the whole reply).
    const prod = await server(false);
    expect((await prod.inject({ url: '/api/test/grid?bad=bytes' })).json().data.current).toBe('3');
    await prod.close();
  });
});
