import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Checkbox } from '../../../ui/index.ts';
import styles from '../checkout.module.css';

/** The agreements of the summary (spec 3 §2, §5 "All summary checklist items must be ticked"). */
export const AGREEMENTS = [
  'termsAndConditions',
  'ipid',
  'statementOfFact',
  'demandsAndNeeds',
  'driversConsent',
] as const;

export type DocumentLink = { key: string; href: string };

export type AgreementsChecklistProps = {
  documents: DocumentLink[];
  onConfirm: () => void;
  loading?: boolean;
};

/** Every agreement must be ticked before the confirm button is enabled. */
export function AgreementsChecklist({ documents, onConfirm, loading }: AgreementsChecklistProps) {
  const { t } = useTranslation();
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const remaining = AGREEMENTS.filter((a) => !ticked[a]).length;
  return (
    <Card title={t('summary.agreements.header')}>
      <p>{t('summary.agreements.intro')}</p>
      {documents.length > 0 && (
        <ul className={styles.docs} aria-label={t('summary.agreements.documents')}>
          {documents.map((d) => (
            <li key={d.key}>
              <a className={styles.link} href={d.href} target="_blank" rel="noreferrer">
                {t(d.key)}
              </a>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.checklist}>
        {AGREEMENTS.map((a) => (
          <Checkbox
            key={a}
            name={a}
            label={t(`summary.agreements.${a}`)}
            value={Boolean(ticked[a])}
            onChange={(v) => setTicked((prev) => ({ ...prev, [a]: v }))}
          />
        ))}
      </div>
      <div className={styles.actions}>
        <Button disabled={remaining > 0} loading={loading} onClick={onConfirm} data-testid="summary-confirm">
          {t('summary.confirm')}
        </Button>
        {remaining > 0 && (
          <span className={styles.muted} aria-live="polite">
            {t('summary.agreements.remaining', { count: remaining })}
          </span>
        )}
      </div>
    </Card>
  );
}
