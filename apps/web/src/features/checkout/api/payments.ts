import type { CardCheckoutBody, CardSetupBody, MotoCheckoutBody } from '@forecourt/contracts/payments';
import { call } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';

/** POST /customerPayments/checkout/bind {proposalCode, paymentMethodType}: what is due today to buy it. */
export const createBindPayment = (proposalCode: string, paymentMethodType?: 'CARD' | 'BACS_DEBIT') =>
  call(endpoints.createBindPayment, {
    body: { proposalCode, ...(paymentMethodType ? { paymentMethodType } : {}) },
  });

/** POST /{card provider}/checkout: a hosted page paying the customer payment. */
export const createCardCheckout = (body: CardCheckoutBody) => call(endpoints.createCardCheckout, { body });

/** POST /{card provider}/setup: a hosted page saving a card, with the proposal code as client reference. */
export const createCardSetup = (body: CardSetupBody) => call(endpoints.createCardSetup, { body });

/** GET /{card provider}/sessions/{id}: how a hosted session ended (complete, failed, ...). */
export const getCardSession = (sessionId: string) =>
  call(endpoints.getCardSession, { params: { sessionId } });

/** POST /{card provider}/moto/checkout: staff take a customer payment by phone with a card token. */
export const settleByToken = (body: Omit<MotoCheckoutBody, 'country'>) =>
  call(endpoints.settleByToken, { body: { country: 'GB', ...body } });

/** POST /{dd provider}/flows: the hosted Direct Debit page; the browser follows redirectUrl. */
export const createRedirectFlow = (body: { mandateDescription: string; successUrl: string }) =>
  call(endpoints.createRedirectFlow, { body });

/** POST /{dd provider}/mandates {redirectFlowId}: completes the flow into a mandate. */
export const createMandate = (redirectFlowId: string) =>
  call(endpoints.createMandate, { body: { redirectFlowId } });

/** GET /{dd provider}/mandates: the caller's mandates. */
export const listMandates = () => call(endpoints.listMandates);
