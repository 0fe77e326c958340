import type { AutoRenewalBody } from '@forecourt/contracts/policies';
import { RENEWAL_CANCELLATION_REASONS } from '@forecourt/domain/enums';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/endpoint.ts';
import { endpoints } from '../api/endpoints.ts';
import { queryKeys } from '../api/query-keys.ts';
import { registerTexts } from '../i18n/i18n.ts';

/**
 * The auto-renewal switch (spec 2 §4, spec 3 §4 Renewal: PUT /api/policies/{id}/autoRenewal), shared by the
 * home banner (opt back in), the policy page's modal and the renewal opt-out page. Refreshes the policy, the
 * policy list and the proposals (the renewal quote an opt-back-in may create).
 */
export function useSetAutoRenewal(policyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AutoRenewalBody) => call(endpoints.setAutoRenewal, { params: { id: policyId }, body }),
    onSuccess: async (policy) => {
      client.setQueryData(queryKeys.policy(policyId), policy);
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.myPolicies() }),
        client.invalidateQueries({ queryKey: queryKeys.myProposals() }),
      ]);
    },
  });
}

/** Why a customer opts out (spec 3 §3: the renewal and cancellation reasons). */
export const OPT_OUT_REASONS = RENEWAL_CANCELLATION_REASONS;

registerTexts({
  'renewal.reason.SoldNR': 'I have sold the car and am not replacing it',
  'renewal.reason.SoldMake': 'I have sold the car and am buying another',
  'renewal.reason.Price': 'The price',
  'renewal.reason.Service': 'The service',
  'renewal.reason.NotSuitable': 'The cover does not suit me',
  'renewal.reason.Other': 'Something else',
  'renewal.reason.label': 'Why are you opting out?',
  'renewal.reason.otherLabel': 'Tell us more',
});
