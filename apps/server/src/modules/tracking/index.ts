import { HOUR, serverModule, type Platform } from '../../platform/module.ts';
import { trackingRoutes } from './routes.ts';
import { createTrackingService, type TrackingService } from './service.ts';
import { createTrackingStore } from './store.ts';

export type { TrackingService };
export { anonymiseEvents, EVENTS_ERASE_BATCH } from './erase-events.ts';

/** Events of learners (clicks, pages) and of the server; bounded per minute and purged after the retention. */
export function createTrackingModule(p: Platform) {
  const tracking = createTrackingService(createTrackingStore(p.db), p.clock, { limiter: p.limiter, retentionDays: p.config.EVENTS_RETENTION_DAYS });
  return serverModule({
    name: 'tracking',
    handlers: trackingRoutes(tracking),
    jobs: [{ name: 'events purge', everyMs: HOUR, atReady: true, run: tracking.purge }],
    tracking,
  });
}
