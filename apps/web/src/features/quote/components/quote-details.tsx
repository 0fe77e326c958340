import type { Proposal } from '@forecourt/contracts/proposals';
import { formatRegistrationMark } from '@forecourt/domain/patterns';
import { additionalProfiles, policyholderOf } from '@forecourt/domain/proposal/readers';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Values } from '../../../forms/disclosure/engine/types.ts';
import type { ProposalDataLike } from '../../../forms/disclosure/engine/values.ts';
import styles from './quote-components.module.css';

/** Quote details: the car, the drivers and the reference, each with an edit link into the disclosure. */
export function QuoteDetails({ proposal, root }: { proposal: Proposal; root: string }) {
  const { t } = useTranslation();
  const data = proposal.data as ProposalDataLike;
  const spec = (data.asset?.specification ?? {}) as Values;
  const holder = policyholderOf(data);
  const others = additionalProfiles(data);
  const edit = (section: string) => (
    <Link to={`${root}/disclosure/section/${section}`}>{t('quote.details.edit')}</Link>
  );
  return (
    <dl className={styles.rows}>
      <dt>{t('quote.details.car')}</dt>
      <dd>
        {[
          data.asset?.vrn ? formatRegistrationMark(String(data.asset.vrn)) : '',
          spec.make,
          spec.model,
          spec.trim,
        ]
          .filter(Boolean)
          .join(' · ')}{' '}
        {edit('your-car')}
      </dd>
      <dt>{t('quote.details.policyholder')}</dt>
      <dd>
        {String(holder.firstName ?? '')} {String(holder.lastName ?? '')} {edit('about-you')}
      </dd>
      <dt>{t('quote.details.drivers')}</dt>
      <dd>
        {others.length === 0
          ? t('quote.details.noDrivers')
          : others
              .map((p) => `${String(p.data?.firstName ?? '')} ${String(p.data?.lastName ?? '')}`)
              .join(', ')}{' '}
        {edit('additional-drivers')}
      </dd>
      <dt>{t('quote.details.reference')}</dt>
      <dd data-testid="quote-reference">{proposal.externalReference}</dd>
    </dl>
  );
}
