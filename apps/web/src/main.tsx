import 'antd-mobile/es/global';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { afterFirstScreen } from './app/after-first-screen';
import { takeReloadTarget } from './app/lazy-reload';
import { startFirstScreen } from './app/first-screen';
import { createAppRouter, findRoute, routes } from './app/routes';
import { agentStore, readCachedAgent } from './lib/agent';
import { setNavigator } from './lib/navigation';
import { applyNightMode } from './lib/night-mode';
import { applyFontSize } from './lib/preferences';
import { installGlobalErrorHandlers } from './lib/error-report';

// Theme before the first paint: night mode, the text size of /currency and the cached tenant colour.
applyNightMode();
applyFontSize();
const cachedAgent = readCachedAgent();
if (cachedAgent) agentStore.set(cachedAgent);

// Errors and (in production) console warnings go to the error report.
installGlobalErrorHandlers({ hookConsoleWarn: import.meta.env.PROD });

// The first screen's code, agent info and data, all at once (before the router's loader asks for the first).
startFirstScreen(findRoute(routes, window.location.pathname), window.location);

const router = createAppRouter();
// The API client, the login redirect and the change-info check navigate through the router.
setNavigator((to, opts) => void router.navigate(to, opts));

// After the one reload of a failed screen load: go where the learner was going.
const reloadTarget = takeReloadTarget();
const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
if (reloadTarget && reloadTarget !== here) void router.navigate(reloadTarget);

// The outbox (IndexedDB, lib/outbox/) sends every channel's unsent entries — practice answers, exam replies,
// reading marks, video progress — on one schedule: now, when back online, when the page shows again and every
// 20 s (lib/outbox/scheduler.ts). Loaded once the page has loaded and the first screen is shown, when the main
// thread is idle (at most 3 s later): its work and chunks must not compete with the first screen's on a slow phone
// (app/after-first-screen.ts, bench/load-bench.ts). An entry queued before then is sent by its channel at once
// (nudgeOutbox), without the schedule.
// The service worker (src/sw.ts) is registered at the same moment: nothing of the first screen needs it.
afterFirstScreen(router, () => {
  void import('./lib/outbox/start').then((m) => m.startOutboxes()).catch(() => undefined);
  if (import.meta.env.PROD && 'serviceWorker' in navigator) void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* TanStack Query's provider is in the lazily loaded app/query-layout.tsx (not needed by '/'). */}
    <RouterProvider router={router} />
  </StrictMode>,
);
