import type { ClaimStatus } from '@forecourt/domain/enums';
import type { StatusVariant } from '../../../ui/index.ts';

/** Spec 2 §4: active → info, settled → success, pending → default. */
export const CLAIM_STATUS_VARIANT: Record<ClaimStatus, StatusVariant> = {
  active: 'info',
  settled: 'success',
  pending: 'default',
};
