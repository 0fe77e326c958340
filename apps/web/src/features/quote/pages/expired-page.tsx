import type { Proposal } from '@forecourt/contracts/proposals';
import { format, parseISO } from 'date-fns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../app/page/page.tsx';
import { startDateChoices } from '../../../forms/disclosure/engine/dates.ts';
import { Button } from '../../../ui/index.ts';
import { useUpdateProposal } from '../api/use-proposal.ts';
import { useProduct } from '../hooks/use-product.ts';
import styles from './status-pages.module.css';

/** Expired quote: a new start date re-rates it for the latest price (spec 3 §4 "Start date"). */
export function ExpiredPage({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation();
  const product = useProduct();
  const update = useUpdateProposal(proposal.proposalCode);
  const choices = startDateChoices(
    new Date(),
    product.startDate.daysInFuture,
    product.expiredProposal.startDateDaysAhead,
  );
  const [date, setDate] = useState(choices[0] ?? '');
  return (
    <Page
      header={t('quote.expired.header')}
      subheader={t('quote.expired.subheader')}
      width="narrow"
      data-page="expired"
    >
      <div className={styles.stack}>
        <label htmlFor="expired-start">{t('quote.startDate.label')}</label>
        <select id="expired-start" value={date} onChange={(e) => setDate(e.target.value)}>
          {choices.map((d) => (
            <option key={d} value={d}>
              {format(parseISO(d), 'EEEE d MMMM yyyy')}
            </option>
          ))}
        </select>
        <Button
          layout="fixed"
          loading={update.isPending}
          onClick={() => update.mutate({ changes: [], coverStart: date, applyRating: true })}
        >
          {t('quote.expired.update')}
        </Button>
      </div>
    </Page>
  );
}
