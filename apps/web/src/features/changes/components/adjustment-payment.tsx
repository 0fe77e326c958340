import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { call } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { blocks, Spinner } from '../../../ui/index.ts';
import { useConfirmAdjustment } from '../api/adjustments.ts';

const POLL_MS = 1000;
/** How long to wait for the card provider's outcome before showing the result (an error if not made). */
const WAIT_MS = 20_000;

/**
 * management/adjustment/{id}/payment (ADR 300): the hosted card page returns here. The settled webhook makes
 * the change; this page waits for the session's outcome, then confirms the change itself too (the same commit:
 * whichever comes first makes it, once) and shows the result. A declined card goes back to the review with the
 * decline shown; nothing was changed.
 */
export function AdjustmentPayment({
  adjustmentId,
  policyId,
  root,
}: {
  adjustmentId: string;
  policyId: string;
  root: string;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const [gaveUp, setGaveUp] = useState(false);
  const [key] = useState(() => crypto.randomUUID());
  useEffect(() => {
    const timer = setTimeout(() => setGaveUp(true), WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const session = useQuery({
    queryKey: queryKeys.cardSession(sessionId),
    queryFn: () => call(endpoints.getCardSession, { params: { sessionId: sessionId ?? '' } }),
    enabled: Boolean(sessionId),
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'open' ? POLL_MS : false),
  });
  const review = `${root}/management/adjustment/${adjustmentId}`;
  const confirm = useConfirmAdjustment(policyId, key);
  const status = session.data?.status;
  const { mutate } = confirm;
  useEffect(() => {
    if (status === 'complete') mutate({ adjustmentId });
  }, [status, mutate, adjustmentId]);
  if (status === 'failed')
    return (
      <Navigate to={`${review}?declined=${encodeURIComponent(session.data?.declineCode ?? '')}`} replace />
    );
  if (confirm.isSuccess || confirm.isError || gaveUp || !sessionId || session.isError || status === 'expired')
    return <Navigate to={`${review}/result`} replace />;
  return (
    <div className={blocks.stack} data-testid="adjustment-payment">
      <Spinner size="large" label="" />
      <p>{t('policy.adjust.pay.checking')}</p>
    </div>
  );
}
