import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './inputs.module.css';

interface Base {
  id: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string;
}

const split = (iso: string | undefined) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return { day: m?.[3] ?? '', month: m?.[2] ?? '', year: m?.[1] ?? '' };
};

/**
 * Day, month and year boxes (spec 1 §5.1): digits only, 2 for day and month with focus moving on, a year
 * of 4 digits starting 1 or 2; a date is emitted only when the year has 4 digits, zero-padded.
 */
export function DatePartsInput(props: Base) {
  const { t } = useTranslation();
  const [parts, setParts] = useState(() => split(props.value));
  const monthRef = useRef<HTMLInputElement>(null);
  const yearRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (props.value) setParts(split(props.value));
  }, [props.value]);
  const update = (key: 'day' | 'month' | 'year', raw: string) => {
    let text = raw.replace(/\D/g, '').slice(0, key === 'year' ? 4 : 2);
    if (key === 'year' && text && !/^[12]/.test(text)) text = '';
    const next = { ...parts, [key]: text };
    setParts(next);
    if (key === 'day' && text.length === 2) monthRef.current?.focus();
    if (key === 'month' && text.length === 2) yearRef.current?.focus();
    const complete = next.day && next.month && next.year.length === 4;
    props.onChange(
      complete ? `${next.year}-${next.month.padStart(2, '0')}-${next.day.padStart(2, '0')}` : undefined,
    );
  };
  const box = (key: 'day' | 'month' | 'year', ref?: React.Ref<HTMLInputElement>) => (
    <label className={styles.part}>
      {t(`disclosure.date.${key}`)}
      <input
        ref={ref}
        id={key === 'day' ? props.id : `${props.id}-${key}`}
        inputMode="numeric"
        className={styles.text}
        value={parts[key]}
        placeholder={t(`disclosure.date.${key}.placeholder`)}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        onChange={(e) => update(key, e.target.value)}
        onBlur={props.onBlur}
      />
    </label>
  );
  return (
    <div className={styles.dateParts}>
      {box('day')}
      {box('month', monthRef)}
      {box('year', yearRef)}
    </div>
  );
}

const MONTHS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'];

/** Month and year, emitting yyyy-MM (spec 1 §5.1 month-year picker). */
export function YearMonthInput(props: Base & { latestYear: number; earliestYear: number }) {
  const { t } = useTranslation();
  const [month, setMonth] = useState(props.value?.slice(5, 7) ?? '');
  const [year, setYear] = useState(props.value?.slice(0, 4) ?? '');
  const years = Array.from(
    { length: props.latestYear - props.earliestYear + 1 },
    (_, i) => `${props.latestYear - i}`,
  );
  const emit = (m: string, y: string) => props.onChange(m && y ? `${y}-${m}` : undefined);
  return (
    <div className={styles.row}>
      <label className={styles.part}>
        {t('disclosure.date.month')}
        <select
          id={props.id}
          className={styles.select}
          value={month}
          aria-invalid={props.invalid || undefined}
          aria-describedby={props.describedBy}
          onChange={(e) => {
            setMonth(e.target.value);
            emit(e.target.value, year);
          }}
        >
          <option value="" disabled>
            {t('disclosure.select.placeholder')}
          </option>
          {MONTHS.map((m) => (
            <option key={m} value={m}>
              {t(`disclosure.month.${m}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.part}>
        {t('disclosure.date.year')}
        <select
          id={`${props.id}-year`}
          className={styles.select}
          value={year}
          aria-invalid={props.invalid || undefined}
          onChange={(e) => {
            setYear(e.target.value);
            emit(month, e.target.value);
          }}
        >
          <option value="" disabled>
            {t('disclosure.select.placeholder')}
          </option>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
