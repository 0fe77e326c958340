import { type ReactNode, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './cascading-selector.module.css';
import inputStyles from './inputs.module.css';

export type CascadeOption = { value: string; label: string };
export type CascadeLevel = {
  key: string;
  label: ReactNode;
  /** The options left given the choices above (the parent narrows them). */
  options: CascadeOption[];
  /** A message beneath this level (spec 1 §8). */
  error?: ReactNode;
};
export type CascadeValue = Record<string, string | undefined>;

export type CascadingSelectorProps = {
  levels: CascadeLevel[];
  value: CascadeValue;
  onChange: (value: CascadeValue) => void;
  disabled?: boolean;
  id?: string;
};

/**
 * Drop-downs in order, each shown once those above are chosen (spec 1 §4): a level left with exactly one option
 * is chosen automatically; changing a choice clears every choice below it.
 */
export function CascadingSelector({ levels, value, onChange, disabled, id }: CascadingSelectorProps) {
  const { t } = useTranslation();
  const autoId = useId();
  const baseId = id ?? autoId;
  const firstOpen = levels.findIndex((l) => !value[l.key]);
  const visible = firstOpen === -1 ? levels.length : firstOpen + 1;
  const next = levels[firstOpen];
  const single = next?.options.length === 1 ? next.options[0]!.value : undefined;

  useEffect(() => {
    if (next && single !== undefined && !value[next.key]) onChange({ ...value, [next.key]: single });
  }, [next, single, value, onChange]);

  const choose = (index: number, chosen: string) => {
    const out: CascadeValue = {};
    levels.forEach((l, i) => {
      if (i < index) out[l.key] = value[l.key];
    });
    out[levels[index]!.key] = chosen || undefined;
    onChange(out);
  };
  return (
    <div className={styles.cascade}>
      {levels.slice(0, visible).map((level, i) => {
        const selectId = i === 0 ? baseId : `${baseId}-${level.key}`;
        const errorId = level.error ? `${selectId}-error` : undefined;
        return (
          <div key={level.key} className={inputStyles.part}>
            <label className={styles.label} htmlFor={selectId}>
              {level.label}
            </label>
            <select
              id={selectId}
              className={inputStyles.input}
              disabled={disabled}
              value={value[level.key] ?? ''}
              aria-invalid={level.error ? true : undefined}
              aria-describedby={errorId}
              onChange={(e) => choose(i, e.target.value)}
            >
              <option value="">{t('ui.select.placeholder')}</option>
              {level.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            {level.error && (
              <p id={errorId} className={styles.error}>
                {level.error}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
