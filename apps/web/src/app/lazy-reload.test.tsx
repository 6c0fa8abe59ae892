import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser, setNavigator } from '../lib/navigation';
import { installFetch } from '../test/fake-fetch';
import { agentServer, fakeScreen, makeRouter, settled, testEntries } from '../test/router';
import { ScreenLoadError, lazyWithReload, takeReloadTarget } from './lazy-reload';

vi.mock('../ui/dialogs'); // ui/__mocks__/dialogs.ts

const GUID = 'g'.repeat(32);
const chunkError = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));

afterEach(() => setNavigator(null));

describe('screen load failure (spec §2): remember the path, reload once, retry flag', () => {
  it('remembers the target, sets tryReload and reloads once', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const load = lazyWithReload(chunkError, () => '/settings?ac=123');
    const pending = vi.fn();
    void load().then(pending, pending);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem('targetPath')).toBe('/settings?ac=123');
    expect(localStorage.getItem('tryReload')).toBe('1');
    expect(pending).not.toHaveBeenCalled();
  });

  it('reloads once when a layout route and its screen both fail to load (one navigation)', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const pending = vi.fn();
    void lazyWithReload(chunkError, () => '/settings', { layout: true })().then(pending, pending);
    void lazyWithReload(chunkError, () => '/settings')().then(pending, pending);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 10));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('targetPath')).toBe('/settings');
    expect(localStorage.getItem('tryReload')).toBe('1');
    expect(pending).not.toHaveBeenCalled();
  });

  it("a layout route's successful load leaves tryReload to its screen", async () => {
    localStorage.setItem('tryReload', '1');
    await lazyWithReload(fakeScreen('layout'), () => '/x', { layout: true })();
    expect(localStorage.getItem('tryReload')).toBe('1');
  });

  it('does not reload again when tryReload is set: it fails with ScreenLoadError', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    localStorage.setItem('tryReload', '1');
    await expect(lazyWithReload(chunkError, () => '/settings')()).rejects.toBeInstanceOf(ScreenLoadError);
    expect(reload).not.toHaveBeenCalled();
  });

  it('clears tryReload after a successful load', async () => {
    localStorage.setItem('tryReload', '1');
    const result = await lazyWithReload(fakeScreen('ok'), () => '/x')();
    expect(typeof result.Component).toBe('function');
    expect(localStorage.getItem('tryReload')).toBeNull();
  });

  it('hands back the remembered path once after the reload (in-app paths only)', () => {
    localStorage.setItem('tryReload', '1');
    localStorage.setItem('targetPath', '/settings?ac=123');
    expect(takeReloadTarget()).toBe('/settings?ac=123');
    expect(takeReloadTarget()).toBeNull();
    localStorage.setItem('targetPath', '//evil.example/x');
    expect(takeReloadTarget()).toBeNull();
  });

  it('leaves a login target alone: without tryReload the key waits for the login', () => {
    localStorage.removeItem('tryReload');
    localStorage.setItem('targetPath', '/answerTest?cptID=5');
    expect(takeReloadTarget()).toBeNull();
    expect(localStorage.getItem('targetPath')).toBe('/answerTest?cptID=5');
  });

  it('through the router: a failing screen triggers one reload with the navigation target remembered', async () => {
    installFetch(agentServer);
    localStorage.setItem('guid', GUID);
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const router = makeRouter('/homePage?ac=123', testEntries([{ path: '/broken', load: chunkError }]));
    await settled(router);
    void router.navigate('/broken?x=1');
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    // The screen is requested as the navigation starts, before the guard adds ac; after the reload the
    // guard re-attaches the cached agent code.
    expect(localStorage.getItem('targetPath')).toBe('/broken?x=1');
  });

  // '/broken' sits under the query layout, which loads fine: its success must not clear tryReload.
  it('after the reload, a second failure shows the error screen whose retry button reloads', async () => {
    installFetch(agentServer);
    localStorage.setItem('guid', GUID);
    localStorage.setItem('tryReload', '1');
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const router = makeRouter('/broken?ac=123', testEntries([{ path: '/broken', load: chunkError }]));
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('页面加载失败')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('tryReload')).toBe('1');
  });
});

describe('root container', () => {
  it('paints the first view at once and fades each later view in, in a container keyed by path', async () => {
    installFetch(agentServer);
    localStorage.setItem('guid', GUID);
    const router = makeRouter('/homePage?ac=123');
    render(<RouterProvider router={router} />);
    const first = await screen.findByTestId('route-view');
    // /homePage is a tab screen (app/tabs.ts): its view leaves room for the tab bar.
    expect(first.className).toBe('route-view route-view--tabs');
    expect(await screen.findByText('home')).toBeTruthy();
    await router.navigate('/settings');
    expect(await screen.findByText('settings')).toBeTruthy();
    expect(screen.getByTestId('route-view')).not.toBe(first);
    expect(screen.getByTestId('route-view').className).toBe('route-view route-fade');
    await router.navigate('/homePage?ac=123');
    expect(await screen.findByText('home')).toBeTruthy();
    expect(screen.getByTestId('route-view').className).toBe('route-view route-view--tabs route-fade');
  });

  it('renders every screen but the noQueries ones inside the query client', async () => {
    installFetch(agentServer);
    localStorage.setItem('guid', GUID);
    const UsesQueries = () => <p>{useQueryClient() ? 'has client' : 'none'}</p>;
    const router = makeRouter('/q?ac=123', testEntries([{ path: '/q', load: async () => ({ default: UsesQueries }) }]));
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('has client')).toBeTruthy();
  });
});
