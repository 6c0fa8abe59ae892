import type { RouteEntry } from '../../lib/route-entry';

/** The routes of this feature, each screen loaded lazily (app/routes.tsx lists every feature's). */
export const userRoutes: RouteEntry[] = [
  // Account
  { path: '/login', load: () => import('./login-screen'), public: true, noQueries: true },
  { path: '/forgetpwd', load: () => import('./forget-password-screen'), public: true },
  // Public: lists only the accounts remembered on this device, for a signed-out learner to switch to.
  { path: '/chooseUser', load: () => import('./choose-user-screen'), public: true },
  { path: '/settings', load: () => import('./settings-screen') },
  { path: '/bindphone', load: () => import('./bind-phone-screen') },
  { path: '/setpassword', load: () => import('./set-password-screen') },
  // The 用户协议/隐私政策 with the learner's consents, and one document (docs/account-security.md).
  { path: '/agreementList', load: () => import('./agreement-list-screen') },
  { path: '/information', load: () => import('./information-screen') },
];
