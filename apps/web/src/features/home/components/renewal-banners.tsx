import type { Policy } from '@forecourt/contracts/policies';
import type { Proposal } from '@forecourt/contracts/proposals';
import { formatLondon } from '@forecourt/domain/dates';
import { formatGBP } from '@forecourt/domain/money';
import { schemeOf } from '@forecourt/domain/policy/product-kind';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config.tsx';
import { useSetAutoRenewal } from '../../../lib/renewal/auto-renewal.ts';
import { Button, Notification } from '../../../ui/index.ts';
import { renewalBanners } from '../renewal-banner-rule.ts';
import { LapsedTakeUp } from './lapsed-take-up.tsx';
import styles from './signed-in-home.module.css';

const gbp = (pence: number) => formatGBP(pence);
const day = (iso: string) => formatLondon(iso, 'd MMMM yyyy');

/**
 * The renewal banners of home (spec 2 §2): a renewal quote opted in (View), opted out (opt back in), or
 * referred (critical). One per policy with a renewal proposal whose renewal is not stopped.
 */
export function RenewalBanners({ policies, proposals }: { policies: Policy[]; proposals: Proposal[] }) {
  const banners = renewalBanners(policies, proposals);
  if (banners.length === 0) return null;
  return (
    <div className={styles.banners} data-testid="renewal-banners">
      {banners.map((b) => (
        <RenewalBanner key={b.policy.policyId} {...b} />
      ))}
    </div>
  );
}

function RenewalBanner({ kind, policy, proposal }: ReturnType<typeof renewalBanners>[number]) {
  const { t } = useTranslation();
  const { schemes, contact } = useConfig();
  const optIn = useSetAutoRenewal(policy.policyId);
  const product = schemeOf(schemes, policy.schemeCode)?.productUrlName ?? '';
  const date = day(policy.policyDetail.expiredAt ?? '');
  const totals = proposal.quote?.totals;
  const price = totals?.monthly
    ? t('home.renewal.monthly', { amount: gbp(totals.monthly.regular) })
    : t('home.renewal.yearly', { amount: gbp(totals?.discountedPrice ?? 0) });
  const vars = { policyNumber: policy.policyNumber, date, price, phone: contact.phone };
  if (kind === 'referral')
    return (
      <div data-banner="renewal-referral">
        <Notification variant="critical" title={t('home.renewal.referral.header')}>
          {t('home.renewal.referral.body', vars)}
        </Notification>
      </div>
    );
  if (kind === 'lapsed') return <LapsedRenewalBanner policy={policy} vars={vars} proposal={proposal} />;
  if (kind === 'optedOut')
    return (
      <div data-banner="renewal-opted-out">
        <Notification
          variant="warning"
          title={t('home.renewal.optedOut.header', vars)}
          action={
            <Button
              variant="secondary"
              loading={optIn.isPending}
              onClick={() => optIn.mutate({ enabled: true })}
            >
              {t('home.renewal.optedOut.action')}
            </Button>
          }
        >
          {t('home.renewal.optedOut.body', vars)}
        </Notification>
      </div>
    );
  // Opted in, but money is owed on this year: it renews only once that is paid (ADR 400).
  const owing = policy.standing?.renewal?.state === 'owing' ? policy.standing.arrears : null;
  return (
    <div data-banner={owing ? 'renewal-owing' : 'renewal-opted-in'}>
      <Notification
        variant={owing ? 'warning' : 'info'}
        title={t(owing ? 'home.renewal.owing.header' : 'home.renewal.optedIn.header', vars)}
        action={
          owing ? (
            <Button variant="secondary" to={`/${product}/policy/${policy.policyId}/billing`}>
              {t('home.renewal.owing.action')}
            </Button>
          ) : (
            <Button variant="secondary" to={`/${product}/renewal/${proposal.proposalCode}`}>
              {t('home.renewal.optedIn.action')}
            </Button>
          )
        }
      >
        {owing
          ? t('home.renewal.owing.body', { ...vars, amount: gbp(owing.amount) })
          : t('home.renewal.optedIn.body', vars)}
      </Notification>
    </div>
  );
}

/**
 * A lapsed policy's renewal quote still open (ADR 335): opting back in takes it up, cover from that moment (never
 * backdated over the gap), after a confirmation of the price, the start and the card (ADR 353).
 */
function LapsedRenewalBanner({
  policy,
  proposal,
  vars,
}: {
  policy: Policy;
  proposal: Proposal;
  vars: Record<string, string>;
}) {
  const { t } = useTranslation();
  const until = formatLondon(proposal.quoteExpiresAt ?? '', 'd MMMM yyyy');
  return (
    <div data-banner="renewal-lapsed">
      <Notification
        variant="warning"
        title={t('home.renewal.lapsed.header', vars)}
        action={<LapsedTakeUp policy={policy} label={t('home.renewal.lapsed.action')} />}
      >
        {t('home.renewal.lapsed.body', { ...vars, until })}
      </Notification>
    </div>
  );
}
