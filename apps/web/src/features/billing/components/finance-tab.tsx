import type { Policy } from '@forecourt/contracts/policies';
import { useTranslation } from 'react-i18next';
import { gbp } from '../../../lib/policy-readers.ts';
import { blocks, Card } from '../../../ui/index.ts';
import { usePolicyAccount } from '../api/billing.ts';

/** The permission of the finance team (spec 3 §1), who see this tab while impersonating. */
export const FINANCE_PERMISSION = 'finance';

/**
 * The finance team's impersonate-billing tab (spec 2 §2 "Billing", spec 3 §1): shown in the admin app to
 * staff with the `finance` permission, acting for the customer. Today it shows the account as the ledger
 * holds it; the billing area adds the finance tools (statements, journals, refunds) here.
 */
export function FinanceTab({ policy }: { policy: Policy }) {
  const { t } = useTranslation();
  const account = usePolicyAccount(policy.policyNumber).data;
  if (!account) return null;
  return (
    <div className={blocks.grid} data-testid="finance-tab">
      <h2>{t('policy.finance.header')}</h2>
      <Card title={t('policy.finance.account', { code: account.accountCode })} level={3}>
        <dl className={blocks.facts}>
          <dt>{t('policy.finance.status')}</dt>
          <dd>{t(`policy.finance.status.${account.accountStatus}`)}</dd>
          <dt>{t('policy.finance.balance')}</dt>
          <dd>{gbp(account.accountBalance)}</dd>
          <dt>{t('policy.billing.outstanding')}</dt>
          <dd>{gbp(account.outstandingAmount)}</dd>
          <dt>{t('policy.billing.method')}</dt>
          <dd>{t(`policy.billing.method.${account.paymentMethodType}`)}</dd>
          <dt>{t('policy.billing.paymentDay')}</dt>
          <dd>{t('policy.billing.paymentDayValue', { day: account.paymentDay })}</dd>
          <dt>{t('policy.finance.registered')}</dt>
          <dd>{t(account.accountRegistered ? 'policy.finance.yes' : 'policy.finance.no')}</dd>
        </dl>
      </Card>
    </div>
  );
}
