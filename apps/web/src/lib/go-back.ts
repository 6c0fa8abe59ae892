import type { NavigateFunction } from 'react-router';

/**
 * Back to the previous screen of this app, or to `fallback` when this screen was opened directly
 * (React Router keeps the history index in `history.state.idx`).
 */
export function goBack(navigate: NavigateFunction, fallback: string): void {
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (idx > 0) navigate(-1);
  else navigate(fallback, { replace: true });
}
