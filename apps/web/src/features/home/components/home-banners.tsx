import type { Policy } from '@forecourt/contracts/policies';
import type { Proposal } from '@forecourt/contracts/proposals';
import { hasBillingTab, productOfScheme, schemeOf } from '@forecourt/domain/policy/product-kind';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config.tsx';
import { Button, Notification } from '../../../ui/index.ts';
import { useMyAccounts } from '../api/list-my-accounts.ts';
import { missingPaymentMethods, upsellBanners } from '../home-banner-rules.ts';
import styles from './signed-in-home.module.css';

/**
 * Home's payment-method and upsell banners (spec 2 §2): a live policy whose account cannot collect: missing card
 * or missing mandate (fixed on its billing tab), and an upgrade offered for a policy (its upsell proposal).
 */
export function HomeBanners({ policies, proposals }: { policies: Policy[]; proposals: Proposal[] }) {
  const { t } = useTranslation();
  const { schemes } = useConfig();
  const accounts = useMyAccounts(policies.length > 0).data ?? [];
  const schemeOfPolicy = (p: Policy) => schemeOf(schemes, p.schemeCode);
  const missing = missingPaymentMethods(policies, accounts, (p) =>
    hasBillingTab(productOfScheme(schemes, p.schemeCode)),
  );
  const upsells = upsellBanners(policies, proposals);
  if (missing.length + upsells.length === 0) return null;
  const product = (p: Policy) => schemeOfPolicy(p)?.productUrlName ?? '';
  return (
    <div className={styles.banners}>
      {missing.map(({ policy: p, kind }) => (
        <LinkBanner
          key={p.policyId}
          kind={`missing-${kind}`}
          variant="warning"
          title={t(`home.paymentMethod.${kind}.header`)}
          body={t(`home.paymentMethod.${kind}.body`, { policyNumber: p.policyNumber })}
          action={t(`home.paymentMethod.${kind}.action`)}
          to={`/${product(p)}/policy/${p.policyId}/billing`}
        />
      ))}
      {upsells.map(({ policy, proposal }) => (
        <LinkBanner
          key={policy.policyId}
          kind="upsell"
          variant="info"
          title={t('home.upsell.header')}
          body={t('home.upsell.body', { policyNumber: policy.policyNumber })}
          action={t(proposal.status === 'QUOTE' ? 'home.upsell.view' : 'home.upsell.resume')}
          to={`/${product(policy)}/proposal/${proposal.proposalCode}`}
        />
      ))}
    </div>
  );
}

/** A banner whose action is a link (data-banner names its kind for tests and journeys). */
function LinkBanner(b: {
  kind: string;
  variant: 'warning' | 'info';
  title: string;
  body: string;
  action: string;
  to: string;
}) {
  return (
    <div data-banner={b.kind}>
      <Notification
        variant={b.variant}
        title={b.title}
        action={
          <Button variant="secondary" to={b.to}>
            {b.action}
          </Button>
        }
      >
        {b.body}
      </Notification>
    </div>
  );
}
