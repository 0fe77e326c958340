import { type FocusEvent, type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ariaOf, type ControlProps } from './control-props.ts';
import inputStyles from './inputs.module.css';
import styles from './searchable-select.module.css';

export type SearchableOption = { value: string; label: string };

export type SearchableSelectProps = ControlProps<string | null> & {
  options: SearchableOption[];
  placeholder?: string;
};

/** Case-insensitive substring match on the label (spec 1 §5.1). */
export const filterOptions = (options: SearchableOption[], query: string) => {
  const q = query.trim().toLowerCase();
  return q ? options.filter((o) => o.label.toLowerCase().includes(q)) : options;
};

/**
 * A text box filtering a list of options (spec 1 §5.1): case-insensitive substring; Enter picks only when exactly
 * one option matches; no match shows 'Sorry, no matches found'. Emits the chosen value, or null while typing.
 */
export function SearchableSelect(props: SearchableSelectProps) {
  const { t } = useTranslation();
  const autoId = useId();
  const inputId = props.id ?? autoId;
  const listId = `${inputId}-list`;
  const selected = props.options.find((o) => o.value === props.value);
  const [query, setQuery] = useState(selected?.label ?? '');
  const [open, setOpen] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const onBlurWithin = (e: FocusEvent) => {
    if (!rootRef.current?.contains(e.relatedTarget as Node | null)) {
      setOpen(false);
      props.onBlur?.();
    }
  };
  const matches = useMemo(() => filterOptions(props.options, query), [props.options, query]);
  const text = open || !selected ? query : selected.label;

  const pick = (option: SearchableOption) => {
    setQuery(option.label);
    setOpen(false);
    if (option.value !== props.value) props.onChange(option.value);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      if (matches.length === 1) pick(matches[0]!);
    } else if (e.key === 'ArrowDown' && open && matches.length > 0) {
      e.preventDefault();
      listRef.current?.querySelector<HTMLElement>('[role="option"]')?.focus();
    } else if (e.key === 'Escape') setOpen(false);
  };
  const onOptionKey = (e: KeyboardEvent<HTMLDivElement>, option: SearchableOption) => {
    const el = e.currentTarget;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      pick(option);
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      (el.nextElementSibling as HTMLElement | null)?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      ((el.previousElementSibling as HTMLElement | null) ?? document.getElementById(inputId))?.focus();
    } else if (e.key === 'Escape') {
      setOpen(false);
      document.getElementById(inputId)?.focus();
    }
  };
  return (
    <div className={styles.root} ref={rootRef}>
      <svg className={styles.icon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M15.5 15.5L20 20" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        ref={props.ref}
        id={inputId}
        name={props.name}
        className={`${inputStyles.input} ${styles.search}`}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        autoComplete="off"
        placeholder={props.placeholder}
        disabled={props.disabled}
        value={text}
        onFocus={() => setOpen(true)}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
          if (props.value !== null && props.value !== undefined) props.onChange(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={onBlurWithin}
        {...ariaOf(props)}
      />
      {open && (
        <div ref={listRef} id={listId} role="listbox" className={styles.list}>
          {matches.length === 0 ? (
            <p className={styles.empty}>{t('ui.select.noMatches')}</p>
          ) : (
            matches.map((o) => (
              <div
                key={o.value}
                role="option"
                tabIndex={-1}
                aria-selected={o.value === props.value}
                className={styles.option}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(o)}
                onKeyDown={(e) => onOptionKey(e, o)}
                onBlur={onBlurWithin}
              >
                {o.label}
              </div>
            ))
          )}
        </div>
      )}
    </div>
  );
}
