import type { CustomerPayment } from '@forecourt/contracts/payments';
import type { Proposal } from '@forecourt/contracts/proposals';
import { formatGBP } from '@forecourt/domain/money';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../app/page/page.tsx';
import { isApiError } from '../../../lib/api/errors.ts';
import { Button, Card, Notification, Spinner } from '../../../ui/index.ts';
import { getCardSession } from '../api/payments.ts';
import styles from '../checkout.module.css';
import { AdminCardBlockedModal } from '../components/admin-card-blocked-modal.tsx';
import { AmountDue } from '../components/amount-due.tsx';
import { MethodSwitch } from '../components/method-switch.tsx';
import { useBind } from '../hooks/use-bind.ts';
import { usePayByCard } from '../hooks/use-pay-by-card.ts';
import { useProposalPath } from '../hooks/use-proposal-path.ts';
import { PaymentResultError } from './payment-callback-page.tsx';

/**
 * The card page (spec 3 §4 step 7): with an amount due, pay it on the hosted page; with nothing due, bind
 * on the saved card, or (no card yet: the server answers 402) save one first and bind on return. A card
 * declined while saving it (or a bind that still fails) shows the same payment-result-error page, with the
 * bank's reason, as a declined payment.
 */
export function CardCheckout({ proposal, payment }: { proposal: Proposal; payment: CustomerPayment }) {
  const { t } = useTranslation();
  const paths = useProposalPath();
  const card = usePayByCard(proposal);
  const bind = useBind(proposal.proposalCode);
  const [params] = useSearchParams();
  const setupSessionId = params.get('setup_session');
  const returnedFromSetup = setupSessionId !== null;
  const bound = useRef(false);
  const setupSession = useQuery({
    queryKey: ['card-session', setupSessionId],
    queryFn: () => getCardSession(setupSessionId ?? ''),
    enabled: returnedFromSetup,
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'open' ? 1000 : false),
  });
  const setupStatus = setupSession.data?.status;
  const setupFailed = setupStatus === 'failed' || setupStatus === 'expired';
  // An unknown session (the provider's own record only) still tries to bind: the server decides.
  const setupSaved = setupStatus === 'complete' || setupSession.isError;

  // Back from saving a card: buy the policy on it.
  useEffect(() => {
    if (returnedFromSetup && setupSaved && !bound.current) {
      bound.current = true;
      bind.mutate();
    }
  }, [returnedFromSetup, setupSaved, bind]);

  if (returnedFromSetup && (setupFailed || bind.isError))
    return (
      <PaymentResultError declineCode={setupSession.data?.declineCode ?? null} retryTo={paths.checkout} />
    );
  if (returnedFromSetup && !setupSaved)
    return <Spinner size="large" label={t('checkout.callback.checking')} />;

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
            <>
              <AmountDue amount={payment.amount} quote={proposal.quote} />
              <p>{t('checkout.card.bindBody')}</p>
            </>
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
      {proposal.monthlyBilling && <MethodSwitch to="dd" />}
      <AdminCardBlockedModal open={card.adminBlocked} onClose={card.closeAdminBlocked} />
    </Page>
  );
}
