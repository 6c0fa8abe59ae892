import type { RouteEntry } from '../../lib/route-entry';

/** Video lessons (docs/video.md): every screen loaded lazily; the player and hls.js load only with them. */
export const videoRoutes: RouteEntry[] = [
  { path: '/videoList', load: () => import('./screens').then((m) => ({ default: m.VideoList })) },
  { path: '/videoEj', load: () => import('./screens').then((m) => ({ default: m.VideoEj })) },
  { path: '/videoAllList', load: () => import('./all-list-screen').then((m) => ({ default: m.AllListScreen })) },
  { path: '/videoetails', load: () => import('./course-detail-screen').then((m) => ({ default: m.CourseDetailScreen })) },
  { path: '/videoStudy', load: () => import('./screens').then((m) => ({ default: m.VideoStudy })) },
  { path: '/videoEjPlay', load: () => import('./screens').then((m) => ({ default: m.VideoEjPlay })) },
  { path: '/videoPlayonly', load: () => import('./screens').then((m) => ({ default: m.VideoPlayonly })) },
  { path: '/videoNoVip', load: () => import('./video-no-vip-screen').then((m) => ({ default: m.VideoNoVipScreen })) },
  { path: '/upVideo', load: () => import('./up-video-screen').then((m) => ({ default: m.UpVideoScreen })) },
  { path: '/loveTeacherList', load: () => import('./teacher-list-screen').then((m) => ({ default: m.TeacherListScreen })) },
  { path: '/loveTeacherPlay', load: () => import('./teacher-play-screen').then((m) => ({ default: m.TeacherPlayScreen })) },
  { path: '/videoFeedback', load: () => import('./feedback-screen').then((m) => ({ default: m.VideoFeedbackScreen })) },
];
