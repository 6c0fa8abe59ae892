import type { RouteEntry } from '../../lib/route-entry';

/** The learner's profile (docs/profile.md): the page and one editor per field. */
export const profileRoutes: RouteEntry[] = [
  { path: '/userInfoPage', load: () => import('./user-info-screen').then((m) => ({ default: m.UserInfoScreen })) },
  { path: '/changeNickname', load: () => import('./nickname-screen').then((m) => ({ default: m.NicknameScreen })) },
  { path: '/setQQNum', load: () => import('./qq-screen').then((m) => ({ default: m.QqScreen })) },
  { path: '/eduCational', load: () => import('./code-screens').then((m) => ({ default: m.EducationScreen })) },
  { path: '/Professional', load: () => import('./code-screens').then((m) => ({ default: m.ProfessionScreen })) },
];
