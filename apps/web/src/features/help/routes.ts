import type { RouteEntry } from '../../lib/route-entry';

/** The help centre and product feedback (docs/help-feedback.md). */
export const helpRoutes: RouteEntry[] = [
  { path: '/customerService', load: () => import('./help-center-screen').then((m) => ({ default: m.HelpCenterScreen })) },
  { path: '/serviceIndex', load: () => import('./service-index-screen').then((m) => ({ default: m.ServiceIndexScreen })) },
  { path: '/contact_service', load: () => import('./contact-screen').then((m) => ({ default: m.ContactScreen })) },
  { path: '/feedback', load: () => import('./feedback-list-screen').then((m) => ({ default: m.FeedbackListScreen })) },
  { path: '/adviceFeedback', load: () => import('./advice-feedback-screen').then((m) => ({ default: m.AdviceFeedbackScreen })) },
  { path: '/feedbackAnswer', load: () => import('./feedback-answer-screen').then((m) => ({ default: m.FeedbackAnswerScreen })) },
];
