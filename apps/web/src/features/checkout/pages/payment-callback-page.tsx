import type { Proposal } from '@forecourt/contracts/proposals';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { Page } from '../../../app/page/page.tsx';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { useConfig } from '../../../lib/config.tsx';
import { Button, Notification, Spinner } from '../../../ui/index.ts';
import { getCardSession } from '../api/payments.ts';
import { getProposal, proposalKey } from '../api/use-checkout-proposal.ts';
import styles from '../checkout.module.css';
import { useProposalPath } from '../hooks/use-proposal-path.ts';

const ChatPanel = lazy(() =>
  import('../../../app/chat/chat-panel.tsx').then((m) => ({ default: m.ChatPanel })),
);

const POLL_MS = 1000;
/** How long to wait for the webhook to buy the policy before showing the error page. */
const WAIT_MS = 20_000;

/**
 * checkout/payment/callback (spec 3 §2, §8): the hosted page returns here. The webhook, not this page, buys the
 * policy, so the page waits briefly for the session's outcome and the proposal to become a policy (then the
 * checkout shows success); a declined, expired or unconfirmed payment shows the payment-result-error page.
 */
export function PaymentCallbackPage({ proposal }: { proposal: Proposal }) {
  const paths = useProposalPath();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setGaveUp(true), WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const session = useQuery({
    queryKey: queryKeys.cardSession(sessionId),
    queryFn: () => getCardSession(sessionId ?? ''),
    enabled: Boolean(sessionId),
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'open' ? POLL_MS : false),
  });
  const paid = session.data?.status === 'complete';
  const policy = useQuery({
    queryKey: proposalKey(proposal.proposalCode),
    queryFn: () => getProposal(proposal.proposalCode),
    enabled: paid && !gaveUp,
    refetchInterval: (q) => (q.state.data?.status !== 'POLICY' ? POLL_MS : false),
  });
  if (policy.data?.status === 'POLICY') return <Navigate to={paths.checkout} replace />;
  const settling = session.isPending || session.data?.status === 'open' || paid;
  if (sessionId && !session.isError && !gaveUp && settling) return <CheckingPayment />;
  return <PaymentResultError declineCode={session.data?.declineCode ?? null} retryTo={paths.checkout} />;
}

export function PaymentResultError({
  declineCode,
  retryTo,
}: {
  declineCode: string | null;
  retryTo: string;
}) {
  const { t } = useTranslation();
  const { features } = useConfig();
  const [chat, setChat] = useState(false);
  return (
    <Page data-page="payment-result-error" width="narrow" header={t('checkout.callback.header')}>
      <div className={styles.stack}>
        <Notification variant="critical">
          <p>{t('checkout.callback.body')}</p>
          {declineCode && (
            <p>
              {t([`checkout.callback.decline.${declineCode}`, 'checkout.callback.decline'], {
                code: declineCode,
              })}
            </p>
          )}
        </Notification>
        <div className={styles.actions}>
          <Button to={retryTo}>{t('checkout.callback.retry')}</Button>
          <Button variant="secondary" onClick={() => setChat(!features.isAdmin)}>
            {t('checkout.callback.chat')}
          </Button>
        </div>
      </div>
      {chat && (
        <Suspense fallback={null}>
          <ChatPanel open={chat} onClose={() => setChat(false)} />
        </Suspense>
      )}
    </Page>
  );
}

function CheckingPayment() {
  const { t } = useTranslation();
  return (
    <div className={styles.center}>
      <Spinner size="large" label="" />
      <p>{t('checkout.callback.checking')}</p>
    </div>
  );
}
