import { type ReactNode, useId, useState } from 'react';
import styles from './collapsible.module.css';

export type CollapsibleProps = {
  title: ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
  /** Controlled state; leave out to let the section keep its own. */
  open?: boolean;
  onToggle?: (open: boolean) => void;
};

/** A section whose content toggles open and closed (spec 1 §4). */
export function Collapsible({ title, children, defaultOpen = false, open, onToggle }: CollapsibleProps) {
  const id = useId();
  const [own, setOwn] = useState(defaultOpen);
  const expanded = open ?? own;
  const toggle = () => {
    setOwn(!expanded);
    onToggle?.(!expanded);
  };
  return (
    <div className={`${styles.collapsible} ${expanded ? styles.open : ''}`}>
      <button
        type="button"
        className={styles.trigger}
        aria-expanded={expanded}
        aria-controls={id}
        onClick={toggle}
      >
        <span className={styles.title}>{title}</span>
        <svg className={styles.chevron} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div id={id} className={styles.content} hidden={!expanded}>
        {children}
      </div>
    </div>
  );
}
