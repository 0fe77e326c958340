import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { call } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

const POLL_MS = 1000;
/** How long to wait for the provider's outcome before saying it is still being confirmed. */
const WAIT_MS = 15_000;

export type SettleReturn =
  | { kind: 'none' | 'checking' | 'waiting' }
  | { kind: 'paid'; sessionId: string; amount: number | null; card: string | null }
  | { kind: 'declined'; code: string };

/**
 * Back from the outstanding balance's card page with ?cardPayment={session} (ADR 353): how the payment ended,
 * from the session the webhook completed (asked again each second while it is open, for a while). The
 * parameter leaves the address once known, so a reload does not say it again; the account and statements
 * reload.
 */
export function useSettleReturn(): SettleReturn {
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const [sessionId] = useState(() => params.get('cardPayment'));
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!sessionId) return;
    const timer = setTimeout(() => setGaveUp(true), WAIT_MS);
    return () => clearTimeout(timer);
  }, [sessionId]);
  const session = useQuery({
    queryKey: queryKeys.cardSession(sessionId),
    queryFn: () => call(endpoints.getCardSession, { params: { sessionId: sessionId ?? '' } }),
    enabled: Boolean(sessionId),
    retry: false,
    meta: { errorModal: false },
    refetchInterval: (q) => (q.state.data?.status === 'open' && !gaveUp ? POLL_MS : false),
  });
  const status = session.data?.status;
  const known = status === 'complete' || status === 'failed' || status === 'expired' || session.isError;
  useEffect(() => {
    if (!sessionId || !known) return;
    void client.invalidateQueries({ queryKey: ['customer-account'] });
    void client.invalidateQueries({ queryKey: ['statements'] });
    setParams(
      (p) => {
        p.delete('cardPayment');
        return p;
      },
      { replace: true },
    );
  }, [sessionId, known, client, setParams]);
  if (!sessionId || session.isError || status === 'expired') return { kind: 'none' };
  if (status === 'complete')
    return {
      kind: 'paid',
      sessionId,
      amount: session.data?.amount ?? null,
      card: session.data?.card?.display ?? null,
    };
  if (status === 'failed') return { kind: 'declined', code: session.data?.declineCode ?? 'card_declined' };
  return { kind: gaveUp ? 'waiting' : 'checking' };
}

/** Keeps the card the balance was just paid with for the account's future payments (ADR 353). */
export function useKeepSessionCard(sessionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(endpoints.keepSessionCard, { params: { sessionId } }),
    meta: { errorModal: false },
    onSuccess: () => client.invalidateQueries({ queryKey: ['customer-account'] }),
  });
}
