import type { Policy } from '@forecourt/contracts/policies';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config.tsx';
import { gbp } from '../../../lib/policy-readers.ts';
import { standingOf } from '../../../lib/standing/standing.ts';
import { Button, blocks, Card, Notification } from '../../../ui/index.ts';
import { useCardSetupReturn, usePolicyAccount, useStatements } from '../api/billing.ts';
import styles from '../billing.module.css';
import { PaymentDayModal } from './payment-day-modal.tsx';
import { PaymentMethodActions, PaymentMethodNotices } from './payment-method-settings.tsx';
import { NextPaymentBody, PendingCollectionNotice } from './payment-notices.tsx';
import { PayOutstanding, SettleOutcome } from './settle-payment.tsx';
import { StatementList } from './statement-list.tsx';
import { StatementModal } from './statement-modal.tsx';

/**
 * The billing tab (spec 2 §2): payment settings sidebar (method, payment day, change card or Direct Debit
 * and the missing card / mandate notices (ADR 310, 313), the staff's payment-day modal), the outstanding balance with the pay action, the latest statement, the next-statement estimate
 * and the previous statements; a statement opens in a modal with its line items. Amounts in pounds.
 */
export function BillingTab({ policy }: { policy: Policy }) {
  const { t } = useTranslation();
  const config = useConfig();
  const account = usePolicyAccount(policy.policyNumber).data;
  const arrears = standingOf(policy).arrears;
  const statements = (useStatements(account?.accountId).data ?? []).filter((s) => s.status !== 'draft');
  const [open, setOpen] = useState<string | null>(null);
  const [dayModal, setDayModal] = useState(false);
  const cardReturn = useCardSetupReturn();
  if (!account) return null;
  const [latest, ...previous] = statements;
  const staff = config.features.isAdmin;
  const canChangeDay = staff && config.features.allowModifyBillingDay && account.accountStatus === 'ACTIVE';
  return (
    <div className={styles.billing}>
      <div className={blocks.grid}>
        <h2>{t('policy.billing.header')}</h2>
        <PaymentMethodNotices
          account={account}
          cardReturn={cardReturn}
          ended={standingOf(policy).ended !== null}
        />
        <SettleOutcome account={account} />
        {/* Arrears only (a failed statement), never a payment being collected (ADR 352). */}
        <PendingCollectionNotice policy={policy} method={account.paymentMethodType} />
        {arrears && (
          <Notification
            variant={account.accountStatus === 'SUSPENDED' ? 'critical' : 'warning'}
            title={t('policy.billing.outstandingTitle', { amount: gbp(arrears.amount) })}
            action={staff ? undefined : <PayOutstanding account={account} />}
          >
            {/* Why it is owed, as the API says (ADR 352): a collection that failed, a payment taken back (ADR 384,
                392), or cover that has ended, which cannot be kept (ADR 388, 393). */}
            {arrears.why === 'ended'
              ? t('policy.billing.outstandingEndedBody', { phone: config.contact.phone })
              : account.accountStatus === 'SUSPENDED'
                ? t(`policy.billing.suspended.${arrears.why}`, { phone: config.contact.phone })
                : t(`policy.billing.outstandingBody.${arrears.why}`)}
          </Notification>
        )}
        <Card title={t('policy.billing.latest')} level={3}>
          {latest ? (
            <div className={styles.latest} data-testid="latest-statement">
              <p className={blocks.price}>
                {latest.amountOutstanding > 0
                  ? t('policy.billing.latestDue', { amount: gbp(latest.amountOutstanding) })
                  : t(latest.amount <= 0 ? 'policy.billing.latestNothing' : 'policy.billing.latestPaid')}
              </p>
              <StatementList statements={[latest]} onOpen={setOpen} />
            </div>
          ) : (
            <p className={blocks.muted}>{t('policy.billing.noStatements')}</p>
          )}
        </Card>
        <Card title={t('policy.billing.next')} level={3}>
          <NextPaymentBody policy={policy} />
        </Card>
        {previous.length > 0 && (
          <Card title={t('policy.billing.previous')} level={3}>
            <StatementList statements={previous} onOpen={setOpen} testId="previous-statements" />
          </Card>
        )}
      </div>
      <aside className={blocks.grid} aria-label={t('policy.billing.settings')}>
        <Card title={t('policy.billing.settings')} level={3}>
          <dl className={blocks.facts}>
            <dt>{t('policy.billing.method')}</dt>
            <dd data-testid="payment-method">
              {methodText(
                t(`policy.billing.method.${account.paymentMethodType}`),
                account.paymentMethod?.display,
              )}
            </dd>
            {account.paymentMethod?.mandateStatus && (
              <>
                <dt>{t('policy.billing.mandate')}</dt>
                <dd data-testid="mandate-status">
                  {t(`policy.billing.mandate.${account.paymentMethod.mandateStatus}`)}
                </dd>
              </>
            )}
            <dt>{t('policy.billing.paymentDay')}</dt>
            <dd data-testid="payment-day">
              {t('policy.billing.paymentDayValue', { day: account.paymentDay })}
            </dd>
            <dt>{t('policy.billing.outstanding')}</dt>
            <dd>
              {account.outstandingAmount > 0
                ? gbp(account.outstandingAmount)
                : t('policy.billing.noOutstanding')}
            </dd>
          </dl>
          {!staff && <PaymentMethodActions account={account} />}
          {canChangeDay && (
            <div className={`${blocks.actions} ${styles.methodActions}`}>
              <Button variant="secondary" onClick={() => setDayModal(true)}>
                {t('policy.billing.changeDay')}
              </Button>
            </div>
          )}
        </Card>
      </aside>
      <StatementModal accountId={account.accountId} statementId={open} onClose={() => setOpen(null)} />
      {canChangeDay && (
        <PaymentDayModal
          accountId={account.accountId}
          current={account.paymentDay}
          open={dayModal}
          onClose={() => setDayModal(false)}
        />
      )}
    </div>
  );
}

/** "Card, VISA •••• 4242"; a display that already names the kind ("Direct Debit Barclays ••11") alone. */
function methodText(kind: string, display: string | undefined) {
  if (!display) return kind;
  return display.toLowerCase().startsWith(kind.toLowerCase()) ? display : `${kind}, ${display}`;
}
