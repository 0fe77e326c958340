import type { CustomerPayment } from '@forecourt/contracts/payments';
import type { Proposal } from '@forecourt/contracts/proposals';
import { formatGBP } from '@forecourt/domain/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../app/page/page.tsx';
import { useConfig } from '../../../lib/config.tsx';
import { Button, Card, Notification } from '../../../ui/index.ts';
import styles from '../checkout.module.css';
import { AdminCardBlockedModal } from '../components/admin-card-blocked-modal.tsx';
import { AmountDue } from '../components/amount-due.tsx';
import { CardFirstModal } from '../components/card-first-modal.tsx';
import { MandateSetup } from '../components/mandate-setup.tsx';
import { MethodSwitch } from '../components/method-switch.tsx';
import { useBind } from '../hooks/use-bind.ts';
import { usePayByCard } from '../hooks/use-pay-by-card.ts';
import { useProposalPath } from '../hooks/use-proposal-path.ts';

/**
 * The Direct Debit page (spec 3 §4 steps 7 and 9): set up a mandate on the provider's hosted page; then, with
 * a payment due today, pay it by card (monthly by Direct Debit after), otherwise buy the policy. A payment due
 * today is said first, before any bank details are asked for.
 */
export function DirectDebitCheckout({ proposal, payment }: { proposal: Proposal; payment: CustomerPayment }) {
  const { t } = useTranslation();
  const paths = useProposalPath();
  const card = usePayByCard(proposal);
  const bind = useBind(proposal.proposalCode);
  const { features } = useConfig();
  const [cardFirst, setCardFirst] = useState(false);
  const amount = formatGBP(payment.amount);
  const payByCard = () => (features.isAdmin ? card.pay.mutate(payment.paymentId) : setCardFirst(true));
  return (
    <Page
      data-page="checkout-direct-debit"
      width="narrow"
      back={{ to: paths.summary, label: t('checkout.back') }}
      header={t('checkout.header')}
    >
      <Card title={t('checkout.dd.header')}>
        {payment.amount > 0 ? (
          <div className={styles.stack} data-testid="dd-due-today">
            <AmountDue amount={payment.amount} quote={proposal.quote} />
            <p>{t('checkout.dd.payFirst', { amount })}</p>
          </div>
        ) : (
          <AmountDue amount={payment.amount} quote={proposal.quote} />
        )}
        <MandateSetup setupText={payment.amount > 0 ? t('checkout.dd.bodyAfterCard') : undefined}>
          <div className={styles.stack}>
            {(bind.isError || card.pay.isError) && (
              <Notification variant="critical">{t('checkout.error')}</Notification>
            )}
            <div>
              {payment.amount > 0 ? (
                <Button loading={card.pay.isPending} onClick={payByCard}>
                  {t('checkout.card.pay', { amount })}
                </Button>
              ) : (
                <Button loading={bind.isPending} onClick={() => bind.mutate()} data-testid="dd-bind">
                  {t('checkout.dd.bind')}
                </Button>
              )}
            </div>
          </div>
        </MandateSetup>
      </Card>
      <MethodSwitch to="card" />
      <CardFirstModal
        open={cardFirst}
        amount={amount}
        loading={card.pay.isPending}
        onContinue={() => card.pay.mutate(payment.paymentId)}
        onClose={() => setCardFirst(false)}
      />
      <AdminCardBlockedModal open={card.adminBlocked} onClose={card.closeAdminBlocked} />
    </Page>
  );
}
