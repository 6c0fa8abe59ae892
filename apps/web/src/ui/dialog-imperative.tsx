import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import buttons from './buttons.module.css';
import { Modal } from './modal';
import styles from './modal.module.css';

/**
 * The imperative dialogs (alert, confirm, the no-content notice) drawn by the app's one dialog, ui/modal.tsx, each in
 * a React root of its own so they work outside React (the API client uses them); with antd-mobile's toast and loading
 * toast (./antd-imperative). Loaded on first use by ./dialogs.ts (one chunk), so it stays out of the entry chunk.
 */
export { setLoading, toast } from './antd-imperative';

/** Draws a dialog in its own root until `close` is called. */
function mount(draw: (close: () => void) => ReactNode): () => void {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    root.unmount();
    host.remove();
  };
  root.render(draw(close));
  return close;
}

/** One button: '确定'. Resolves when it (or Escape) closes the dialog. */
export function alert(content: string, okText: string): Promise<void> {
  return new Promise((resolve) => {
    mount((close) => {
      const ok = () => {
        close();
        resolve();
      };
      return (
        <Modal
          open
          label={content}
          onDismiss={ok}
          footer={
            <button type="button" className={buttons.primary} onClick={ok}>
              {okText}
            </button>
          }
        >
          <p className={styles.message}>{content}</p>
        </Modal>
      );
    });
  });
}

export interface ConfirmSpec {
  title: string;
  content: ReactNode;
  confirmText: string;
  cancelText: string;
  goPay?: { text: string; onClick: () => void };
}

export type ConfirmAction = 'confirm' | 'cancel' | 'goPay' | 'dismiss';

/** Resolves with the action taken: 'confirm', 'cancel', 'goPay', or 'dismiss' (Escape). */
export function confirmDialog(spec: ConfirmSpec): Promise<ConfirmAction> {
  return new Promise((resolve) => {
    mount((close) => {
      const finish = (action: ConfirmAction) => () => {
        close();
        resolve(action);
      };
      return (
        <Modal
          open
          title={spec.title}
          onDismiss={finish('dismiss')}
          footer={
            <div className={styles.actions}>
              {spec.goPay ? (
                <button type="button" className={buttons.primary} onClick={finish('goPay')}>
                  {spec.goPay.text}
                </button>
              ) : null}
              <div className={styles.actionRow}>
                <button type="button" className={buttons.secondary} onClick={finish('cancel')}>
                  {spec.cancelText}
                </button>
                <button type="button" className={spec.goPay ? buttons.secondary : buttons.primary} onClick={finish('confirm')}>
                  {spec.confirmText}
                </button>
              </div>
            </div>
          }
        >
          {typeof spec.content === 'string' ? <p className={styles.message}>{spec.content}</p> : spec.content}
        </Modal>
      );
    });
  });
}

export interface DialogSpec {
  title: ReactNode;
  content: ReactNode;
  onClose: () => void;
}

/** A notice without buttons: closed by the '×', the mask or Escape (then onClose), or by the returned close(). */
export function showDialog(spec: DialogSpec): { close: () => void } {
  let unmount = () => {};
  const dismiss = () => {
    unmount();
    spec.onClose();
  };
  unmount = mount(() => (
    <Modal open title={spec.title} onDismiss={dismiss} closable>
      {spec.content}
    </Modal>
  ));
  return { close: unmount };
}
