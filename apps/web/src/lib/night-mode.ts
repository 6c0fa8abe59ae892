import { useSyncExternalStore } from 'react';
import { local } from './storage';

/**
 * Night mode (spec §2): `data-theme="dark"` on <html> switches the CSS variables of
 * src/styles/global.css; `data-prefers-color-scheme="dark"` switches antd-mobile's. Persisted per device.
 */

const listeners = new Set<() => void>();

export function isNightMode(): boolean {
  return local.get('nightMode') === '1';
}

/** Sets the attributes on <html> from the stored preference (called at start). */
export function applyNightMode(dark: boolean = isNightMode()): void {
  const html = document.documentElement;
  if (dark) {
    html.setAttribute('data-theme', 'dark');
    html.setAttribute('data-prefers-color-scheme', 'dark');
  } else {
    html.removeAttribute('data-theme');
    html.removeAttribute('data-prefers-color-scheme');
  }
}

export function setNightMode(dark: boolean): void {
  if (dark) local.set('nightMode', '1');
  else local.remove('nightMode');
  applyNightMode(dark);
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNightMode(): { dark: boolean; setDark: (dark: boolean) => void; toggle: () => void } {
  const dark = useSyncExternalStore(subscribe, isNightMode, () => false);
  return { dark, setDark: setNightMode, toggle: () => setNightMode(!isNightMode()) };
}
