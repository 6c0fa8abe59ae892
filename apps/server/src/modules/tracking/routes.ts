import { trackingCalls } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import type { TrackingService } from './service.ts';

/** Every call of calls/tracking.ts: validated by the registrar, stored with kind = call id. */
export const trackingRoutes = (tracking: TrackingService) =>
  Object.values(trackingCalls).map((call) =>
    handle(call, async ({ input, session, ip }) => {
      await tracking.accept({ kind: call.id, path: call.path, userId: session?.userId, input: input as Record<string, unknown>, ip });
      return { recorded: true as const };
    }),
  );
