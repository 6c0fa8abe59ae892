import type { RouteEntry } from '../../lib/route-entry';

/** The account's life (docs/account-deletion.md): the devices logged in, and deleting the account. */
export const accountRoutes: RouteEntry[] = [
  { path: '/accountKeys', load: () => import('./devices-screen').then((m) => ({ default: m.DevicesScreen })) },
  { path: '/cancelAccount', load: () => import('./cancel-account-screen').then((m) => ({ default: m.CancelAccountScreen })) },
];
