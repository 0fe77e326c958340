import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { call } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { refetchAfterWrite } from '../../../lib/api/refetch-after-write.ts';

export type RedirectFlowState = 'none' | 'working' | 'done' | 'failed';

/**
 * Spec 2 §2: home is also where the Direct Debit provider sends the customer back; a `redirect_flow_id` in the
 * query string is exchanged for a payment method (POST /{dd provider}/mandates) once, then taken out of
 * the address so a reload does not repeat it.
 */
export function useRedirectFlowLanding(): RedirectFlowState {
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const flowId = params.get('redirect_flow_id');
  const started = useRef<string | null>(null);
  const [state, setState] = useState<RedirectFlowState>(flowId ? 'working' : 'none');
  useEffect(() => {
    if (!flowId || started.current === flowId) return;
    started.current = flowId;
    setState('working');
    call(endpoints.createMandate, { body: { redirectFlowId: flowId } })
      .then(() => {
        setState('done');
        // A mandate set up from a billing tab shows there as waiting for the bank's approval (ADR 310).
        // Home's lists were asked for as it opened, perhaps before the mandate was recorded (ADR 367).
        void refetchAfterWrite(client, ['customer-account']);
        void refetchAfterWrite(client, ['customerAccounts']);
        return refetchAfterWrite(client, queryKeys.mandates());
      })
      .catch(() => setState('failed'))
      .finally(() =>
        setParams(
          (p) => {
            p.delete('redirect_flow_id');
            return p;
          },
          { replace: true },
        ),
      );
  }, [flowId, client, setParams]);
  return state;
}
