import { monthYearRange, yearMonth } from '@forecourt/domain/input-format';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from './control-props.ts';
import styles from './date-time-picker.module.css';
import inputStyles from './inputs.module.css';

export type MonthYearPickerProps = Omit<ControlProps<string | null>, 'ref'> & {
  /** Earliest year offered (e.g. the yearMonth input's minYear rule). */
  minYear: number;
  /** How many months past the current one may be chosen (default 1: the year-month input looks 1 month ahead). */
  monthsAhead?: number;
  /** Today; injectable for tests. */
  today?: Date;
};

const parse = (v: string | null | undefined) => {
  const m = v ? /^(\d{4})-(\d{2})$/.exec(v) : null;
  return m ? { year: Number(m[1]), month: Number(m[2]) } : {};
};

/**
 * Month and year (spec 1 §3.4, §5.1), emitted as yyyy-MM once both are chosen, else null. In the latest year only
 * months up to the current month plus monthsAhead are offered.
 */
export function MonthYearPicker(props: MonthYearPickerProps) {
  const { t } = useTranslation();
  const autoId = useId();
  const baseId = props.id ?? autoId;
  const { minYear, monthsAhead = 1 } = props;
  const today = props.today ?? new Date();
  const limits = monthYearRange({ today, monthsAhead, minYear });
  const [current, setCurrent] = useState<{ year?: number; month?: number }>(() => parse(props.value));
  const emitted = useRef<string | null>(props.value ?? null);

  // A value set from outside (a reset, a loaded proposal) replaces the half-made choice.
  useEffect(() => {
    if ((props.value ?? null) !== emitted.current) {
      emitted.current = props.value ?? null;
      setCurrent(parse(props.value));
    }
  }, [props.value]);

  const set = (next: { year?: number; month?: number }) => {
    if (next.year !== undefined && next.month !== undefined && next.month > limits.monthsIn(next.year)) {
      next = { year: next.year };
    }
    setCurrent(next);
    const value =
      next.year !== undefined && next.month !== undefined ? yearMonth(next.year, next.month) : null;
    if (value !== emitted.current) {
      emitted.current = value;
      props.onChange(value);
    }
  };
  const monthCount = current.year === undefined ? 12 : limits.monthsIn(current.year);
  return (
    <div className={styles.date}>
      <div className={`${inputStyles.part} ${styles.month}`}>
        <label className={inputStyles.partLabel} htmlFor={baseId}>
          {t('ui.date.month')}
        </label>
        <select
          id={baseId}
          className={inputStyles.input}
          disabled={props.disabled}
          value={current.month ?? ''}
          aria-describedby={props['aria-describedby']}
          aria-invalid={props['aria-invalid'] || undefined}
          onChange={(e) => set({ ...current, month: e.target.value ? Number(e.target.value) : undefined })}
          onBlur={props.onBlur}
        >
          <option value="">{t('ui.date.month.placeholder')}</option>
          {Array.from({ length: monthCount }, (_, i) => i + 1).map((m) => (
            <option key={m} value={m}>
              {t(`ui.month.${m}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={`${inputStyles.part} ${styles.year}`}>
        <label className={inputStyles.partLabel} htmlFor={`${baseId}-year`}>
          {t('ui.date.year')}
        </label>
        <select
          id={`${baseId}-year`}
          className={inputStyles.input}
          disabled={props.disabled}
          value={current.year ?? ''}
          aria-describedby={props['aria-describedby']}
          aria-invalid={props['aria-invalid'] || undefined}
          onChange={(e) => set({ ...current, year: e.target.value ? Number(e.target.value) : undefined })}
          onBlur={props.onBlur}
        >
          <option value="">{t('ui.date.year.placeholder')}</option>
          {limits.years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
