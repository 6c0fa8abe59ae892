/** What this needs of the data router: whether its first navigation has finished, and its updates. */
export interface RouterLike {
  state: { initialized: boolean; navigation: { state: string } };
  subscribe(fn: (state: RouterLike['state']) => void): () => void;
}

/**
 * Runs `start` once, when the page has loaded and the router has shown its first screen, and then only when the
 * main thread is idle (at most `timeoutMs` later). For work the first screen does not need (the outbox,
 * main.tsx): at the page's `load` event alone, a throttled phone still had the first screen to render, and an
 * idle moment while it waited for the network ran the work (and its chunk requests) before the screen's text was
 * painted (bench/load-bench.ts, bench/README.md "First paint in production").
 */
export function afterFirstScreen(router: RouterLike, start: () => void, timeoutMs = 3_000): void {
  let loaded = document.readyState === 'complete';
  let shown = false;
  let done = false;
  let unsubscribe: (() => void) | null = null;
  const maybeStart = () => {
    if (done || !loaded || !shown) return;
    done = true;
    unsubscribe?.();
    // The frame after the one that shows the screen, then the first idle moment.
    const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(start, { timeout: timeoutMs }) : setTimeout(start, 1_000));
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(idle, 0));
    else setTimeout(idle, 0);
  };
  const isShown = (s: RouterLike['state']) => s.initialized && s.navigation.state === 'idle';
  shown = isShown(router.state);
  if (!shown)
    unsubscribe = router.subscribe((s) => {
      if (!isShown(s)) return;
      shown = true;
      maybeStart();
    });
  if (!loaded)
    window.addEventListener(
      'load',
      () => {
        loaded = true;
        maybeStart();
      },
      { once: true },
    );
  maybeStart();
}
