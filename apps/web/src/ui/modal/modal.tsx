import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { modalWidths, modalZIndex } from '../tokens.ts';
import styles from './modal.module.css';
import { useFocusTrap } from './use-focus-trap.ts';
import { useScrollLock } from './use-scroll-lock.ts';

/** Open modals, oldest first. */
const openModals: object[] = [];

export type ModalVariant = 'default' | 'iframe' | 'feedback';

export type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** default: 584px; iframe: 584px, content is a frame filling the body; feedback: 480px, centred text. */
  variant?: ModalVariant;
  /** Overrides the maximum width in px. */
  width?: number;
  /** Icon shown above the title of a feedback modal. */
  icon?: ReactNode;
};

/**
 * Centred dialog (full width on mobile) in a portal (spec 1 §2.3, §4). Closes on Escape, a backdrop click and
 * the close icon, all calling onClose. Locks body scroll and keeps focus inside while open.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  variant = 'default',
  width,
  icon,
}: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useScrollLock(open);
  useFocusTrap(dialogRef, open);

  useEffect(() => {
    if (!open) return;
    const token = {};
    openModals.push(token);
    const onKey = (e: KeyboardEvent) => {
      // Only the top-most open modal answers Escape.
      if (e.key === 'Escape' && openModals[openModals.length - 1] === token) {
        e.stopPropagation();
        onCloseRef.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      openModals.splice(openModals.indexOf(token), 1);
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div className={styles.layer} style={{ zIndex: modalZIndex }}>
      <div className={styles.backdrop} data-testid="modal-backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`${styles.dialog} ${styles[variant]}`}
        style={{ maxWidth: width ?? modalWidths[variant] }}
      >
        <div className={styles.header}>
          {icon && <div className={styles.icon}>{icon}</div>}
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label={t('ui.modal.close')} onClick={onClose}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className={styles.body}>{children}</div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
