import type { RouteEntry } from '../../lib/route-entry';

/** Reading and knowledge (docs/reading.md): every screen loaded lazily; markdown-it and the PDF viewer load only with them. */
export const readingRoutes: RouteEntry[] = [
  { path: '/handoutList', load: () => import('./catalog-screen').then((m) => ({ default: m.HandoutList })) },
  { path: '/theoryKnowledgelist', load: () => import('./catalog-screen').then((m) => ({ default: m.TheoryList })) },
  { path: '/pocketMenu', load: () => import('./catalog-screen').then((m) => ({ default: m.PocketMenu })) },
  { path: '/handoutPage', load: () => import('./reader-screen').then((m) => ({ default: m.HandoutPage })) },
  { path: '/theoryKnowledgeContent', load: () => import('./reader-screen').then((m) => ({ default: m.TheoryPage })) },
  { path: '/pocketContent', load: () => import('./reader-screen').then((m) => ({ default: m.PocketPage })) },
  { path: '/knowledgePoint', load: () => import('./points-screen').then((m) => ({ default: m.PointsScreen })) },
  { path: '/knowlegeInContent', load: () => import('./point-screen').then((m) => ({ default: m.PointScreen })) },
  { path: '/siteShorthand', load: () => import('./decks-screen').then((m) => ({ default: m.DecksScreen })) },
  { path: '/newsiteShorthand', load: () => import('./review-screen').then((m) => ({ default: m.ReviewScreen })) },
  { path: '/knowlegeShorthand', load: () => import('./point-cards-screen').then((m) => ({ default: m.PointCardsScreen })) },
  { path: '/everyDayNote', load: () => import('./daily-note-screen').then((m) => ({ default: m.DailyNoteScreen })) },
  { path: '/knowledgeFeedback', load: () => import('./feedback-screen').then((m) => ({ default: m.FeedbackScreen })) },
];
