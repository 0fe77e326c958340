/**
 * The changes area's face (ADR 358): a mid-term change from the management pages or the change covers, its
 * review and payment, and the notices that changes are blocked. The policy page routes its sub-paths here.
 */
import { lazy } from 'react';
import { journey } from '../../lib/i18n/journey.ts';
import './texts.ts';

export { hostedPage, useAdjustment } from './api/adjustments.ts';
export { AdjustmentPayment } from './components/adjustment-payment.tsx';
export { AdjustmentResult, AdjustmentReview } from './components/adjustment-review.tsx';
export {
  AdjustmentsBlocked,
  AdjustmentsBlockedModal,
  adjustmentsBlocked,
} from './components/adjustments-blocked.tsx';
export { ChangeBlockedModal } from './components/change-blocked-modal.tsx';
export { AddOnsPage, ExcessPage } from './components/change-covers.tsx';
export { RenewalQuoted, renewalQuotedFor } from './components/renewal-quoted.tsx';

/** The management pages carry the disclosure forms and lookups: loaded with the journeys' texts when opened. */
export const ManagementPage = lazy(() =>
  journey(import('./components/management.tsx')).then((m) => ({ default: m.ManagementPage })),
);
