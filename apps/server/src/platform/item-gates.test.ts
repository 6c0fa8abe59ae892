import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { appID, dbId, defineCall, MSG, Status, type CallDef } from '@kaoshi/contract';
import { handle, registerCalls, type RegistrarOptions } from './calls.ts';
import { installErrorHandler } from './error-handler.ts';
import { AppError, notFound } from './errors.ts';
import { itemLoader, type ItemFacts, type ItemPolicy } from './items.ts';
import type { SessionService } from './session/service.ts';

/**
 * The registrar's part of item policies (docs/entitlement.md, "Item policies"), on a bare server: it refuses to
 * start with an item gate it cannot serve, loads the item through its kind's loader, asks the policy with the
 * loader's facts and hands the handler the item with its access. The policy itself: item-policies.test.ts.
 */

const lessonCall = defineCall({
  id: 'test.lesson',
  method: 'GET',
  path: '/api/test/lesson',
  group: 'general',
  needsSession: false,
  gate: { item: { kind: 'videoLesson', field: 'lessonID' }, unknown: '视频不存在' },
  summary: 'A test call on one lesson.',
  request: z.object({ appID: appID(), lessonID: dbId('视频编号') }),
  data: z.object({ title: z.string(), full: z.boolean(), asked: z.string() }),
});

const lessons = itemLoader<{ title: string }>('videoLesson', async (id) => {
  if (id !== 7 && id !== 8) throw notFound('视频不存在');
  return { facts: { appId: 1001, module: 'video', free: id === 7, previewSeconds: 0 }, value: { title: `lesson ${id}` } };
});

/** A policy that opens free items whole and refuses the others, recording what it was asked. */
function policy(asked: ItemFacts[]): ItemPolicy {
  return async (_userId, facts) => {
    asked.push(facts);
    if (facts.free) return { full: true, previewSeconds: 0, unlocking: [] };
    throw new AppError(Status.FORBIDDEN, MSG.buyAny, { unlocking: [{ vn: '2', vname: 'VIP班' }] });
  };
}

async function server(calls: CallDef[], items = [lessons], asked: ItemFacts[] = []) {
  const app = Fastify();
  installErrorHandler(app);
  const opts: RegistrarOptions = {
    sessions: { resolve: async () => null } as unknown as SessionService,
    gate: async () => {},
    itemPolicy: policy(asked),
    items,
    resolveTenant: async () => {
      throw new Error('no tenant in this test');
    },
    maintenance: false,
    checkReplies: true,
  };
  const handler = handle(lessonCall, async (ctx) => {
    const { value, access } = lessons.of(ctx);
    return { title: value.title, full: access.full, asked: String(ctx.input.lessonID) };
  });
  registerCalls(app, calls, calls.includes(lessonCall) ? [handler] : [], opts);
  return app;
}

describe('item gates in the registrar', () => {
  it('refuses to start when a call gates an item by a field it does not have, or of a kind no module loads', async () => {
    const noField = { ...lessonCall, id: 'test.noField', gate: { item: { kind: 'videoLesson' as const, field: 'videoID' } } };
    await expect(server([noField])).rejects.toThrow('Call test.noField gates an item by videoID, which is not a request field');
    await expect(server([lessonCall], [])).rejects.toThrow('Call test.lesson gates an item of kind videoLesson, which no module loads');
  });

  it('loads the item, asks the policy with its facts and hands the handler the item with its access', async () => {
    const asked: ItemFacts[] = [];
    const app = await server([lessonCall], [lessons], asked);
    const ok = await app.inject({ url: '/api/test/lesson?appID=1001&lessonID=7' });
    expect(ok.json()).toEqual({ status: 200, msg: '', data: { title: 'lesson 7', full: true, asked: '7' } });
    expect(asked).toEqual([{ appId: 1001, module: 'video', free: true, previewSeconds: 0 }]);
    // The policy's refusal and the loader's 404 are the reply; the handler never runs.
    expect((await app.inject({ url: '/api/test/lesson?appID=1001&lessonID=8' })).json()).toEqual({
      status: 403,
      msg: MSG.buyAny,
      data: { unlocking: [{ vn: '2', vname: 'VIP班' }] },
    });
    expect((await app.inject({ url: '/api/test/lesson?appID=1001&lessonID=9' })).json()).toMatchObject({ status: 404, msg: '视频不存在' });
    expect(asked).toHaveLength(2);
    await app.close();
  });

  it('goes on without an item when the loader finds none in the request (null): no policy asked, `maybe` undefined', async () => {
    const bookingCall = defineCall({
      id: 'test.booking',
      method: 'GET',
      path: '/api/test/booking',
      group: 'general',
      needsSession: false,
      gate: { item: { kind: 'liveBooking', field: 'videoID' } },
      summary: 'A test call on a session or a lesson (one id space).',
      request: z.object({ appID: appID(), videoID: dbId('视频编号') }),
      data: z.object({ session: z.boolean(), caller: z.string() }),
    });
    const callers: (number | null)[] = [];
    const bookings = itemLoader<{ id: number }>('liveBooking', async (id, _input, userId) => {
      callers.push(userId);
      return id === 5 ? { facts: { appId: 1001, module: 'live', free: true }, value: { id } } : null;
    });
    const asked: ItemFacts[] = [];
    const app = Fastify();
    installErrorHandler(app);
    const handler = handle(bookingCall, async (ctx) => ({ session: bookings.maybe(ctx) !== undefined, caller: String(callers.at(-1)) }));
    registerCalls(app, [bookingCall], [handler], {
      sessions: { resolve: async () => null } as unknown as SessionService,
      gate: async () => {},
      itemPolicy: policy(asked),
      items: [bookings],
      resolveTenant: async () => {
        throw new Error('no tenant in this test');
      },
      maintenance: false,
      checkReplies: true,
    });
    expect((await app.inject({ url: '/api/test/booking?appID=1001&videoID=5' })).json()).toMatchObject({ status: 200, data: { session: true, caller: 'null' } });
    expect(asked).toEqual([{ appId: 1001, module: 'live', free: true }]);
    expect((await app.inject({ url: '/api/test/booking?appID=1001&videoID=6' })).json()).toMatchObject({ status: 200, data: { session: false } });
    expect(asked).toHaveLength(1);
    await app.close();
  });
});
