import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import styles from './tabs.module.css';

export type Tab = { id: string; label: ReactNode; content: ReactNode };

export type TabsProps = {
  tabs: Tab[];
  /** Controlled selected index; leave out for an uncontrolled tab set starting at defaultIndex (0). */
  selectedIndex?: number;
  defaultIndex?: number;
  onChange?: (index: number) => void;
  /** Accessible name of the tab list. */
  label: string;
};

/** Tabs holding a selected index, default 0 (spec 1 §4); arrow keys, Home and End move between tabs. */
export function Tabs({ tabs, selectedIndex, defaultIndex = 0, onChange, label }: TabsProps) {
  const baseId = useId();
  const [own, setOwn] = useState(defaultIndex);
  const selected = Math.min(selectedIndex ?? own, tabs.length - 1);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (index: number) => {
    setOwn(index);
    onChange?.(index);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const last = tabs.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? selected === last
          ? 0
          : selected + 1
        : e.key === 'ArrowLeft'
          ? selected === 0
            ? last
            : selected - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    select(next);
    refs.current[next]?.focus();
  };
  const current = tabs[selected];
  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label={label} className={styles.list} onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.id}`}
            aria-selected={i === selected}
            aria-controls={`${baseId}-panel-${tab.id}`}
            tabIndex={i === selected ? 0 : -1}
            className={styles.tab}
            onClick={() => select(i)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {current && (
        <div
          role="tabpanel"
          id={`${baseId}-panel-${current.id}`}
          aria-labelledby={`${baseId}-tab-${current.id}`}
          className={styles.panel}
        >
          {current.content}
        </div>
      )}
    </div>
  );
}
