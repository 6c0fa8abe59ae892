import { useEffect, useId, useRef, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
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
  /** The accessible name when there is no title. */
  label?: string;
  /** For tests and styling hooks. */
  testId?: string;
}

/** Tab and Shift+Tab cycle within the box (focus trap). */
function trapTab(e: ReactKeyboardEvent<HTMLDivElement>) {
  if (e.key !== 'Tab') return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  if (items.length === 0) {
    e.preventDefault();
    return;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const at = document.activeElement;
  if (e.shiftKey && (at === first || at === e.currentTarget)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && at === last) {
    e.preventDefault();
    first.focus();
  }
}

/** What Tab may land on inside the dialog. */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The app's one dialog (docs/web-shell.md "Dialogs"): every centred dialog and bottom sheet, declarative here and
 * imperative through ui/dialogs.ts (alert, confirm, the no-content notice). Rendered in document.body,
 * role="dialog" with aria-modal and labelled by its title (or `label`), focus moved in on open, kept inside by Tab
 * and Shift+Tab, and given back on close; closed by its buttons (and, with onDismiss, by the mask, Escape or the
 * 44 px '×'). Declarative (an `open` prop), so screens own its state.
 */
export function Modal({ open, variant = 'center', title, children, footer, onDismiss, closable, label, testId }: ModalProps) {
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
        aria-label={title ? undefined : label}
        className={`${variant === 'sheet' ? styles.sheet : styles.box} ks-portal-box`}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={trapTab}
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
