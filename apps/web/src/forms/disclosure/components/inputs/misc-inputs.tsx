import { format, parseISO } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../../ui/index.ts';
import styles from './inputs.module.css';

/** The cover start date: one of the next days from today (spec 1 §5.1 vehicle-style date picker). */
export function StartDateInput(props: {
  id: string;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
  choices: string[];
  invalid?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const label = (d: string) => format(parseISO(d), 'EEEE d MMMM yyyy');
  return (
    <select
      id={props.id}
      className={styles.select}
      value={props.value ?? ''}
      aria-invalid={props.invalid || undefined}
      aria-describedby={props.describedBy}
      onChange={(e) => props.onChange(e.target.value || undefined)}
    >
      <option value="" disabled>
        {t('disclosure.select.placeholder')}
      </option>
      {props.choices.map((d, i) => (
        <option key={d} value={d}>
          {i === 0 ? t('disclosure.startDate.today', { date: label(d) }) : label(d)}
        </option>
      ))}
    </select>
  );
}

type Prefs = { email: boolean; phone: boolean; sms: boolean };
const CHANNELS = ['email', 'phone', 'sms'] as const;
const OFF: Prefs = { email: false, phone: false, sms: false };

/**
 * Marketing preferences: e-mail, phone and SMS and 'none' (spec 3 §3). Every channel is off until the
 * customer ticks it (PECR, UK GDPR: ADR 146); unticking 'none' leaves them off.
 */
export function MarketingInput(props: {
  id: string;
  value: Prefs | undefined;
  onChange: (v: Prefs) => void;
}) {
  const { t } = useTranslation();
  const v = props.value ?? OFF;
  const none = !v.email && !v.phone && !v.sms;
  return (
    <div id={props.id} className={styles.checks}>
      {CHANNELS.map((c) => (
        <Checkbox
          key={c}
          id={`${props.id}-${c}`}
          value={v[c]}
          label={t(`disclosure.marketing.${c}`)}
          onChange={(checked) => props.onChange({ ...v, [c]: checked })}
        />
      ))}
      <Checkbox
        id={`${props.id}-none`}
        value={none}
        label={t('disclosure.marketing.none')}
        onChange={(checked) => props.onChange(checked ? OFF : v)}
      />
    </div>
  );
}
