import { isCancelled } from '../api/errors';
import { onCallFailure } from './call-failures';
import type { ErrorReport } from './tracking';

/**
 * The front-end error report as the entry chunk sees it: the sender (lib/tracking.ts, with its limits
 * and the tracking calls) is loaded on the first report rather than with the app. Reports keep their
 * order; one that cannot be sent (e.g. offline) is dropped, as a failed report always was.
 */
export function reportError(r: ErrorReport): void {
  import('./tracking').then((t) => t.reportError(r)).catch(() => undefined);
}

function describe(reason: unknown): string {
  if (reason instanceof Error) return `${reason.name}: ${reason.message}\n${reason.stack ?? ''}`;
  try {
    return typeof reason === 'string' ? reason : JSON.stringify(reason);
  } catch {
    return String(reason);
  }
}

/**
 * Global handlers (spec §8): window 'error' and 'unhandledrejection' are reported (bug_type 0);
 * with hookConsoleWarn, console.warn calls are reported with bug_type 1; calls the server refused with 403,
 * 404 or 502 (lib/call-failures.ts) too. Returns an uninstall function.
 */
export function installGlobalErrorHandlers(opts: { hookConsoleWarn?: boolean } = {}): () => void {
  const onError = (e: ErrorEvent) => {
    const where = e.filename ? ` (${e.filename}:${e.lineno}:${e.colno})` : '';
    reportError({ action: 'window.error', detail: `${e.message}${where}\n${e.error instanceof Error ? (e.error.stack ?? '') : ''}` });
  };
  const onRejection = (e: PromiseRejectionEvent) => {
    if (isCancelled(e.reason)) return;
    reportError({ action: 'unhandledrejection', detail: describe(e.reason) });
  };
  onCallFailure(reportError);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  const originalWarn = console.warn;
  if (opts.hookConsoleWarn) {
    console.warn = (...args: unknown[]) => {
      originalWarn.apply(console, args);
      reportError({ bugType: 1, action: 'console.warn', detail: args.map(describe).join(' ') });
    };
  }
  return () => {
    onCallFailure(null);
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    if (opts.hookConsoleWarn) console.warn = originalWarn;
  };
}
