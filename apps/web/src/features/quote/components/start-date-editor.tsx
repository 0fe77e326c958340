import { format, parseISO } from 'date-fns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startDateChoices, todayIso } from '../../../forms/disclosure/engine/dates.ts';
import { Button } from '../../../ui/index.ts';
import styles from './quote-components.module.css';

interface Props {
  startDate: string | undefined;
  choices: { daysInFuture: number; days: number };
  onChange: (date: string) => Promise<unknown>;
  busy?: boolean;
}

/** Start date with its rule: today starts cover immediately, a later date at 00:00 (spec 3 §4). */
export function StartDateEditor({ startDate, choices, onChange, busy }: Props) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [picked, setPicked] = useState(startDate ?? '');
  const now = new Date();
  const label = (d: string) => format(parseISO(d), 'EEEE d MMMM yyyy');
  const rule = (d: string) =>
    d === todayIso(now)
      ? t('quote.startDate.immediately')
      : t('quote.startDate.midnight', { date: label(d) });
  if (!editing)
    return (
      <div className={styles.startDate} data-testid="start-date">
        <span>{startDate ? rule(startDate) : t('quote.startDate.none')}</span>
        <Button variant="tertiary" layout="small" onClick={() => setEditing(true)}>
          {t('quote.startDate.edit')}
        </Button>
      </div>
    );
  return (
    <div className={styles.startDate}>
      <label htmlFor="start-date-edit">{t('quote.startDate.label')}</label>
      <select id="start-date-edit" value={picked} onChange={(e) => setPicked(e.target.value)}>
        {startDateChoices(now, choices.daysInFuture, choices.days).map((d) => (
          <option key={d} value={d}>
            {label(d)}
          </option>
        ))}
      </select>
      <Button
        layout="small"
        loading={busy}
        disabled={!picked}
        onClick={async () => {
          await onChange(picked);
          setEditing(false);
        }}
      >
        {t('quote.startDate.save')}
      </Button>
      <Button variant="ghost" layout="small" onClick={() => setEditing(false)}>
        {t('quote.startDate.cancel')}
      </Button>
    </div>
  );
}
