import type { Proposal } from '@forecourt/contracts/proposals';
import { schemeOf } from '@forecourt/domain/policy/product-kind';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../app/page/page.tsx';
import { useShellSlots } from '../../../app/shell-slots.tsx';
import { useConfig } from '../../../lib/config.tsx';
import { Button, Card, Notification } from '../../../ui/index.ts';
import styles from '../checkout.module.css';
import { formatDay } from '../proposal-view.ts';
import { trackBind } from '../track-bind.ts';

/**
 * Checkout success (spec 3 §2): now covered, or (start in the future) the deferred wording with the start
 * date in London time; sign in (or continue home) to view the policy; an upsell card; a bind tracking event.
 */
export function CheckoutSuccessPage({ proposal, now = new Date() }: { proposal: Proposal; now?: Date }) {
  const { t } = useTranslation();
  const { signedIn } = useShellSlots();
  const config = useConfig();
  const isAdmin = config.features.isAdmin;
  const productUrlName = schemeOf(config.schemes, proposal.schemeCode)?.productUrlName;
  const policyPage =
    proposal.policyId && productUrlName ? `/${productUrlName}/policy/${proposal.policyId}` : '/';
  useEffect(() => {
    if (proposal.policyId) trackBind(proposal.policyId);
  }, [proposal.policyId]);
  const deferred = proposal.startAt !== null && new Date(proposal.startAt) > now;
  const policyNumber = proposal.policyNumber ?? '';
  return (
    <Page
      data-page="checkout-success"
      width="narrow"
      header={deferred ? t('success.deferredHeader') : t('success.header')}
      subheader={
        deferred && proposal.startAt
          ? t('success.deferred', { policyNumber, date: formatDay(proposal.startAt) })
          : t('success.subheader', { policyNumber })
      }
    >
      <div className={styles.stack}>
        <Notification variant="success" title={policyNumber}>
          <div className={styles.actions}>
            {isAdmin ? (
              <Button to="/">{t('success.continueHome')}</Button>
            ) : signedIn ? (
              <Button to={policyPage}>{t('success.viewPolicy')}</Button>
            ) : (
              <Button to="/sign-in">{t('success.signIn')}</Button>
            )}
          </div>
        </Notification>
        <Card title={t('success.upsell.header')} tone="highlight">
          <p>{t('success.upsell.body')}</p>
          <Button variant="secondary" to="/">
            {t('success.upsell.cta')}
          </Button>
        </Card>
      </div>
    </Page>
  );
}
