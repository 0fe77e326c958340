import type { Proposal } from '@forecourt/contracts/proposals';
import { formatGBP } from '@forecourt/domain/money';
import { formatRegistrationMark } from '@forecourt/domain/patterns';
import { policyholderOf } from '@forecourt/domain/proposal/readers';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../ui/index.ts';
import styles from '../checkout.module.css';
import { addressLine, formatDay, vehicleName } from '../proposal-view.ts';

/** Proposal information and quote details with an edit link (spec 3 §2 "Summary page"). */
export function QuoteDetails({ proposal, editTo }: { proposal: Proposal; editTo: string }) {
  const { t } = useTranslation();
  const quote = proposal.quote;
  const holder = policyholderOf(proposal.data);
  const address = holder.address;
  const covers =
    quote?.optionalCovers.filter((c) => c.active).map((c) => t(`summary.price.cover.${c.code}`)) ?? [];
  const drivers =
    quote?.insuredProfiles.map((p) => `${p.data.firstName ?? ''} ${p.data.lastName ?? ''}`.trim()) ?? [];
  return (
    <>
      <Card title={t('summary.proposal.header')}>
        <dl className={styles.rows}>
          <dt>{t('summary.proposal.reference')}</dt>
          <dd>{proposal.externalReference}</dd>
          <dt>{t('summary.proposal.policyholder')}</dt>
          <dd>{`${holder.firstName ?? ''} ${holder.lastName ?? ''}`.trim()}</dd>
          {holder.dateOfBirth && (
            <>
              <dt>{t('summary.proposal.dateOfBirth')}</dt>
              <dd>{formatDay(holder.dateOfBirth)}</dd>
            </>
          )}
          {address && (
            <>
              <dt>{t('summary.proposal.address')}</dt>
              <dd>{addressLine(address)}</dd>
            </>
          )}
          {holder.email && (
            <>
              <dt>{t('summary.proposal.email')}</dt>
              <dd>{holder.email}</dd>
            </>
          )}
        </dl>
      </Card>
      <Card
        title={
          <span className={styles.cardHead}>
            {t('summary.details.header')}
            <Link className={styles.link} to={editTo} data-testid="summary-edit">
              {t('summary.details.edit')}
            </Link>
          </span>
        }
      >
        <dl className={styles.rows}>
          <dt>{t('summary.details.car')}</dt>
          <dd>{vehicleName(proposal)}</dd>
          <dt>{t('summary.details.registration')}</dt>
          <dd>{quote?.vrn ? formatRegistrationMark(quote.vrn) : '—'}</dd>
          <dt>{t('summary.details.startDate')}</dt>
          <dd>{proposal.startAt ? formatDay(proposal.startAt) : '—'}</dd>
          <dt>{t('summary.details.cover')}</dt>
          <dd>{t('summary.details.coverValue')}</dd>
          <dt>{t('summary.details.drivers')}</dt>
          <dd>{drivers.join(', ') || '—'}</dd>
          <dt>{t('summary.details.voluntaryExcess')}</dt>
          <dd>{formatGBP((quote?.voluntaryExcess ?? 0) * 100, { trimWholePence: true })}</dd>
          <dt>{t('summary.details.addOns')}</dt>
          <dd>{covers.join(', ') || t('summary.details.noAddOns')}</dd>
        </dl>
      </Card>
    </>
  );
}
