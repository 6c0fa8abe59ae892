import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AgentProvider } from '../lib/agent';
import { startChangeInfoPoll } from './change-info';

/**
 * The root container: provides the agent, runs the 30-second change-info check, and fades each routed
 * view in (the container is keyed by path, so a new route mounts a new, fading element). The first view
 * paints at once: a view at opacity 0 is no contentful paint, so a fade there hid the first paint from the
 * browser (Lighthouse NO_FCP, no FCP/LCP for real-user monitoring) and delayed it for the learner.
 */
export function RootLayout() {
  const location = useLocation();
  const [firstPath] = useState(location.pathname);
  const [navigated, setNavigated] = useState(false);
  // Adjusting state while rendering (React's pattern for derived state): once the path has changed, views fade.
  if (!navigated && location.pathname !== firstPath) setNavigated(true);
  // The query client is loaded with the first screen that uses queries (app/query-layout.tsx), not here.
  useEffect(() => startChangeInfoPoll({ onChange: () => void invalidateQueries() }), []);
  return (
    <AgentProvider>
      <div key={location.pathname} className={navigated ? 'route-view route-fade' : 'route-view'} data-testid="route-view">
        <Outlet />
      </div>
    </AgentProvider>
  );
}

const invalidateQueries = () => import('../api/query-client').then(({ queryClient }) => queryClient.invalidateQueries());

/** Shown while the first navigation's checks run (agent info on a first visit). */
export function Splash() {
  return <div className="app-splash" aria-busy="true" />;
}
