import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DateTimePicker } from './date-time-picker';
import { EmptyData } from './empty-data';
import { LoadingOverlay } from './loading-overlay';
import { Page } from './page';

describe('EmptyData', () => {
  it('shows the message and, for non-members, a buy button', async () => {
    const onBuy = vi.fn();
    const { rerender } = render(<EmptyData message="暂无视频" />);
    expect(screen.getByText('暂无视频')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<EmptyData message="暂无视频" buyButton="去开通" onBuy={onBuy} />);
    await userEvent.click(screen.getByRole('button', { name: '去开通' }));
    expect(onBuy).toHaveBeenCalled();
  });
});

describe('LoadingOverlay', () => {
  it('shows while visible', () => {
    const { rerender } = render(<LoadingOverlay visible />);
    expect(screen.getByRole('status').textContent).toBe('加载中…');
    rerender(<LoadingOverlay visible={false} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('Page', () => {
  it('renders the title in the themed nav bar; back goes to /homePage when there is no history', async () => {
    const router = createMemoryRouter(
      [
        { path: '/settings', element: <Page title="设置">body</Page> },
        { path: '/homePage', element: <p>home</p> },
      ],
      { initialEntries: ['/settings'] },
    );
    render(<RouterProvider router={router} />);
    // The title is the screen's one level-one heading; 返回 is a named button.
    expect(screen.getByRole('heading', { level: 1, name: '设置' })).toBeTruthy();
    expect(document.querySelector('.ks-page__nav')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '返回' }));
    expect(await screen.findByText('home')).toBeTruthy();
  });

  it('uses a given back action, or none', async () => {
    const back = vi.fn();
    const router = createMemoryRouter([{ path: '/', element: <Page title="A" back={back} /> }]);
    render(<RouterProvider router={router} />);
    await userEvent.click(screen.getByRole('button', { name: '返回' }));
    expect(back).toHaveBeenCalled();
  });
});

describe('DateTimePicker', () => {
  it('shows the wheels of its type and confirms a Date and its text', async () => {
    const onConfirm = vi.fn();
    render(<DateTimePicker type="time" visible value={new Date(2026, 0, 1, 9, 30)} onConfirm={onConfirm} title="提醒时间" />);
    expect(await screen.findByText('提醒时间')).toBeTruthy();
    expect(screen.getAllByText('09时').length).toBeGreaterThan(0);
    expect(screen.getAllByText('30分').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByText('确定'));
    expect(onConfirm).toHaveBeenCalledWith(new Date(2026, 0, 1, 9, 30), '09:30');
  });

  it('renders its own trigger when visibility is not controlled', async () => {
    render(<DateTimePicker type="date" value={new Date(2024, 1, 29)} onConfirm={() => undefined} />);
    const trigger = screen.getByRole('button', { name: /2024-02-29/ });
    await userEvent.click(trigger);
    expect(await screen.findByText('确定')).toBeTruthy();
  });
});
