import { MSG, NO_CONTENT_DIALOG_MS } from '@kaoshi/contract';

/**
 * The no-content dialog (spec §2/§4): titled '提示', default text '内容更新中，敬请期待～', closes by itself
 * after `duration` (3000 ms), and a browser back hides it: opening pushes a history entry (same URL,
 * same router state), a popstate closes the dialog; closing any other way removes that entry again.
 */

export interface NoContentOptions {
  text?: string;
  duration?: number;
  /** Which illustration: a video or a test (questions). */
  mode?: 'video' | 'test';
}

export type NoContentCloseReason = 'timeout' | 'back' | 'closed';

export interface NoContentHandle {
  close: () => void;
  /** Resolves once, with how the dialog was closed. */
  closed: Promise<NoContentCloseReason>;
}

const MARK = '__ksNoContent';
let seq = 0;

function Illustration({ mode }: { mode: 'video' | 'test' }) {
  return mode === 'video' ? (
    <svg width="56" height="56" viewBox="0 0 56 56" aria-hidden="true">
      <rect x="4" y="10" width="48" height="36" rx="6" fill="none" stroke="currentColor" strokeWidth="3" />
      <path d="M24 20v16l13-8z" fill="currentColor" />
    </svg>
  ) : (
    <svg width="56" height="56" viewBox="0 0 56 56" aria-hidden="true">
      <rect x="10" y="4" width="36" height="48" rx="5" fill="none" stroke="currentColor" strokeWidth="3" />
      <path d="M18 18h20M18 28h20M18 38h12" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

export function showNoContent({ text = MSG.noContent, duration = NO_CONTENT_DIALOG_MS, mode }: NoContentOptions = {}): NoContentHandle {
  const marker = `${Date.now()}-${++seq}`;
  let done = false;
  let dialog: { close: () => void } | null = null;
  let resolveClosed: (r: NoContentCloseReason) => void = () => undefined;
  const closed = new Promise<NoContentCloseReason>((r) => {
    resolveClosed = r;
  });

  const finish = (reason: NoContentCloseReason) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    window.removeEventListener('popstate', onPop);
    dialog?.close();
    const state = window.history.state as Record<string, unknown> | null;
    if (reason !== 'back' && state?.[MARK] === marker) window.history.back();
    resolveClosed(reason);
  };
  const onPop = () => finish('back');

  const current = (window.history.state as Record<string, unknown> | null) ?? {};
  window.history.pushState({ ...current, [MARK]: marker }, '');
  window.addEventListener('popstate', onPop);
  const timer = setTimeout(() => finish('timeout'), duration);

  void import('./dialog-imperative').then((m) => {
    if (done) return;
    dialog = m.showDialog({
      title: MSG.noContentTitle,
      content: (
        <div className="ks-no-content" data-mode={mode ?? 'default'}>
          {mode ? <Illustration mode={mode} /> : null}
          <span>{text}</span>
        </div>
      ),
      onClose: () => finish('closed'),
    });
  });

  return { close: () => finish('closed'), closed };
}
