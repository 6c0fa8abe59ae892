import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AgentProvider } from '../lib/agent';
import { isLoggedIn } from '../lib/session';
import { tabOf } from './tabs';
import { startChangeInfoPoll } from './change-info';

/**
 * The root container: provides the agent, runs the 30-second change-info check, and fades each routed
 * view in (the container is keyed by path, so a new route mounts a new, fading element). The first view
 * paints at once: a view at opacity 0 is no contentful paint, so a fade there hid the first paint from the
 * browser (Lighthouse NO_FCP, no FCP/LCP for real-user monitoring) and delayed it for the learner.
 * On the tab screens (tabs.ts) a signed-in learner also gets the bottom tab bar, outside the fading view.
 */
export function RootLayout() {
  const location = useLocation();
  const [firstPath] = useState(location.pathname);
  const [navigated, setNavigated] = useState(false);
  // Adjusting state while rendering (React's pattern for derived state): once the path has changed, views fade.
  if (!navigated && location.pathname !== firstPath) setNavigated(true);
  // The query client is loaded with the first screen that uses queries (app/query-layout.tsx), not here.
  useEffect(() => startChangeInfoPoll({ onChange: () => void invalidateQueries() }), []);
  const tab = isLoggedIn() ? tabOf(location.pathname) : null;
  const view = `route-view${tab ? ' route-view--tabs' : ''}${navigated ? ' route-fade' : ''}`;
  return (
    <AgentProvider>
      <div key={location.pathname} className={view} data-testid="route-view">
        <Outlet />
      </div>
      {tab ? (
        <Suspense fallback={null}>
          <TabBar current={tab} />
        </Suspense>
      ) : null}
    </AgentProvider>
  );
}

// The tab bar brings TanStack Query (its badge): loaded with the first tab screen, not with the entry route.
const TabBar = lazy(() => import('./tab-bar'));

const invalidateQueries = () => import('../api/query-client').then(({ queryClient }) => queryClient.invalidateQueries());

/** Shown while the first navigation's checks run (agent info on a first visit). */
export function Splash() {
  return <div className="app-splash" aria-busy="true" />;
}
