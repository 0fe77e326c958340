import { formatLondon } from '@forecourt/domain/dates';
import { useTranslation } from 'react-i18next';
import { CardList, Notification, Spinner, StatusBadge } from '../../../ui/index.ts';
import { useClaims } from '../api/claims.ts';
import styles from '../claims.module.css';
import { CLAIM_STATUS_VARIANT } from './claim-status.ts';
import { ClaimTracker } from './claim-tracker.tsx';

/**
 * The claims on a policy, newest loss first, each with its status, type, date, insured and reference, and its
 * tracker (reported → being handled → settled, with the handler's notes for the customer).
 */
export function ClaimsList({ policyNumber }: { policyNumber: string }) {
  const { t } = useTranslation();
  const claims = useClaims(policyNumber);
  if (claims.isPending) return <Spinner label={t('claims.header')} />;
  if (claims.isError) return <Notification variant="warning">{t('claims.loadError')}</Notification>;
  if (claims.data.length === 0) return <p className={styles.empty}>{t('claims.empty')}</p>;
  return (
    <CardList aria-label={t('claims.header')}>
      {claims.data.map((c) => (
        <li key={c.claimReference} className={styles.item}>
          <div className={styles.itemHead}>
            <strong>{t(`claims.type.${c.claimType}`)}</strong>
            <StatusBadge variant={CLAIM_STATUS_VARIANT[c.status]}>
              {t(`claims.status.${c.status}`)}
            </StatusBadge>
          </div>
          <p>{t('claims.occurred', { date: formatLondon(`${c.occurredDate}T12:00:00Z`, 'd MMMM yyyy') })}</p>
          <p>{t('claims.insured', { name: c.insuredName })}</p>
          <p className={styles.reference}>{t('claims.reference', { reference: c.claimReference })}</p>
          <ClaimTracker claim={c} />
        </li>
      ))}
    </CardList>
  );
}
