// What building the web app's router costs, as app/routes.tsx builds it (issue 33 item 8, docs/web-shell.md): React
// Router's data router given all ~150 routes of the registry at start-up (it flattens, scores and sorts them and
// compiles each one's pattern), against the router that is given each screen's route as it is reached
// (`patchRoutesOnNavigation`). The routes are read from apps/web/src/features/*/routes.ts as the web build reads them
// (build/route-preload-plugin.ts); screens are stand-ins (nothing is rendered). Times one router's creation and its
// first navigation to /login, median of ROUTER_RUNS (200), in this Node process: a desktop core, not a throttled phone
// (bench/load-bench.ts measures that; its CPU is slowed 4× and more on a loaded host).
// `npm run bench:router -w bench`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { readRoutes } from '../apps/web/build/route-preload-plugin.ts';
import { here } from './lib.ts';

const RUNS = Number(process.env.ROUTER_RUNS ?? 200);
const features = join(here, '../apps/web/src/features');
const routes = readdirSync(features).flatMap((name) => {
  try {
    return readRoutes(readFileSync(join(features, name, 'routes.ts'), 'utf8'), `src/features/${name}`);
  } catch {
    return [];
  }
});
const screen = (path: string): RouteObject => ({ path, lazy: async () => ({ Component: () => null }) });
const tree = (children: { root: RouteObject[]; queries: RouteObject[] }): RouteObject[] => [
  { id: 'root', loader: () => null, Component: () => null, children: [...children.root, { id: 'queries', children: children.queries }, { path: '*', Component: () => null }] },
];

async function build(discover: boolean): Promise<number> {
  const t = performance.now();
  const router = discover
    ? createMemoryRouter(tree({ root: [], queries: [] }), {
        initialEntries: ['/login'],
        patchRoutesOnNavigation: ({ path, patch }) => {
          const r = routes.find((e) => e.path.toLowerCase() === path.toLowerCase());
          if (r) patch(r.noQueries ? 'root' : 'queries', [screen(r.path)]);
        },
      })
    : createMemoryRouter(tree({ root: routes.filter((r) => r.noQueries).map((r) => screen(r.path)), queries: routes.filter((r) => !r.noQueries).map((r) => screen(r.path)) }), {
        initialEntries: ['/login'],
      });
  await new Promise<void>((resolve) => {
    if (router.state.initialized) resolve();
    else router.subscribe((s) => s.initialized && resolve());
  });
  const ms = performance.now() - t;
  if (router.state.matches.at(-1)?.route.path !== '/login') throw new Error('the router did not reach /login');
  router.dispose();
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`Building the web app's router (${routes.length} routes) and its first navigation, median of ${RUNS}, one Node core`);
for (const [label, discover] of [
  ['all routes at start-up', false],
  ['each route as it is reached', true],
] as const) {
  for (let i = 0; i < 20; i++) await build(discover); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await build(discover));
  console.log(`  ${label.padEnd(30)} ${median(times).toFixed(2).padStart(7)} ms`);
}
