import type { RouteEntry } from '../../lib/route-entry';

/** Live classes (docs/live.md): every screen loaded lazily; the player, hls.js and the socket load only with the room and the replay. */
export const liveRoutes: RouteEntry[] = [
  { path: '/livelist', load: () => import('./list-screen').then((m) => ({ default: m.LiveListScreen })) },
  { path: '/liveCalendar', load: () => import('./calendar-screen').then((m) => ({ default: m.LiveCalendarScreen })) },
  { path: '/livedetail', load: () => import('./detail-screen').then((m) => ({ default: m.LiveDetailScreen })) },
  { path: '/liveIntroduction', load: () => import('./detail-screen').then((m) => ({ default: m.LiveIntroductionScreen })) },
  { path: '/liveIntroduceNew', load: () => import('./courses-screen').then((m) => ({ default: m.LiveIntroduceNewScreen })) },
  { path: '/liveCourseList', load: () => import('./course-screen').then((m) => ({ default: m.LiveCourseListScreen })) },
  { path: '/liveBroadcast', load: () => import('./broadcast-screen').then((m) => ({ default: m.LiveBroadcastScreen })) },
  { path: '/myLiveReservation', load: () => import('./mine-screens').then((m) => ({ default: m.MyLiveReservationScreen })) },
  { path: '/myLiveCollection', load: () => import('./mine-screens').then((m) => ({ default: m.MyLiveCollectionScreen })) },
  { path: '/hotMylive', load: () => import('./hot-screen').then((m) => ({ default: m.HotLiveScreen })) },
  { path: '/cczbPage', load: () => import('./cczb-screen').then((m) => ({ default: m.CczbScreen })) },
  { path: '/liveroom', load: () => import('./room-screen').then((m) => ({ default: m.LiveRoomScreen })) },
  { path: '/livereview', load: () => import('./replay-screen').then((m) => ({ default: m.LiveReplayScreen })) },
];
