import type { RouteEntry } from '../../lib/route-entry';

const campaign = () => import('./campaign-screen').then((m) => ({ default: m.CampaignScreen }));

/**
 * Guest and campaign screens (docs/guest-campaign.md). /courseList and /downLoad are on the spec's guest whitelist;
 * /Experience and /openAccount are public too (the free-try tourist has no guid), the rest need a login.
 */
export const guestRoutes: RouteEntry[] = [
  { path: '/courseList', public: true, load: () => import('./course-list-screen').then((m) => ({ default: m.CourseListScreen })) },
  { path: '/downLoad', public: true, load: () => import('./download-screen').then((m) => ({ default: m.DownloadScreen })) },
  { path: '/Experience', public: true, load: () => import('./experience-screen').then((m) => ({ default: m.ExperienceScreen })) },
  { path: '/openAccount', public: true, load: () => import('./open-account-screen').then((m) => ({ default: m.OpenAccountScreen })) },
  { path: '/bannerDetail', load: () => import('./banner-detail-screen').then((m) => ({ default: m.BannerDetailScreen })) },
  { path: '/audition', load: () => import('./audition-screen').then((m) => ({ default: m.AuditionScreen })) },
  { path: '/wgzx', load: campaign },
  { path: '/jkzxData', load: campaign },
  { path: '/clinicalPage', load: campaign },
  { path: '/yimoIndex', load: campaign },
  { path: '/cxSchool', load: campaign },
  { path: '/flightDetails', load: campaign },
];
