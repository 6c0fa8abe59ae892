import type { RouteEntry } from '../../lib/route-entry';

/** The learner's messages (docs/messages.md): one inbox across subjects. */
export const messageRoutes: RouteEntry[] = [{ path: '/myMessage', load: () => import('./my-message-screen').then((m) => ({ default: m.MyMessageScreen })) }];
