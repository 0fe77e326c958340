import {
  type DateTimeParts,
  dateTimePartsFromIso,
  isoDateTimeFromParts,
} from '@forecourt/domain/input-format';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from './control-props.ts';
import styles from './date-time-picker.module.css';
import inputStyles from './inputs.module.css';

export type DateTimePickerProps = Omit<ControlProps<string | null>, 'ref'> & {
  earliestYear: number;
  latestYear: number;
  /** Leave out to pick a date only (the time is then midnight UK time). */
  withTime?: boolean;
  minuteStep?: number;
  /**
   * The last day that may be picked, YYYY-MM-DD (e.g. today for something that has happened): no year after
   * it (not even latestYear + 1), and in its year and month no later month or day.
   */
  latest?: string;
};

const range = (from: number, to: number, step = 1) => {
  const out: number[] = [];
  for (let n = from; n <= to; n += step) out.push(n);
  return out;
};
const two = (n: number) => String(n).padStart(2, '0');
type Key = keyof DateTimeParts;

/**
 * Date-time picker (spec 1 §3.4, §5.1): day 1-31, months as 3 letters, years from earliestYear to latestYear + 1
 * (or up to `latest`, with no later month or day in its year and month), hour and minute. Emits an ISO date-time in UK time, or null while year, month or day is missing.
 */
export function DateTimePicker(props: DateTimePickerProps) {
  const { t } = useTranslation();
  const autoId = useId();
  const baseId = props.id ?? autoId;
  const { earliestYear, latestYear, withTime = true, minuteStep = 1, latest } = props;
  const [parts, setParts] = useState<DateTimeParts>(() => dateTimePartsFromIso(props.value));
  const emitted = useRef<string | null>(props.value ?? null);
  const [maxYear, maxMonth, maxDay] = latest ? latest.split('-').map(Number) : [];
  const lastYear = maxYear ?? latestYear + 1;
  const lastMonth = maxYear !== undefined && parts.year === maxYear ? (maxMonth ?? 12) : 12;
  const lastDay =
    maxYear !== undefined && parts.year === maxYear && parts.month === maxMonth ? (maxDay ?? 31) : 31;

  useEffect(() => {
    if ((props.value ?? null) !== emitted.current) {
      emitted.current = props.value ?? null;
      setParts(dateTimePartsFromIso(props.value));
    }
  }, [props.value]);

  const set = (key: Key, raw: string) => {
    const next = { ...parts, [key]: raw === '' ? undefined : Number(raw) };
    setParts(next);
    const iso = isoDateTimeFromParts(next);
    if (iso !== emitted.current) {
      emitted.current = iso;
      props.onChange(iso);
    }
  };

  const select = (key: Key, options: { value: number; label: string }[], className: string) => {
    const id = key === 'day' ? baseId : `${baseId}-${key}`;
    return (
      <div className={`${inputStyles.part} ${className}`}>
        <label className={inputStyles.partLabel} htmlFor={id}>
          {t(`ui.date.${key}`)}
        </label>
        <select
          id={id}
          name={props.name ? `${props.name}.${key}` : undefined}
          className={inputStyles.input}
          disabled={props.disabled}
          value={parts[key] ?? ''}
          aria-describedby={props['aria-describedby']}
          aria-invalid={props['aria-invalid'] || undefined}
          onChange={(e) => set(key, e.target.value)}
          onBlur={props.onBlur}
        >
          <option value="">{t(`ui.date.${key}.placeholder`)}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    );
  };

  return (
    <div className={styles.picker}>
      <div className={styles.date}>
        {select(
          'day',
          range(1, lastDay).map((d) => ({ value: d, label: String(d) })),
          styles.day ?? '',
        )}
        {select(
          'month',
          range(1, lastMonth).map((m) => ({ value: m, label: t(`ui.month.${m}`) })),
          styles.month ?? '',
        )}
        {select(
          'year',
          range(earliestYear, lastYear).map((y) => ({ value: y, label: String(y) })),
          styles.year ?? '',
        )}
      </div>
      {withTime && (
        <div className={styles.time}>
          {select(
            'hour',
            range(0, 23).map((h) => ({ value: h, label: two(h) })),
            styles.hour ?? '',
          )}
          {select(
            'minute',
            range(0, 59, minuteStep).map((m) => ({ value: m, label: two(m) })),
            styles.minute ?? '',
          )}
        </div>
      )}
    </div>
  );
}
