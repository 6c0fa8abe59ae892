import type { ComponentType } from 'react';
import { browser } from '../lib/navigation';
import { local } from '../lib/storage';

/**
 * (4) A lazily loaded screen that fails to load (typically a chunk gone after a deploy): remember the
 * target path (local 'targetPath'), set 'tryReload' and reload the page once; after the reload
 * main.tsx navigates to the remembered path (takeReloadTarget). If loading fails again while
 * 'tryReload' is set, no reload happens: the error is thrown and the root error screen offers a retry.
 * A successful load clears 'tryReload', so a later deploy gets its one reload again.
 */

export class ScreenLoadError extends Error {
  readonly path: string;
  constructor(path: string, cause: unknown) {
    super(`页面加载失败: ${path}`, { cause });
    this.name = 'ScreenLoadError';
    this.path = path;
  }
}

/** A screen, or a layout route (app/query-layout.tsx). */
export type ScreenModule = { default: ComponentType };

/**
 * `layout`: a layout route loaded alongside its screen (app/query-layout.tsx). Its own success does not
 * clear 'tryReload' (the screen's load decides), or a screen failing again after the reload would reload
 * the page again and again.
 */
export function lazyWithReload(load: () => Promise<ScreenModule>, getTarget: () => string, opts: { layout?: boolean } = {}) {
  return async (): Promise<{ Component: ComponentType }> => {
    try {
      const mod = await load();
      if (!opts.layout) local.remove('tryReload');
      return { Component: mod.default };
    } catch (err) {
      const target = getTarget();
      // Another lazy part of the same navigation (a layout route and its screen load in parallel) may
      // have started the reload already: the remembered path is then still there (main.tsx takes it at
      // start-up, so after the reload it is gone).
      const reloadPending = local.get('tryReload') === '1' && local.get('targetPath') !== null;
      if (local.get('tryReload') !== '1' || reloadPending) {
        if (!reloadPending) {
          local.set('targetPath', target);
          local.set('tryReload', '1');
          browser.reload();
        }
        // The page is going away; keep the navigation pending until it does.
        return new Promise<never>(() => {});
      }
      local.remove('targetPath');
      throw new ScreenLoadError(target, err);
    }
  };
}

/** The path remembered before a reload (only an in-app path), removed from storage. */
export function takeReloadTarget(): string | null {
  // Without 'tryReload' the key holds a login target (lib/login-target.ts), which waits for the login.
  if (local.get('tryReload') !== '1') return null;
  const target = local.get('targetPath');
  local.remove('targetPath');
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return null;
  return target;
}
