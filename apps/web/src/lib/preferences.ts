import { useSyncExternalStore } from 'react';
import { local } from './storage';

/**
 * The device's general settings of /currency (docs/navigation.md), beside night mode (night-mode.ts): the text size of
 * the whole app and whether a lesson starts playing when opened. Stored per device in localStorage (kept at logout,
 * like night mode) and applied app-wide: the text size through `data-font-size` on <html> (global.css zooms the app),
 * autoplay where the video player starts a lesson.
 */

export const FONT_SIZES = [
  { value: 'standard', label: '标准', zoom: 1 },
  { value: 'large', label: '大', zoom: 1.15 },
  { value: 'xlarge', label: '特大', zoom: 1.3 },
] as const;
export type FontSize = (typeof FONT_SIZES)[number]['value'];

const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function fontSize(): FontSize {
  const v = local.get('fontSize');
  return FONT_SIZES.some((f) => f.value === v) ? (v as FontSize) : 'standard';
}

/** Sets `data-font-size` on <html> from the stored choice (called at start, before the first paint). */
export function applyFontSize(size: FontSize = fontSize()): void {
  if (typeof document === 'undefined') return;
  const html = document.documentElement;
  if (size === 'standard') html.removeAttribute('data-font-size');
  else html.setAttribute('data-font-size', size);
}

export function setFontSize(size: FontSize): void {
  if (size === 'standard') local.remove('fontSize');
  else local.set('fontSize', size);
  applyFontSize(size);
  notify();
}

/** Whether a lesson starts playing when its screen opens (default on; a browser may still refuse). */
export function videoAutoplay(): boolean {
  return local.get('videoAutoplay') !== '0';
}

export function setVideoAutoplay(on: boolean): void {
  if (on) local.remove('videoAutoplay');
  else local.set('videoAutoplay', '0');
  notify();
}

export function usePreferences(): { fontSize: FontSize; videoAutoplay: boolean } {
  const size = useSyncExternalStore(subscribe, fontSize, () => 'standard' as FontSize);
  const autoplay = useSyncExternalStore(subscribe, videoAutoplay, () => true);
  return { fontSize: size, videoAutoplay: autoplay };
}
