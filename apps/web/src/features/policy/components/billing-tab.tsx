import type { Policy } from '@forecourt/contracts/policies';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config.tsx';
import { Button, Card, Notification } from '../../../ui/index.ts';
import { payOutstanding, useCardSetupReturn, useStatements } from '../api/billing.ts';
import { useNextPayment, usePolicyAccount } from '../api/policy.ts';
import styles from '../policy.module.css';
import { gbp, londonDay } from '../policy-view.ts';
import { PaymentDayModal } from './payment-day-modal.tsx';
import { PaymentMethodActions, PaymentMethodNotices } from './payment-method-settings.tsx';
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
  const next = useNextPayment(account?.accountId);
  const statements = (useStatements(account?.accountId).data ?? []).filter((s) => s.status !== 'draft');
  const [open, setOpen] = useState<string | null>(null);
  const [dayModal, setDayModal] = useState(false);
  const [paying, setPaying] = useState(false);
  const cardReturn = useCardSetupReturn();
  if (!account) return null;
  const [latest, ...previous] = statements;
  const staff = config.features.isAdmin;
  const canChangeDay = staff && config.features.allowModifyBillingDay && account.accountStatus === 'ACTIVE';
  return (
    <div className={styles.billing}>
      <div className={styles.grid}>
        <h2>{t('policy.billing.header')}</h2>
        <PaymentMethodNotices account={account} cardReturn={cardReturn} />
        {account.outstandingAmount > 0 && (
          <Notification
            variant={account.accountStatus === 'SUSPENDED' ? 'critical' : 'warning'}
            title={t('policy.billing.outstandingTitle', { amount: gbp(account.outstandingAmount) })}
            action={
              staff ? undefined : (
                <Button
                  loading={paying}
                  data-testid="pay-outstanding"
                  onClick={() => {
                    setPaying(true);
                    payOutstanding(account.accountId, t('policy.billing.outstandingItem')).catch(() =>
                      setPaying(false),
                    );
                  }}
                >
                  {t('policy.billing.payNow')}
                </Button>
              )
            }
          >
            {account.accountStatus === 'SUSPENDED'
              ? t('policy.billing.suspended', { phone: config.contact.phone })
              : t('policy.billing.outstandingBody')}
          </Notification>
        )}
        <Card title={t('policy.billing.latest')} level={3}>
          {latest ? (
            <div className={styles.latest} data-testid="latest-statement">
              <p className={styles.price}>
                {latest.amountOutstanding > 0
                  ? t('policy.billing.latestDue', { amount: gbp(latest.amountOutstanding) })
                  : t('policy.billing.latestPaid')}
              </p>
              <StatementList statements={[latest]} onOpen={setOpen} />
            </div>
          ) : (
            <p className={styles.muted}>{t('policy.billing.noStatements')}</p>
          )}
        </Card>
        <Card title={t('policy.billing.next')} level={3}>
          {next.data?.paymentDueAt ? (
            <p className={styles.price} data-testid="next-payment">
              {t('policy.billing.nextBody', {
                amount: gbp(next.data.amount),
                date: londonDay(next.data.paymentDueAt),
              })}
            </p>
          ) : next.data ? (
            <p className={styles.muted} data-testid="next-payment">
              {next.data.endsAt
                ? t('policy.billing.nextNoneEnds', { date: londonDay(next.data.endsAt) })
                : t('policy.billing.nextNone')}
            </p>
          ) : (
            <p className={styles.muted}>{t('policy.billing.nextUnknown')}</p>
          )}
        </Card>
        {previous.length > 0 && (
          <Card title={t('policy.billing.previous')} level={3}>
            <StatementList statements={previous} onOpen={setOpen} testId="previous-statements" />
          </Card>
        )}
      </div>
      <aside className={styles.grid} aria-label={t('policy.billing.settings')}>
        <Card title={t('policy.billing.settings')} level={3}>
          <dl className={styles.facts}>
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
            <Button variant="secondary" onClick={() => setDayModal(true)}>
              {t('policy.billing.changeDay')}
            </Button>
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
