import type { ComponentType } from 'react';
import { createBrowserRouter, matchPath, type RouteObject } from 'react-router';
import type { Location } from 'react-router';
import { RouteErrorScreen } from './error-screen';
import { createGuardLoader, unknownPathLoader } from './guards';
import { lazyWithReload } from './lazy-reload';
import { RootLayout, Splash } from './root-layout';

/**
 * The one route registry. Only screens that really exist are registered; every other path of spec §2
 * falls to '*' and goes to '/' (keeping ac). Each screen is a default-exported component, loaded lazily.
 */
export interface RouteEntry {
  path: string;
  load: () => Promise<{ default: ComponentType }>;
  /** A guest may open it (the spec's whitelist, see GUEST_WHITELIST, plus /maintain). */
  public?: boolean;
  /** Kept mounted when left (spec: /computerPaper). Data only until such a screen exists. */
  keepAlive?: boolean;
  /** No guard at all: no guest check, no agent fetch, no ac (spec: /htmlWeChatPay; also /maintain). */
  skipChecks?: boolean;
  /**
   * Rendered outside TanStack Query's provider, so that opening it does not load TanStack Query (for
   * '/', the entry route). Only for screens that use no queries (routes.test.ts checks their imports).
   * The other screens sit under a lazily loaded layout route that provides the query client.
   */
  noQueries?: boolean;
}

export const routes: RouteEntry[] = [
  // Entry and login
  { path: '/', load: () => import('../features/entry/root-screen'), public: true, noQueries: true },
  { path: '/way', load: () => import('../features/entry/way-screen'), public: true },
  { path: '/gateway', load: () => import('../features/entry/gateway-screen'), public: true },
  { path: '/pfway', load: () => import('../features/entry/pfway-screen'), public: true },
  // Public beyond the spec's whitelist: a campaign link opened by a guest must reach registration (docs/entry-routes.md).
  { path: '/msdbway', load: () => import('../features/entry/msdbway-screen'), public: true },
  // Reached by the 408 handler, possibly with storage just cleared: no checks (they would call the server).
  { path: '/maintain', load: () => import('../features/entry/maintain-screen'), public: true, skipChecks: true },
  // Account
  { path: '/login', load: () => import('../features/account/login-screen'), public: true },
  { path: '/forgetpwd', load: () => import('../features/account/forget-password-screen'), public: true },
  // Public: lists only the accounts remembered on this device, for a signed-out learner to switch to.
  { path: '/chooseUser', load: () => import('../features/account/choose-user-screen'), public: true },
  { path: '/settings', load: () => import('../features/account/settings-screen') },
  { path: '/bindphone', load: () => import('../features/account/bind-phone-screen') },
  { path: '/setpassword', load: () => import('../features/account/set-password-screen') },
  // Home
  { path: '/homePage', load: () => import('../features/home/home-screen') },
  { path: '/introduce', load: () => import('../features/home/introduce-screen') },
  { path: '/Guidance', load: () => import('../features/home/guidance-screen') },
  // Subjects (/switchSub is on the spec's guest whitelist; /searchClass is public too: docs/catalog.md)
  { path: '/switchSub', load: () => import('../features/subject/switch-sub-screen'), public: true },
  { path: '/searchClass', load: () => import('../features/subject/search-class-screen'), public: true },
  { path: '/switchBanner', load: () => import('../features/subject/switch-banner-screen') },
  { path: '/appointSub', load: () => import('../features/subject/appoint-sub-screen') },
  // Buying (until the shop exists: activation codes and the tenant's contacts) and the member centre
  { path: '/buyapp', load: () => import('../features/buy/buy-app-screen') },
  { path: '/memberCenter', load: () => import('../features/buy/member-center-screen') },
  // Chapter practice (章节练习, docs/practice-screens.md)
  { path: '/chapterMenu', load: () => import('../features/practice/chapter-menu-screen') },
  { path: '/answerTest', load: () => import('../features/practice/answer-test-screen') },
  // Study tools: wrong-answer book, favourites, notes, recite, weak points, search, one question (docs/study-screens.md)
  { path: '/consolidate', load: () => import('../features/study/consolidate-screen') },
  { path: '/consolidate2', load: () => import('../features/study/consolidate2-screen') },
  { path: '/memoryAnswer', load: () => import('../features/study/memory-answer-screen') },
  { path: '/strengthen', load: () => import('../features/study/strengthen-screen') },
  { path: '/searchExam', load: () => import('../features/study/search-exam-screen') },
  { path: '/testdetails', load: () => import('../features/study/test-details-screen') },
  { path: '/newTestdetails', load: () => import('../features/study/new-test-details-screen') },
  { path: '/testfeedback', load: () => import('../features/study/test-feedback-screen') },
  // The computer-based exam (机考, docs/exam-screens.md)
  { path: '/computerPaper', load: () => import('../features/exam/computer-paper-screen'), keepAlive: true },
  // Exam results, history and the paper lists (docs/exam-result-screens.md)
  { path: '/examResult', load: () => import('../features/exam-results/exam-result-screen') },
  { path: '/examHistory', load: () => import('../features/exam-results/exam-history-screen') },
  { path: '/mockExam', load: () => import('../features/exam-results/paper-list-screen') },
  { path: '/realPapertest', load: () => import('../features/exam-results/paper-list-screen') },
  { path: '/mnkcNew', load: () => import('../features/exam-center/exam-room-screen') },
  { path: '/simulationTest', load: () => import('../features/exam-center/simulation-test-redirect') },
  // 每日一练, 每周一测 and the ranking (docs/daily-ranking.md)
  { path: '/dailyMockTest', load: () => import('../features/every-day/daily-mock-test-screen') },
  { path: '/weekTest', load: () => import('../features/every-day/week-test-screen') },
  { path: '/ranking', load: () => import('../features/every-day/ranking-screen') },
  // The exam centre, the other paper lists and the drawn tests (docs/exam-center.md)
  { path: '/exam', load: () => import('../features/exam-center/exam-center-screen') },
  { path: '/renjilist', load: () => import('../features/exam-results/paper-list-screen') },
  { path: '/newLnjtMnsj', load: () => import('../features/exam-results/paper-list-screen') },
  { path: '/ytmj', load: () => import('../features/exam-results/paper-list-screen') },
  { path: '/BurningExam', load: () => import('../features/exam-results/paper-list-screen') },
  { path: '/secretVolumeWay', load: () => import('../features/exam-results/paper-list-screen') },
  { path: '/mockTest', load: () => import('../features/exam-center/mock-test-screen') },
  { path: '/evaluationChapter', load: () => import('../features/exam-center/evaluation-chapter-screen') },
  { path: '/examinationGuide', load: () => import('../features/exam-center/exam-guide-screen') },
  // AI practice and 重点考点测试 (docs/ai-practice.md)
  { path: '/AICoreExamTest', load: () => import('../features/ai/ai-core-exam-test-screen') },
  { path: '/AIcard', load: () => import('../features/ai/ai-card-screen') },
  { path: '/AICorePay', load: () => import('../features/ai/ai-core-pay-screen') },
  { path: '/focalPointTest', load: () => import('../features/ai/focal-point-test-screen') },
  // 闯关提分 and 考前抢分 (docs/clearance-grabpoint.md)
  { path: '/tifenGuoguan', load: () => import('../features/clearance/tifen-guoguan-screen') },
  { path: '/randomPassCheck', load: () => import('../features/clearance/random-pass-check-screen') },
  { path: '/grabPoint', load: () => import('../features/grab-point/grab-point-screen') },
  // Sprint and zhiye plain sources (docs/sprint-zhiye.md); /zyanswer is the /answerTest player itself
  { path: '/sprintList', load: () => import('../features/sprint/sprint-list-screen') },
  { path: '/fivehundredTest', load: () => import('../features/sprint/five-hundred-screen') },
  { path: '/md60f', load: () => import('../features/sprint/md60f-screen') },
  { path: '/lnztgather', load: () => import('../features/zhiye/lnzt-gather-screen') },
  { path: '/lnztjpay', load: () => import('../features/zhiye/lnzt-pay-screen') },
  { path: '/examAnalyseMenu', load: () => import('../features/zhiye/exam-analyse-screen') },
  { path: '/pingshenChapter', load: () => import('../features/zhiye/pingshen-chapter-screen') },
  { path: '/zyChapter', load: () => import('../features/zhiye/zy-chapter-screen') },
  { path: '/zyanswer', load: () => import('../features/practice/answer-test-screen') },
];

