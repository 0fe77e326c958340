import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

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
    },
  });
}

/** The hosted card page for the outstanding balance (spec 2 §7 stripeSettleSession); the browser goes there. */
export async function payOutstanding(accountId: string, name: string) {
  const here = window.location.href;
  const session = await call(endpoints.settleByCard, {
    body: { accountId, successUrl: here, cancelUrl: here, lineItem: { name } },
  });
  window.location.assign(session.url);
}
