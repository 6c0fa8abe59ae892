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

export type ScreenModule = { default: ComponentType };

export function lazyWithReload(load: () => Promise<ScreenModule>, getTarget: () => string) {
  return async (): Promise<{ Component: ComponentType }> => {
    try {
      const mod = await load();
      local.remove('tryReload');
      return { Component: mod.default };
    } catch (err) {
      const target = getTarget();
      if (local.get('tryReload') !== '1') {
        local.set('targetPath', target);
        local.set('tryReload', '1');
        browser.reload();
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
  const target = local.get('targetPath');
  local.remove('targetPath');
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return null;
  return target;
}