/** The registered route of a path name (React Router matching: case-insensitive, trailing slash ignored). */
export function findRoute(entries: readonly RouteEntry[], pathname: string): RouteEntry | undefined {
  return entries.find((e) => matchPath({ path: e.path, end: true }, pathname));
}


type MakeRouter = (routes: RouteObject[]) => ReturnType<typeof createBrowserRouter>;

/**
 * Builds the router (history mode by default; tests pass a memory-router factory). The root route runs
 * the guards before every navigation; children are the registry's lazy screens (all but the `noQueries`
 * ones under the query layout) and the '*' fallback.
 */
export function createAppRouter(
  entries: readonly RouteEntry[] = routes,
  make: MakeRouter = (r) => createBrowserRouter(r),
): ReturnType<typeof createBrowserRouter> {
  let committed: Location | null = null;
  // Set once the router exists; read only while it navigates.
  let router: ReturnType<typeof createBrowserRouter> | null = null;

  const target = (): string => {
    const loc = router?.state.navigation.location ?? router?.state.location ?? window.location;
    return `${loc.pathname}${loc.search}${loc.hash}`;
  };

  const screen = (e: RouteEntry): RouteObject => ({ path: e.path, lazy: lazyWithReload(e.load, target) });

  const routeObjects: RouteObject[] = [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteErrorScreen,
      HydrateFallback: Splash,
      loader: createGuardLoader({
        findRoute: (pathname) => findRoute(entries, pathname),
        previousSearch: () => committed?.search ?? null,
        forgetPrevious: () => {
          committed = null;
        },
      }),
      shouldRevalidate: () => true,
      children: [
        ...entries.filter((e) => e.noQueries).map(screen),
        // Pathless layout: its chunk (TanStack Query and the query client) loads alongside the screen's.
        { id: 'queries', lazy: lazyWithReload(() => import('./query-layout'), target, { layout: true }), children: entries.filter((e) => !e.noQueries).map(screen) },
        { path: '*', loader: unknownPathLoader, Component: () => null },
      ],
    },
  ];

  router = make(routeObjects);
  router.subscribe((state) => {
    if (state.initialized && state.navigation.state === 'idle') committed = state.location;
  });
  return router;
}
