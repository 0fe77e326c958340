import type { CustomerPayment } from '@forecourt/contracts/payments';
import type { Proposal } from '@forecourt/contracts/proposals';
import { formatGBP } from '@forecourt/domain/money';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../app/page/page.tsx';
import { isApiError } from '../../../lib/api/errors.ts';
import { Button, Card, Notification } from '../../../ui/index.ts';
import styles from '../checkout.module.css';
import { AdminCardBlockedModal } from '../components/admin-card-blocked-modal.tsx';
import { AmountDue } from '../components/amount-due.tsx';
import { MethodSwitch } from '../components/method-switch.tsx';
import { useBind } from '../hooks/use-bind.ts';
import { usePayByCard } from '../hooks/use-pay-by-card.ts';
import { useProposalPath } from '../hooks/use-proposal-path.ts';

/**
 * The card page (spec 3 §4 step 7): with an amount due, pay it on the hosted page; with nothing due, bind
 * on the saved card, or (no card yet: the server answers 402) save one first and bind on return.
 */
export function CardCheckout({ proposal, payment }: { proposal: Proposal; payment: CustomerPayment }) {
  const { t } = useTranslation();
  const paths = useProposalPath();
  const card = usePayByCard(proposal);
  const bind = useBind(proposal.proposalCode);
  const [params] = useSearchParams();
  const returnedFromSetup = params.has('setup_session');
  const bound = useRef(false);

  // Back from saving a card: buy the policy on it.
  useEffect(() => {
    if (returnedFromSetup && !bound.current) {
      bound.current = true;
      bind.mutate();
    }
  }, [returnedFromSetup, bind]);

  const bindOrSetup = () =>
    bind.mutate(undefined, {
      onError: (err) => {
        if (isApiError(err) && err.status === 402) card.setup.mutate();
      },
    });
  const failed = card.pay.isError || card.setup.isError || (bind.isError && !card.setup.isPending);
  return (
    <Page
      data-page="checkout-card"
      width="narrow"
      back={{ to: paths.summary, label: t('checkout.back') }}
      header={t('checkout.header')}
    >
      <Card title={payment.amount > 0 ? t('checkout.card.header') : t('checkout.card.setup')}>
        <div className={styles.stack}>
          {payment.amount > 0 ? (
            <>
              <AmountDue amount={payment.amount} quote={proposal.quote} />
              <p>{t('checkout.card.body')}</p>
            </>
          ) : (
            <p>{t('checkout.card.bindBody')}</p>
          )}
          {failed && <Notification variant="critical">{t('checkout.error')}</Notification>}
          <div>
            {payment.amount > 0 ? (
              <Button loading={card.pay.isPending} onClick={() => card.pay.mutate(payment.paymentId)}>
                {t('checkout.card.pay', { amount: formatGBP(payment.amount) })}
              </Button>
            ) : (
              <Button loading={bind.isPending || card.setup.isPending} onClick={bindOrSetup}>
                {t('checkout.card.bind')}
              </Button>
            )}
          </div>
        </div>
      </Card>
      <MethodSwitch to="dd" />
      <AdminCardBlockedModal open={card.adminBlocked} onClose={card.closeAdminBlocked} />
    </Page>
  );
}
