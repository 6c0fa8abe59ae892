import { createBrowserRouter, matchPath, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import type { Location } from 'react-router';
import { RouteErrorScreen } from './error-screen';
import { createGuardLoader, unknownPathLoader } from './guards';
import { lazyWithReload } from './lazy-reload';
import { RootLayout, Splash } from './root-layout';
import { setScreenFinder } from '../lib/navigation';
import type { RouteEntry } from '../lib/route-entry';
import { entryRoutes } from '../features/entry/routes';
import { userRoutes } from '../features/user/routes';
import { homeRoutes } from '../features/home/routes';
import { subjectRoutes } from '../features/subject/routes';
import { shopRoutes } from '../features/shop/routes';
import { practiceRoutes } from '../features/practice/routes';
import { studyRoutes } from '../features/study/routes';
import { examRoutes } from '../features/exam/routes';
import { examResultsRoutes } from '../features/exam-results/routes';
import { examCenterRoutes } from '../features/exam-center/routes';
import { everyDayRoutes } from '../features/every-day/routes';
import { aiRoutes } from '../features/ai/routes';
import { clearanceRoutes } from '../features/clearance/routes';
import { grabPointRoutes } from '../features/grab-point/routes';
import { sprintRoutes } from '../features/sprint/routes';
import { zhiyeRoutes } from '../features/zhiye/routes';
import { videoRoutes } from '../features/video/routes';
import { readingRoutes } from '../features/reading/routes';
import { liveRoutes } from '../features/live/routes';
import { planRoutes } from '../features/plan/routes';
import { messageRoutes } from '../features/message/routes';
import { profileRoutes } from '../features/profile/routes';
import { discussionRoutes } from '../features/discussion/routes';
import { mineRoutes } from '../features/mine/routes';
import { guestRoutes } from '../features/guest/routes';
import { helpRoutes } from '../features/help/routes';
import { accountRoutes } from '../features/account/routes';
import { searchRoutes } from '../features/search/routes';

/**
 * The one route registry: every feature's routes (features/<area>/routes.ts). Only screens that really exist
 * are registered; every other path of spec §2 falls to '*' and goes to '/' (keeping ac).
 */
export const routes: RouteEntry[] = [
  ...entryRoutes,
  ...userRoutes,
  ...homeRoutes,
  ...subjectRoutes,
  ...shopRoutes,
  ...practiceRoutes,
  ...studyRoutes,
  ...examRoutes,
  ...examResultsRoutes,
  ...examCenterRoutes,
  ...everyDayRoutes,
  ...aiRoutes,
  ...clearanceRoutes,
  ...grabPointRoutes,
  ...sprintRoutes,
  ...zhiyeRoutes,
  ...videoRoutes,
  ...readingRoutes,
  ...liveRoutes,
  ...planRoutes,
  ...messageRoutes,
  ...profileRoutes,
  ...discussionRoutes,
  ...mineRoutes,
  ...guestRoutes,
  ...helpRoutes,
  ...accountRoutes,
  ...searchRoutes,
];

/** The registered route of a path name (React Router matching: case-insensitive, trailing slash ignored). */
export function findRoute(entries: readonly RouteEntry[], pathname: string): RouteEntry | undefined {
  return entries.find((e) => matchPath({ path: e.path, end: true }, pathname));
}

/** What the router is built with: the routes, and the discovery of each screen's route (below). */
export interface AppRouterOptions {
  patchRoutesOnNavigation: PatchRoutesOnNavigationFunction;
}
type MakeRouter = (routes: RouteObject[], opts: AppRouterOptions) => ReturnType<typeof createBrowserRouter>;

/**
 * Builds the router (history mode by default; tests pass a memory-router factory). The root route runs
 * the guards before every navigation; its children are the registry's lazy screens (all but the `noQueries`
 * ones under the query layout) and the '*' fallback.
 *
 * The screens' routes are given to the router as it reaches them (React Router's `patchRoutesOnNavigation`), not
 * all at once: with the ~150 routes of the registry, building the router (it flattens, scores and sorts every
 * route and compiles each one's pattern) took ~20 ms of a desktop core and 85–370 ms of the start-up on the
 * Lighthouse mobile profile, before the first screen could render (bench/README.md, "First paint in production").
 * Every registered path is static, so a path the router does not know yet matches only '*', which makes the
 * router ask for it: the registry's route for it (the same matching as `findRoute`) is added under the root or
 * under the query layout, and the navigation goes on with it; a path of no screen stays on '*'.
 */
export function createAppRouter(entries: readonly RouteEntry[] = routes, make: MakeRouter = (r, opts) => createBrowserRouter(r, opts)): ReturnType<typeof createBrowserRouter> {
  setScreenFinder((pathname) => findRoute(entries, pathname) !== undefined);
  let committed: Location | null = null;
  // Set once the router exists; read only while it navigates.
  let router: ReturnType<typeof createBrowserRouter> | null = null;

  const target = (): string => {
    const loc = router?.state.navigation.location ?? router?.state.location ?? window.location;
    return `${loc.pathname}${loc.search}${loc.hash}`;
  };

  const screen = (e: RouteEntry): RouteObject => ({ path: e.path, lazy: lazyWithReload(e.load, target) });
  const given = new Set<RouteEntry>();
  const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = ({ path, patch }) => {
    const entry = findRoute(entries, path);
    if (!entry || given.has(entry)) return;
    given.add(entry);
    patch(entry.noQueries ? 'root' : 'queries', [screen(entry)]);
  };

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
        // Pathless layout: its chunk (TanStack Query and the query client) loads alongside the screen's. Its
        // children, and the root's `noQueries` screens, are added as they are reached (above).
        { id: 'queries', lazy: lazyWithReload(() => import('./query-layout'), target, { layout: true }), children: [] },
        { path: '*', loader: unknownPathLoader, Component: () => null },
      ],
    },
  ];

  router = make(routeObjects, { patchRoutesOnNavigation });
  router.subscribe((state) => {
    if (state.initialized && state.navigation.state === 'idle') committed = state.location;
  });
  return router;
}
