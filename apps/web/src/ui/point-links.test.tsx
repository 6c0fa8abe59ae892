import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PointLinks } from './point-links';

/** The links beside a question's explanation, in a router (a tap must land on the point's page). */
function renderLinks(points: readonly string[]) {
  const router = createMemoryRouter(
    [
      { path: '/q', element: <PointLinks points={points} /> },
      { path: '/knowlegeInContent', element: <p data-testid="landed">point</p> },
    ],
    { initialEntries: ['/q'] },
  );
  return { ...render(<RouterProvider router={router} />), router };
}

describe('PointLinks (考点：)', () => {
  it('links each point to its page by name, encoded (/knowlegeInContent?point=…)', async () => {
    const names = ['生命体征', '给药 & 首过效应', '体温/脉搏?#1'];
    const { container, router } = renderLinks(names);
    expect(container.textContent).toBe(`考点：${names.join('')}`);
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.getAttribute('aria-label'), a.textContent])).toEqual(names.map((n) => [`知识点：${n}`, n]));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(names.map((n) => `/knowlegeInContent?point=${encodeURIComponent(n)}`));
    expect(links[1]!.getAttribute('href')).toBe('/knowlegeInContent?point=%E7%BB%99%E8%8D%AF%20%26%20%E9%A6%96%E8%BF%87%E6%95%88%E5%BA%94');
    await userEvent.setup().click(within(container).getByRole('link', { name: '知识点：体温/脉搏?#1' }));
    expect(await screen.findByTestId('landed')).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('point')).toBe('体温/脉搏?#1');
    expect(router.state.location.hash).toBe('');
  });

  it('renders nothing for no points', () => {
    const { container } = renderLinks([]);
    expect(container.innerHTML).toBe('');
  });
});
