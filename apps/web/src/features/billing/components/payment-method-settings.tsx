import type { CustomerAccount } from '@forecourt/contracts/billing';
import { missingPaymentMethod } from '@forecourt/domain/billing/payment-method';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button, blocks, Notification } from '../../../ui/index.ts';
import { type CardSetupReturn, changeCard, setUpDirectDebit } from '../api/billing.ts';
import styles from '../billing.module.css';

type Busy = 'card' | 'directDebit' | null;

/** The two ways to change how an account pays (ADR 310): each sends the browser to the provider's page. */
function usePaymentMethodActions(account: CustomerAccount) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [busy, setBusy] = useState<Busy>(null);
  const start = (which: Exclude<Busy, null>, go: () => Promise<void>) => {
    setBusy(which);
    go().catch(() => setBusy(null));
  };
  return {
    busy,
    card: () => start('card', () => changeCard(account.accountId, pathname)),
    directDebit: () =>
      start('directDebit', () =>
        setUpDirectDebit(
          account.accountId,
          t('policy.billing.mandateDescription', { code: account.accountCode }),
        ),
      ),
  };
}

/**
 * The billing tab's payment-method notices (spec 2 §2, ADR 313): how the card page ended on the way back, and
 * "missing card" / "missing mandate" when the account still collects (spec 1 §4) but its method cannot.
 */
export function PaymentMethodNotices({
  account,
  cardReturn,
  ended = false,
}: {
  account: CustomerAccount;
  cardReturn: CardSetupReturn;
  /** The policy has ended (a lapsed one whose renewal is open still needs a method, ADR 400): its own words. */
  ended?: boolean;
}) {
  const { t } = useTranslation();
  const actions = usePaymentMethodActions(account);
  const missing = missingPaymentMethod(account);
  return (
    <>
      {cardReturn !== 'none' && cardReturn !== 'checking' && (
        <div data-testid="card-setup-result">
          {cardReturn === 'saved' && (
            <Notification variant="success">{t('policy.billing.cardSaved')}</Notification>
          )}
          {cardReturn === 'waiting' && (
            <Notification variant="info">{t('policy.billing.cardWaiting')}</Notification>
          )}
          {typeof cardReturn === 'object' && (
            <Notification variant="critical">
              {t('policy.billing.cardNotSaved', { code: cardReturn.declined })}
            </Notification>
          )}
        </div>
      )}
      {missing && (
        <div data-notice={`missing-${missing}`}>
          <Notification
            variant="warning"
            title={t(`policy.billing.missing.${missing}.title`)}
            action={
              <Button
                loading={actions.busy !== null}
                onClick={missing === 'card' ? actions.card : actions.directDebit}
              >
                {t(`policy.billing.missing.${missing}.action`)}
              </Button>
            }
          >
            {t(`policy.billing.missing.${missing}.${ended ? 'bodyEnded' : 'body'}`)}
          </Notification>
        </div>
      )}
    </>
  );
}

/**
 * The payment settings' own actions (ADR 310): a Direct Debit set up here and not collecting yet (waiting for
 * the bank, or refused), then change card and set up / replace the Direct Debit. Only while the account still
 * collects (a subscription not ended) and for the customer (staff take payments by phone).
 */
export function PaymentMethodActions({ account }: { account: CustomerAccount }) {
  const { t } = useTranslation();
  const actions = usePaymentMethodActions(account);
  const byCard = account.paymentMethodType === 'CARD';
  const pending = account.pendingPaymentMethod;
  if (account.paymentMethodNeeded === false) return null;
  return (
    <>
      {pending && (
        <dl className={blocks.facts}>
          <dt>{t('policy.billing.newMandate')}</dt>
          <dd data-testid="new-mandate-status">
            {t(`policy.billing.newMandate.${pending.mandateStatus ?? 'PENDING_CUSTOMER_APPROVAL'}`)}
          </dd>
        </dl>
      )}
      <div className={`${blocks.actions} ${styles.methodActions}`}>
        <Button
          variant="secondary"
          loading={actions.busy === 'card'}
          disabled={actions.busy !== null}
          onClick={actions.card}
        >
          {t(byCard ? 'policy.billing.changeCard' : 'policy.billing.payByCard')}
        </Button>
        <Button
          variant="secondary"
          loading={actions.busy === 'directDebit'}
          disabled={actions.busy !== null}
          onClick={actions.directDebit}
        >
          {t(byCard ? 'policy.billing.setUpDirectDebit' : 'policy.billing.replaceDirectDebit')}
        </Button>
      </div>
    </>
  );
}
