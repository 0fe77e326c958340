import type { AdjustmentChange } from '@forecourt/contracts/adjustments';
import type { Policy } from '@forecourt/contracts/policies';
import { lastChangeAtOf } from '@forecourt/domain/policy/effective-date';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { apiErrorReason } from '../../../lib/api/errors.ts';
import { useConfig } from '../../../lib/config.tsx';
import { useMakeAdjustment } from '../api/adjustments.ts';
import { ChangeBlockedModal } from './change-blocked-modal.tsx';
import { EffectiveDateModal } from './effective-date-modal.tsx';

/** The API's answer for a change made in the renewal window (ADR 257), named by its reason. */
export const blockedByRenewal = (err: unknown) => apiErrorReason(err) === 'CHANGE_BLOCKED_RENEWAL_WINDOW';

/**
 * Makes the change and opens its review; nothing is sent when nothing changed. Staff choose the effective date
 * first; a change the server blocks in the renewal window opens the change-blocked modal.
 */
export function useSubmitChange(policy: Policy, root: string) {
  const navigate = useNavigate();
  const { features } = useConfig();
  const make = useMakeAdjustment(policy.policyId);
  const [pending, setPending] = useState<AdjustmentChange[] | null>(null);
  const send = (changes: AdjustmentChange[], effectiveAt?: string) =>
    make.mutate(
      { changes, effectiveAt },
      { onSuccess: (a) => navigate(`${root}/management/adjustment/${a.adjustmentId}`) },
    );
  const submit = (changes: AdjustmentChange[]) => {
    if (changes.length === 0) return navigate(root);
    // Staff choose the effective date first (spec 3 §4 step 1); customers' changes apply now, or, while a change
    // already made waits for a later date, from then (ADR 398: never before it; the review can move it later).
    if (features.isAdmin) return setPending(changes);
    // (A policy not yet started: its latest version starts at the start, where an undated change applies anyway.)
    const waiting = lastChangeAtOf(policy.versions);
    const later =
      waiting &&
      new Date(waiting) > new Date() &&
      new Date(waiting).getTime() !== new Date(policy.policyDetail.inceptedAt).getTime();
    send(changes, later ? waiting : undefined);
  };
  const blocked = blockedByRenewal(make.error);
  const modal = (
    <>
      <EffectiveDateModal
        policy={policy}
        open={pending !== null}
        onClose={() => setPending(null)}
        onChoose={(effectiveAt) => {
          if (pending) send(pending, effectiveAt);
          setPending(null);
        }}
      />
      <ChangeBlockedModal open={blocked} onClose={() => make.reset()} />
    </>
  );
  return { submit, make, modal, blocked };
}
