import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { defineCall } from '@kaoshi/contract';
import { handle, registerCalls, type RegistrarOptions } from './calls.ts';
import { installErrorHandler } from './error-handler.ts';
import { envelopeOf, jsonBytes, JsonBytes, sameJson, withJsonField } from './json-bytes.ts';
import type { SessionService } from './session/service.ts';

/** Replies whose data is already JSON (docs/server.md, "Hot replies"): the bytes, and the registrar's part. */

const tiles = [{ id: 'chapter', name: '章节练习', unlocking: [{ vn: '2', vname: 'VIP班' }] }];

describe('already made JSON', () => {
  it('splices a field made once into a head serialized per call, as JSON.stringify of the whole would say it', () => {
    const head = { AppID: 1001, AppName: '护士执业资格', current: null, quote: 'a "b" \\ c\n' };
    const data = withJsonField(head, 'modules', tiles, jsonBytes(tiles));
    expect(Buffer.concat(data.chunks).toString('utf8')).toBe(JSON.stringify({ ...head, modules: tiles }));
    expect(data.value).toEqual({ ...head, modules: tiles });
    expect(sameJson(data)).toBe(true);
    // An empty head: the field alone.
    expect(Buffer.concat(withJsonField({}, 'modules', tiles, jsonBytes(tiles)).chunks).toString()).toBe(JSON.stringify({ modules: tiles }));
  });

  it('wraps the bytes in the success envelope of every call', () => {
    const data = withJsonField({ vn: '3' }, 'modules', tiles, jsonBytes(tiles));
    expect(JSON.parse(envelopeOf(data).toString('utf8'))).toEqual({ status: 200, msg: '', data: { vn: '3', modules: tiles } });
  });

  it('tells bytes that do not say the value', () => {
    const stale = withJsonField({ vn: '3' }, 'modules', [{ ...tiles[0]!, name: '新名字' }], jsonBytes(tiles));
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
  data: z.object({ vn: z.string(), modules: z.array(z.object({ id: z.string(), name: z.string(), unlocking: z.array(z.object({ vn: z.string(), vname: z.string() })) })) }),
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
  const bytes = jsonBytes(tiles);
  const handler = handle(gridCall, async ({ input }) => {
    if (input.bad === 'bytes') return withJsonField({ vn: '3' }, 'modules', [{ ...tiles[0]!, name: '别的' }], bytes);
    if (input.bad === 'data') return new JsonBytes({ vn: 3 } as never, [jsonBytes({ vn: 3 })]);
    return withJsonField({ vn: '3' }, 'modules', tiles, bytes);
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
    expect(res.body).toBe(JSON.stringify({ status: 200, msg: '', data: { vn: '3', modules: tiles } }));
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
    expect((await prod.inject({ url: '/api/test/grid?bad=bytes' })).json().data.modules[0].name).toBe('章节练习');
    await prod.close();
  });
});
