import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { takeFakeApiProblems } from './fake-api';

/**
 * Web test setup: a clean DOM, storage, cookies, URL and timers after every test. Files run in Node
 * (`// @vitest-environment node`, e.g. build/*.test.ts) have no DOM to set up.
 */
const hasDom = typeof window !== 'undefined';

if (hasDom && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

// A call against the contract fails the test even when the screen swallowed the fake API's error (test/fake-api.ts).
afterEach(() => {
  const problems = takeFakeApiProblems();
  if (problems.length > 0) throw new Error([...new Set(problems)].join('\n'));
});

afterEach(() => {
  if (!hasDom) return;
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('style');
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.removeAttribute('data-prefers-color-scheme');
  window.history.replaceState(null, '', '/');
});

// jsdom lacks pointer capture, which antd-mobile's wheels (via @use-gesture) call.
if (hasDom && !Element.prototype.setPointerCapture) {
  Element.prototype.setPointerCapture = () => undefined;
  Element.prototype.releasePointerCapture = () => undefined;
  Element.prototype.hasPointerCapture = () => false;
}
