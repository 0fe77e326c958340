import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { call } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { refetchAfterWrite } from '../../../lib/api/refetch-after-write.ts';

/** An account's statements, newest first (spec 2 §7 getStatementSummaries). */
export function useStatements(accountId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.statements(accountId ?? ''),
    queryFn: ({ signal }) => call(endpoints.listStatements, { params: { id: accountId ?? '' }, signal }),
    enabled: accountId !== undefined,
  });
}

/** One statement with its line items (spec 2 §7 getCustomerStatement). */
export function useStatement(accountId: string, statementId: string | null) {
  return useQuery({
    queryKey: queryKeys.statement(accountId, statementId ?? ''),
    queryFn: ({ signal }) =>
      call(endpoints.getStatement, { params: { id: accountId, statementId: statementId ?? '' }, signal }),
    enabled: statementId !== null,
  });
}

/** Staff change the payment day (spec 2 §7 updatePaymentDay); the account, estimate and statements reload. */
export function useChangePaymentDay(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (paymentDay: number) =>
      call(endpoints.changePaymentDay, { params: { id: accountId }, body: { paymentDay } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['customer-account'] });
      await client.invalidateQueries({ queryKey: queryKeys.nextStatement(accountId) });
      await client.invalidateQueries({ queryKey: queryKeys.statements(accountId) });
      // The next payment is part of the policy's standing (ADR 352).
      await client.invalidateQueries({ queryKey: ['policy'] });
      await client.invalidateQueries({ queryKey: queryKeys.myPolicies() });
    },
  });
}

/**
 * The hosted card page for the outstanding balance (spec 2 §7 stripeSettleSession) and what it will charge,
 * for the confirmation before the browser goes there (ADR 353). The page comes back to this billing tab
 * (`tabPath`) naming its session (`?cardPayment=`), so the tab can say how the payment went.
 */
export async function openSettlePage(accountId: string, name: string, tabPath: string) {
  const here = `${window.location.origin}${tabPath}`;
  return call(endpoints.settleByCard, {
    body: {
      accountId,
      successUrl: `${here}?cardPayment={CHECKOUT_SESSION_ID}`,
      cancelUrl: here,
      lineItem: { name },
    },
  });
}

/** Leaving for a provider's hosted page (a seam for tests). */
export const browser = { go: (url: string) => window.location.assign(url) };

/**
 * Change card (ADR 310, spec 2 §7 stripeSetupSession): a hosted page saving a card whose client reference is
 * the account; the browser goes there and comes back to this billing tab (`tabPath`) naming the session
 * (Stripe's {CHECKOUT_SESSION_ID} template).
 */
export async function changeCard(accountId: string, tabPath: string) {
  const here = `${window.location.origin}${tabPath}`;
  const session = await call(endpoints.createCardSetup, {
    body: {
      clientReference: accountId,
      successUrl: `${here}?cardSetup={CHECKOUT_SESSION_ID}`,
      cancelUrl: here,
    },
  });
  browser.go(session.url);
}

/**
 * Set up or replace the account's Direct Debit (ADR 310, spec 2 §7 createRedirectFlow): the provider's
 * bank-details page, then home, where the redirect_flow_id is exchanged for the mandate.
 */
export async function setUpDirectDebit(accountId: string, mandateDescription: string) {
  const flow = await call(endpoints.createRedirectFlow, {
    body: { clientReference: accountId, mandateDescription, successUrl: `${window.location.origin}/` },
  });
  browser.go(flow.redirectUrl);
}

export type CardSetupReturn = 'none' | 'checking' | 'saved' | 'waiting' | { declined: string };

/**
 * Back from the card page with ?cardSetup={session}: how it ended (the webhook has usually arrived first);
 * the account reloads, and the parameter leaves the address so a reload does not ask again.
 */
export function useCardSetupReturn(): CardSetupReturn {
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const sessionId = params.get('cardSetup');
  const [state, setState] = useState<CardSetupReturn>(sessionId ? 'checking' : 'none');
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!sessionId || asked.current === sessionId) return;
    asked.current = sessionId;
    call(endpoints.getCardSession, { params: { sessionId } })
      .then((s) =>
        setState(
          s.status === 'complete'
            ? 'saved'
            : s.status === 'failed'
              ? { declined: s.declineCode ?? 'card_declined' }
              : 'waiting',
        ),
      )
      .catch(() => setState('none'))
      .finally(() => {
        // The account asked for as the page opened may have been read before the card was saved (ADR 367).
        void refetchAfterWrite(client, ['customer-account']);
        setParams(
          (p) => {
            p.delete('cardSetup');
            return p;
          },
          { replace: true },
        );
      });
  }, [sessionId, client, setParams]);
  return state;
}

/** The policy's billing account (GET /customerAccounts?policyNumber=), or null when it has none. */
export function usePolicyAccount(policyNumber: string | undefined) {
  return useQuery({
    queryKey: queryKeys.policyAccount(policyNumber ?? ''),
    queryFn: async ({ signal }) =>
      (await call(endpoints.listCustomerAccounts, { query: { policyNumber }, signal }))[0] ?? null,
    enabled: policyNumber !== undefined,
    meta: { errorModal: false },
    retry: false,
  });
}

/** When the next payment is due and roughly how much (GET /customerAccounts/{id}/nextStatementEstimate). */
export function useNextPayment(accountId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.nextStatement(accountId ?? ''),
    queryFn: ({ signal }) =>
      call(endpoints.nextStatementEstimate, { params: { id: accountId ?? '' }, signal }),
    enabled: accountId !== undefined,
    meta: { errorModal: false },
    retry: false,
  });
}
