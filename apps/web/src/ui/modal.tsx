import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from './modal.module.css';

export interface ModalProps {
  open: boolean;
  /** 'center': a centred dialog (default); 'sheet': a bottom sheet (full width on phones, centred column on desktop). */
  variant?: 'center' | 'sheet';
  title?: ReactNode;
  children?: ReactNode;
  /** The buttons row. */
  footer?: ReactNode;
  /** Mask tap and Escape. Absent: the modal can only be left through its buttons. */
  onDismiss?: () => void;
  /** Show a '×' close button (top right) that calls onDismiss. */
  closable?: boolean;
  /** For tests and styling hooks. */
  testId?: string;
}

/**
 * A plain modal used by the buy prompt, the buy dialog and the home page's notice window: rendered in
 * document.body, role="dialog" with aria-modal, closed by its buttons (and, with onDismiss, by the mask
 * or Escape). Declarative (an `open` prop), so screens own its state.
 */
export function Modal({ open, variant = 'center', title, children, footer, onDismiss, closable, testId }: ModalProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);

  // Focus moves into the dialog when it opens and back to where it was when it closes.
  useEffect(() => {
    if (!open) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    box.current?.focus();
    return () => before?.focus?.();
  }, [open]);

  useEffect(() => {
    if (!open || !onDismiss) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onDismiss();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onDismiss]);

  if (!open || typeof document === 'undefined') return null;
  return createPortal(
    <div className={`${styles.mask} ${variant === 'sheet' ? styles.maskSheet : ''}`} onClick={onDismiss} data-testid={testId}>
      <div
        ref={box}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        className={`${variant === 'sheet' ? styles.sheet : styles.box} ks-portal-box`}
        onClick={(e) => e.stopPropagation()}
      >
        {closable && onDismiss ? (
          <button type="button" className={styles.close} aria-label="关闭" onClick={onDismiss}>
            ×
          </button>
        ) : null}
        {title ? (
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
        ) : null}
        <div className={styles.body}>{children}</div>
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}

export default Modal;
