import type { Policy } from '@forecourt/contracts/policies';
import { useTranslation } from 'react-i18next';
import { Button, Notification } from '../../../ui/index.ts';
import styles from './change.module.css';

/**
 * Staff changing a policy whose renewal is already quoted (spec 3 §2: in the renewal window a change does not
 * reach the anniversary quote, ADR 404). The customer was told "we will make the change and update your renewal
 * quote": this tells staff the second half is theirs to do, and opens the renewal quote. Only while the policy
 * will renew from that quote, as its standing says (ADR 352): offered and opted in (`renewing`), or held back
 * until what is owed is paid (`owing`, ADR 400). Not when it was opted out, referred, or a cancellation is set.
 */
export function renewalQuotedFor(policy: Policy, isAdmin: boolean): string | null {
  const standing = policy.standing;
  const renews = standing?.facts.includes('renewing') === true || standing?.renewal?.state === 'owing';
  return isAdmin && policy.inRenewalWindow === true && renews && policy.renewalProposal
    ? policy.renewalProposal
    : null;
}

export function RenewalQuoted({ code, product }: { code: string; product: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid="renewal-quoted" className={styles.renewalQuoted}>
      <Notification
        variant="info"
        title={t('policy.renewalQuoted.header')}
        action={
          <Button variant="secondary" to={`/${product}/renewal/${code}`}>
            {t('policy.renewalQuoted.open')}
          </Button>
        }
      >
        {t('policy.renewalQuoted.body')}
      </Notification>
    </div>
  );
}
