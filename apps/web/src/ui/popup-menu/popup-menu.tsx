import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { popupMenuWidth } from '../tokens.ts';
import styles from './popup-menu.module.css';

export type PopupMenuItem = {
  id: string;
  label: ReactNode;
  onSelect: () => void;
  icon?: ReactNode;
  disabled?: boolean;
  tone?: 'default' | 'critical';
};

export type PopupMenuProps = {
  /** Content of the trigger button (text, or an icon with triggerLabel). */
  trigger: ReactNode;
  /** Accessible name of the trigger when it shows only an icon. */
  triggerLabel?: string;
  items: PopupMenuItem[];
  align?: 'start' | 'end';
};

/**
 * A 304px menu opened from a trigger (spec 1 §2.3, §9): e.g. the quote-management menu. Arrow keys move, Enter
 * picks, Escape and a click outside close it; focus returns to the trigger.
 */
export function PopupMenu({ trigger, triggerLabel, items, align = 'end' }: PopupMenuProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const enabled = items.map((item, i) => (item.disabled ? -1 : i)).filter((i) => i >= 0);

  useEffect(() => {
    if (!open) return;
    itemRefs.current.find((el) => el && !el.disabled)?.focus();
    const onPointer = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const at = enabled.indexOf(itemRefs.current.indexOf(document.activeElement as HTMLButtonElement));
    const move = (to: number) => {
      e.preventDefault();
      itemRefs.current[enabled[(to + enabled.length) % enabled.length]!]?.focus();
    };
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(enabled.length - 1);
    else if (e.key === 'Tab') setOpen(false);
  };
  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={triggerRef}
        type="button"
        className={styles.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={triggerLabel}
        onClick={() => setOpen((o) => !o)}
      >
        {trigger}
      </button>
      {open && (
        <div
          id={id}
          role="menu"
          className={`${styles.menu} ${styles[align]}`}
          style={{ width: popupMenuWidth }}
          onKeyDown={onKeyDown}
        >
          {items.map((item, i) => (
            <button
              key={item.id}
              ref={(el) => {
                itemRefs.current[i] = el;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              disabled={item.disabled}
              className={`${styles.item} ${item.tone === 'critical' ? styles.critical : ''}`}
              onClick={() => {
                close();
                item.onSelect();
              }}
            >
              {item.icon && <span className={styles.icon}>{item.icon}</span>}
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
