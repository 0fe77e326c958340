/** The cancellation area's face (ADR 358): the cancel form, its confirmation, and what cancelling offers. */
import './texts.ts';

export { useCancellationOptions } from './api/cancellation.ts';
export { CancelForm } from './components/cancel-form.tsx';
export { CancellationConfirmation } from './components/cancellation-confirmation.tsx';
