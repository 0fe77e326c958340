import type { Policy } from '@forecourt/contracts/policies';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config.tsx';
import { Card, Notification } from '../../../ui/index.ts';
import { useNextPayment, usePolicyAccount } from '../api/policy.ts';
import styles from '../policy.module.css';
import { gbp, londonDay } from '../policy-view.ts';

/**
 * The billing tab (spec 2 §2): the account's next payment, payment method and day, and any outstanding
 * balance. The page shows this tab only when the policy has a billing account; statements come with the
 * billing issue.
 */
export function BillingTab({ policy }: { policy: Policy }) {
  const { t } = useTranslation();
  const { contact } = useConfig();
  const account = usePolicyAccount(policy.policyNumber).data;
  const next = useNextPayment(account?.accountId);
  if (!account) return null;
  return (
    <div className={styles.grid}>
      <h2>{t('policy.billing.header')}</h2>
      {account.accountStatus === 'SUSPENDED' && (
        <Notification variant="warning">
          {t('policy.billing.suspended', { phone: contact.phone })}
        </Notification>
      )}
      <Card title={t('policy.billing.next')} level={3}>
        {next.data ? (
          <p className={styles.price} data-testid="next-payment">
            {t('policy.billing.nextBody', {
              amount: gbp(next.data.amount),
              date: londonDay(next.data.paymentDueAt),
            })}
          </p>
        ) : (
          <p className={styles.muted}>{t('policy.billing.nextUnknown')}</p>
        )}
      </Card>
      <Card level={3}>
        <dl className={styles.facts}>
          <dt>{t('policy.billing.method')}</dt>
          <dd>{t(`policy.billing.method.${account.paymentMethodType}`)}</dd>
          <dt>{t('policy.billing.paymentDay')}</dt>
          <dd>{t('policy.billing.paymentDayValue', { day: account.paymentDay })}</dd>
          <dt>{t('policy.billing.outstanding')}</dt>
          <dd>
            {account.outstandingAmount > 0
              ? gbp(account.outstandingAmount)
              : t('policy.billing.noOutstanding')}
          </dd>
        </dl>
      </Card>
    </div>
  );
}
