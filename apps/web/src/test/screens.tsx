import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { ApiError } from '../api/errors';
import { useVersionPrices } from '../entities/shop/api';
import { VersionPricesContext } from '../ui/version-prices';
import { findRoute, routes } from '../app/routes';
import { setScreenFinder } from '../lib/navigation';
import type { ReplyData } from './fake-api';

/**
 * Test helpers of the screens: a screen rendered in a real (memory) router beside stub
 * screens that show where the learner went (with the app's providers: the query client, the lock sheets' prices as
 * app/query-layout.tsx connects them), and a fake API answering by call id (test/fake-api.ts).
 */

export { callsTo, fakeApi, optionsOf, type Handlers, type ReplyData } from './fake-api';
export { shellHandlers } from './shell-handlers';

// Screens ask the registry whether a link has a screen (lib/navigation.hasScreen), as in the app.
setScreenFinder((pathname) => findRoute(routes, pathname) !== undefined);

/** A stub screen: prints the location it was reached at. */
function Landed() {
  const loc = useLocation();
  return <p data-testid="landed">{`${loc.pathname}${loc.search}`}</p>;
}

const STUB_PATHS = ['/', '/login', '/homePage', '/setpassword', '/settings', '/chooseUser', '/maintain', '/forgetpwd', '/bindphone', '/x'];

/** Renders a screen in a memory router; `before` are history entries behind it (for the back button). */
export function renderScreen(screen: ReactElement, { path, url = path, before = [] }: { path: string; url?: string; before?: string[] }) {
  const routes = [{ path, element: screen }, ...STUB_PATHS.filter((p) => p !== path).map((p) => ({ path: p, element: <Landed /> })), { path: '*', element: <Landed /> }];
  const router = createMemoryRouter(routes, { initialEntries: [...before, url], initialIndex: before.length });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <VersionPricesContext.Provider value={useVersionPrices}>
        <RouterProvider router={router} />
      </VersionPricesContext.Provider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, where: () => `${router.state.location.pathname}${router.state.location.search}` };
}

export const fail = (status: number, msg: string): never => {
  throw new ApiError(status, msg, null, 'reply');
};

export const demoLogin: ReplyData<'user.userlogin'> = {
  guid: 'g'.repeat(32),
  userID: 7,
  userName: '13800000000',
  phone: '13800000000',
  nickName: '小明',
  agentCode: '888',
  hasPassword: true,
  isNew: false,
  weakPassword: false,
  consentNeeded: false,
  deletionCancelled: false,
};

export const demoUser: ReplyData<'user.getUserInfo'> = {
  userID: 7,
  userName: '13800000000',
  phone: '13800000000',
  nickName: '小明',
  agentCode: '888',
  hasPassword: true,
  isTourist: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLoginAt: null,
  lastIP: null,
};

export const resetStorage = () => {
  localStorage.clear();
  sessionStorage.clear();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  vi.clearAllMocks();
};

/** The main demo subject as the SELECTEDAPPNEW cookie holds it, on trial (override fields as needed). */
export const trialNursing = {
  AppID: 1001,
  AppEName: 'HSZYZG',
  AppName: '护士执业资格',
  AppCName: '护理学类',
  AppVn: '3',
  AppVname: '至尊班',
  curAppvn: '-1',
  curAppVname: '试用版',
};
