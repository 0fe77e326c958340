/** What other areas may use from checkout (H5's proposal configuration: the identity check before add-ons). */
export { IdCheckFailedModal } from './components/id-check-failed-modal.tsx';
export { type IdCheck, useIdCheck } from './hooks/use-id-check.tsx';
