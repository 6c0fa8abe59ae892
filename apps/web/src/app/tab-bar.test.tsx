import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../api/client';
import { queryClient } from '../api/query-client';
import { saveLogin } from '../lib/session';
import { demoLogin, fakeApi, resetStorage } from '../test/screens';
import { RootLayout } from './root-layout';
import { tabOf, TABS } from './tabs';

vi.mock('../api/client', async () => (await import('../test/client-mock')).clientMock());
const callMock = call as unknown as Mock;

/** The root layout over stub screens, as the app's router nests them. */
function renderAt(path: string) {
  const paths = ['/homePage', '/chapterMenu', '/studyMain', '/openStudy', '/mine', '/answerTest', '/computerPaper', '/liveroom', '/videoStudy', '/login', '/settings'];
  const router = createMemoryRouter(
    [{ element: <RootLayout />, children: [{ element: <Outlet />, children: paths.map((p) => ({ path: p, element: <p>{`screen ${p}`}</p> })) }] }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  resetStorage();
  queryClient.clear();
  fakeApi(callMock, { 'message.unread': () => ({ total: 3, byTab: { all: 3 } }) });
});

describe('the bottom tab bar', () => {
  it('is the set 首页 / 题库 / 学习 / 我的, each a main screen', () => {
    expect(TABS.map((t) => [t.label, t.to])).toEqual([
      ['首页', '/homePage'],
      ['题库', '/chapterMenu'],
      ['学习', '/studyMain'],
      ['我的', '/mine'],
    ]);
    expect(tabOf('/homepage/')?.label).toBe('首页');
    expect(tabOf('/openStudy')?.label).toBe('学习');
    for (const p of ['/answerTest', '/computerPaper', '/liveroom', '/videoStudy', '/login', '/', '/settings', '/courseList']) expect(tabOf(p), p).toBeNull();
  });

  it('shows on a tab screen with the current tab marked and the unread count on 我的', async () => {
    saveLogin(demoLogin);
    renderAt('/chapterMenu');
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/homePage', '/chapterMenu', '/studyMain', '/mine']);
    expect(within(nav).getByRole('link', { current: 'page' }).textContent).toBe('题库');
    expect(await within(nav).findByRole('link', { name: '我的，我的消息，3条未读' })).toBeTruthy();
    expect(within(nav).getByTestId('tab-badge').textContent).toBe('3');
    expect(screen.getByTestId('route-view').className).toContain('route-view--tabs');
  });

  it('stays out of exams, the player, the live room, login and every other screen', async () => {
    saveLogin(demoLogin);
    for (const p of ['/answerTest', '/computerPaper', '/liveroom', '/videoStudy', '/login', '/settings']) {
      const router = renderAt(p);
      expect(await screen.findByText(`screen ${p}`)).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: '主导航' })).toBeNull();
      router.dispose();
      document.body.innerHTML = '';
    }
  });

  it('is not shown to a guest', async () => {
    renderAt('/homePage');
    expect(await screen.findByText('screen /homePage')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('navigation', { name: '主导航' })).toBeNull();
  });
});
