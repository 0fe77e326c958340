import type { Proposal } from '@forecourt/contracts/proposals';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../app/page/page.tsx';
import { Button } from '../../../ui/index.ts';

/** Placeholder for checkout success (issue 5 builds it): a bound proposal shows that cover is in place. */
export function CheckoutSuccessPage({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation();
  return (
    <Page
      header={t('quote.success.header')}
      subheader={t('quote.success.subheader')}
      width="narrow"
      data-page="checkout-success"
    >
      <p>{t('quote.reference', { reference: proposal.policyNumber ?? proposal.externalReference })}</p>
      <Button to="/">{t('quote.success.home')}</Button>
    </Page>
  );
}
