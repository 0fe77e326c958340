import {
  type DatePart,
  type DateParts,
  datePartsFromIso,
  isoDateFromParts,
  normaliseDatePart,
  padDatePart,
} from '@forecourt/domain/input-format';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from './control-props.ts';
import styles from './inputs.module.css';

const order: DatePart[] = ['day', 'month', 'year'];

/**
 * Date of birth as day, month and year boxes (spec 1 §3.4, §5.1): digits only; day and month take 2 characters
 * and then move focus on; the year takes 4 and must start with 1 or 2; day and month are zero-padded on leaving
 * them. Emits the ISO date only when complete and real, else null.
 */
export function DateOfBirthInput(props: ControlProps<string | null>) {
  const { t } = useTranslation();
  const autoId = useId();
  const baseId = props.id ?? autoId;
  const [parts, setParts] = useState<DateParts>(() => datePartsFromIso(props.value));
  // Focus moves inside onChange, so blur handlers run before a re-render: read the latest parts from here.
  const latest = useRef(parts);
  const emitted = useRef<string | null>(props.value ?? null);
  const refs = useRef<Record<DatePart, HTMLInputElement | null>>({ day: null, month: null, year: null });

  // A value set from outside (a reset, a loaded proposal) replaces what is in the boxes.
  useEffect(() => {
    if ((props.value ?? null) !== emitted.current) {
      emitted.current = props.value ?? null;
      latest.current = datePartsFromIso(props.value);
      setParts(latest.current);
    }
  }, [props.value]);

  const update = (patch: Partial<DateParts>) => {
    const next = { ...latest.current, ...patch };
    latest.current = next;
    setParts(next);
    const iso = isoDateFromParts(next);
    if (iso !== emitted.current) {
      emitted.current = iso;
      props.onChange(iso);
    }
  };

  const box = (part: DatePart) => {
    const id = part === 'day' ? baseId : `${baseId}-${part}`;
    return (
      <div className={styles.part} key={part}>
        <label className={styles.partLabel} htmlFor={id}>
          {t(`ui.date.${part}`)}
        </label>
        <input
          ref={(el) => {
            refs.current[part] = el;
            if (part === 'day' && typeof props.ref === 'function') props.ref(el);
            else if (part === 'day' && props.ref && typeof props.ref === 'object') props.ref.current = el;
          }}
          id={id}
          name={props.name ? `${props.name}.${part}` : undefined}
          className={`${styles.input} ${styles[part]}`}
          inputMode="numeric"
          autoComplete={`bday-${part}`}
          maxLength={part === 'year' ? 4 : 2}
          placeholder={t(`ui.date.${part}.placeholder`)}
          disabled={props.disabled}
          value={parts[part]}
          aria-describedby={props['aria-describedby']}
          aria-invalid={props['aria-invalid'] || undefined}
          aria-required={props['aria-required'] || undefined}
          onChange={(e) => {
            const text = normaliseDatePart(e.target.value, part);
            update({ [part]: text });
            if (part !== 'year' && text.length === 2) refs.current[order[order.indexOf(part) + 1]!]?.focus();
          }}
          onBlur={() => {
            const text = latest.current[part];
            if (part !== 'year' && text !== padDatePart(text)) update({ [part]: padDatePart(text) });
            props.onBlur?.();
          }}
        />
      </div>
    );
  };
  return <div className={styles.dateRow}>{order.map(box)}</div>;
}
