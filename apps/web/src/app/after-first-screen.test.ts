import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen, type RouterLike } from './after-first-screen';

type State = RouterLike['state'];

function fakeRouter(initialized: boolean) {
  const listeners = new Set<(s: State) => void>();
  const router = {
    state: { initialized, navigation: { state: initialized ? 'idle' : 'loading' } } as State,
    subscribe(fn: (s: State) => void) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
  const set = (s: State) => {
    router.state = s;
    for (const fn of [...listeners]) fn(s);
  };
  return { router, set, listeners };
}

const setReadyState = (value: DocumentReadyState) => Object.defineProperty(document, 'readyState', { value, configurable: true });

describe('afterFirstScreen', () => {
  afterEach(() => {
    setReadyState('complete');
  });

  it('waits for the first screen, then starts once when idle, and stops listening', async () => {
    setReadyState('complete');
    const { router, set, listeners } = fakeRouter(false);
    const start = vi.fn();
    afterFirstScreen(router, start, 50);
    set({ initialized: true, navigation: { state: 'loading' } });
    await new Promise((r) => setTimeout(r, 120));
    expect(start).not.toHaveBeenCalled();
    set({ initialized: true, navigation: { state: 'idle' } });
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1), { timeout: 3_000 });
    expect(listeners.size).toBe(0);
    set({ initialized: true, navigation: { state: 'idle' } });
    await new Promise((r) => setTimeout(r, 120));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('waits for the page load event even when the screen is already shown', async () => {
    setReadyState('loading');
    const { router } = fakeRouter(true);
    const start = vi.fn();
    afterFirstScreen(router, start, 50);
    await new Promise((r) => setTimeout(r, 120));
    expect(start).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1), { timeout: 3_000 });
  });

  it('starts at once (when idle) when both already happened', async () => {
    setReadyState('complete');
    const start = vi.fn();
    afterFirstScreen(fakeRouter(true).router, start, 50);
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1), { timeout: 3_000 });
  });
});
