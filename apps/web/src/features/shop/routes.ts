import type { RouteEntry } from '../../lib/route-entry';

/** The routes of this feature, each screen loaded lazily (app/routes.tsx lists every feature's). */
export const shopRoutes: RouteEntry[] = [
  // The shop (docs/shop.md): versions with prices and the activation-code form, the pay page, the wait for the payment
  { path: '/buyapp', load: () => import('./buy-app-screen') },
  { path: '/payPage', load: () => import('./pay-page-screen') },
  { path: '/buyCallback', load: () => import('./buy-callback-screen') },
  { path: '/qRcodePay', load: () => import('./qr-code-pay-screen') },
  { path: '/qRcodePayNew', load: () => import('./qr-code-pay-new-screen'), public: true },
  { path: '/htmlWeChatPay', load: () => import('./wechat-pay-screen'), skipChecks: true },
  { path: '/receiptDetail', load: () => import('./receipt-detail-screen') },
  { path: '/couponList', load: () => import('./coupon-list-screen') },
  { path: '/myCoupon', load: () => import('./my-coupon-screen') },
  { path: '/expressAddress', load: () => import('./express-address-screen') },
  { path: '/mypink', load: () => import('./my-pink-screen') },
  { path: '/memberCenter', load: () => import('./member-center-screen') },
];
