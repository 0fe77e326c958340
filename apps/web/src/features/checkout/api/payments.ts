import type {
  CardSessionResponse,
  CardSessionStatus,
  CustomerPayment,
  Mandate,
} from '@forecourt/contracts/payments';
import { api } from '../../../lib/api/client.ts';

/** The card and Direct Debit providers' path segments (spec 3 §7: the segment is the provider's name). */
export const CARD_PROVIDER = 'stripe';
export const DD_PROVIDER = 'gocardless';

/** POST /customerPayments/checkout/bind {proposalCode}: what is due today to buy this proposal. */
export const createBindPayment = (proposalCode: string) =>
  api<CustomerPayment>('/customerPayments/checkout/bind', { method: 'POST', body: { proposalCode } });

export interface CardCheckoutInput {
  paymentId: string;
  successUrl: string;
  cancelUrl: string;
  lineItem: { name: string; description?: string };
  locale?: string;
}

/** POST /{card provider}/checkout: a hosted page paying the customer payment. */
export const createCardCheckout = (body: CardCheckoutInput) =>
  api<CardSessionResponse>(`/${CARD_PROVIDER}/checkout`, { method: 'POST', body });

/** POST /{card provider}/setup: a hosted page saving a card, with the proposal code as client reference. */
export const createCardSetup = (body: { clientReference: string; successUrl: string; cancelUrl: string }) =>
  api<CardSessionResponse>(`/${CARD_PROVIDER}/setup`, { method: 'POST', body });

/** GET /{card provider}/sessions/{id}: how a hosted session ended (complete, failed, ...). */
export const getCardSession = (sessionId: string) =>
  api<CardSessionStatus>(`/${CARD_PROVIDER}/sessions/${encodeURIComponent(sessionId)}`);

export interface SettleByTokenInput {
  paymentId: string;
  itemName: string;
  token: string;
  postalCode: string;
  dateOfBirth: string;
}

/** POST /{card provider}/moto/checkout: staff take a customer payment by phone with a card token. */
export const settleByToken = (body: SettleByTokenInput) =>
  api<CustomerPayment>(`/${CARD_PROVIDER}/moto/checkout`, {
    method: 'POST',
    body: { country: 'GB', ...body },
  });

/** POST /{dd provider}/flows: the hosted Direct Debit page; the browser follows redirectUrl. */
export const createRedirectFlow = (body: { mandateDescription: string; successUrl: string }) =>
  api<{ redirectFlowId: string; redirectUrl: string }>(`/${DD_PROVIDER}/flows`, { method: 'POST', body });

/** POST /{dd provider}/mandates {redirectFlowId}: completes the flow into a mandate. */
export const createMandate = (redirectFlowId: string) =>
  api<Mandate>(`/${DD_PROVIDER}/mandates`, { method: 'POST', body: { redirectFlowId } });

/** GET /{dd provider}/mandates: the caller's mandates. */
export const listMandates = () => api<Mandate[]>(`/${DD_PROVIDER}/mandates`);
