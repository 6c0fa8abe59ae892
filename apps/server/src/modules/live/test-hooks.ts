import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { createIngestStore } from './ingest-store.ts';

/**
 * Test-only (NODE_ENV=test, like GET /__test__/sms): the browser journeys schedule a session starting in a minute and
 * get its stream key and host key, as an operator would with `npm run live -- schedule` (which cannot reach a server's
 * in-memory database).
 */
export function installLiveTestHooks(app: FastifyInstance, deps: { db: Database; clock: Clock; changed: () => void }) {
  const store = createIngestStore(deps.db);
  app.post('/__test__/live', async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const appId = Number(body.appID ?? 1001);
    const now = deps.clock();
    const courseId = await store.ensureCourse(appId, 'e2e-live', '直播课堂');
    const s = await store.createSession({
      appId,
      courseId,
      key: `e2e-${randomBytes(6).toString('hex')}`,
      title: String(body.title ?? '直播测试课'),
      chapterName: '',
      startsAt: new Date(now + 60_000),
      endsAt: new Date(now + 3600_000),
      streamKey: randomBytes(18).toString('base64url'),
      hostKey: randomBytes(18).toString('base64url'),
      createdAt: new Date(now),
    });
    deps.changed();
    return { status: 200, msg: '', data: { liveID: s.id, streamKey: s.streamKey, hostKey: s.hostKey } };
  });
}
