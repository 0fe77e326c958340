import { randomUUID } from 'node:crypto';
import { todayInLondon } from '@forecourt/domain/dates';
import { sampleProposalData } from '@forecourt/domain/risk/sample';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../src/lib/context.ts';
import { ACT_FOR_CUSTOMER, type Permission } from '../src/lib/roles.ts';
import type { RouteAccess } from '../src/lib/route-permission.ts';
import { changePaymentDay } from '../src/modules/billing/payment-day.ts';
import { settleByPhone } from '../src/modules/billing/settle-account.ts';
import { listStaffClaims } from '../src/modules/claims/staff-claims.ts';
import { createStaffUser } from '../src/modules/identity/demo-identities.ts';
import { ADMIN_PERMISSIONS } from '../src/modules/identity/issuer-key.ts';
import { signIn } from './helpers/identity-flow.ts';
import { anonymousToken } from './helpers/test-app.ts';
import { type ListeningApp, listeningApp } from './payments-helpers.ts';
import { png, staging } from './uploads-helpers.ts';

// The access matrix (issue 9, "make it stay fixed"): every route of the app, read from the route table, has
// an entry below saying who may call it; every route that takes an id, code or filter is called as each kind
// of caller with the owner's identifiers, and the answers must match the matrix. A response to anyone but the
// owner (or staff impersonating the owner) must not contain the owner's identifiers. A new route without an
// entry fails, naming it.
// Each staff route declares the permission it needs (its route options, issue 30 point 5); the matrix reads
// the declarations from the app (app.routePermissions): staff holding every permission but one the route
// needs are refused (403), staff holding just what it needs pass. A staff route declaring none fails.

const CALLERS = [
  'owner',
  'other customer',
  'other visitor',
  'no token',
  'tampered token',
  'staff not impersonating',
  'staff impersonating owner',
  'staff impersonating other',
  'staff without permission impersonating owner',
] as const;
type Caller = (typeof CALLERS)[number];

interface Owner {
  token: string;
  partyId: string;
  email: string;
  /** Bound: it has a policy, an account and a settled first payment. */
  boundCode: string;
  /** A rated quote the matrix may change. */
  quoteCode: string;
  /** Quotes each deleting caller may delete. */
  spare: Record<'owner' | 'staff', string>;
  policyId: string;
  policyNumber: string;
  accountId: string;
  statementId: string;
  paymentId: string;
  sessionId: string;
  flowId: string;
  /** A claim on the bound policy. */
  claimReference: string;
  /** A cancellation of the bound policy made and left to expire (its commit is then refused: 410). */
  adjustmentId: string;
  /** A file the owner uploaded about the bound policy (uploads, ADR 260). */
  uploadFileId: string;
}

let t: ListeningApp;
let o: Owner;
/** Staff tokens by the permissions they hold (sorted, comma-joined): made for the declared permissions. */
const staffByPermissions = new Map<string, string>();
const keyOf = (permissions: readonly string[]) => [...permissions].sort().join(',');
const tokens: Partial<Record<Caller, { token?: string; impersonate?: string }>> = {};

/** An expected answer: a rule and how to say it. */
type Expect = { is: (r: LightMyRequestResponse) => boolean; says: string };
/** The brand feature the payment-day change needs (spec 2 §4), off in the default brand: on for the row. */
function billingDayFeature() {
  const features = t.app.services.brand.features;
  features.allowModifyBillingDay = true;
  return () => {
    features.allowModifyBillingDay = false;
  };
}

const status = (...codes: number[]): Expect => ({
  is: (r) => codes.includes(r.statusCode),
  says: codes.join('|'),
});
const OK: Expect = { is: (r) => r.statusCode < 300, says: '2xx' };
/** Past the access check: anything but 401/403/404 (a write may be refused for business reasons). */
const ALLOWED: Expect = {
  is: (r) => r.statusCode < 500 && ![401, 403, 404].includes(r.statusCode),
  says: 'allowed (not 401/403/404)',
};
/** An answer about the caller's own party: 2xx (the leak check proves it is not the owner's data) or refused. */
const NOTHING_OF_OWNER: Expect = {
  is: (r) => r.statusCode < 300 || [401, 403, 404].includes(r.statusCode),
  says: '2xx without the owner’s data, or refused',
};
const NOT_FOUND: Expect = {
  is: (r) => r.statusCode === 404 && r.json().code === 'NOT_FOUND',
  says: '404 NOT_FOUND',
};
const ANY: Expect = { is: (r) => r.statusCode < 500, says: 'any answer below 500' };

type Row =
  | {
      /** Customer data named by an id, code or filter. */
      kind: 'owned' | 'filter' | 'staff';
      url: (c: Caller) => string;
      body?: (c: Caller) => unknown;
      /** Overrides of the kind's defaults, as the design says. */
      expect?: Partial<Record<Caller, Expect>>;
      why?: string;
      /** Sets the app up for this row (a brand feature); returns what undoes it. */
      around?: () => () => void;
    }
  | { kind: 'public' | 'exempt'; why: string; url?: (c: Caller) => string; body?: (c: Caller) => unknown };

/**
 * The matrix calls the app by `inject`, whose requests arrive with `Host: localhost:80`: the app's own origin is
 * then http://localhost, and hosted pages return only there (issue 9 §7, ADR 132).
 */
const APP_ORIGIN = 'http://localhost';
const returnUrls = () => ({ successUrl: `${APP_ORIGIN}/ok`, cancelUrl: `${APP_ORIGIN}/cancel` });
const moto = () => ({
  itemName: 'Monthly car insurance',
  token: 'tok_visa',
  postalCode: 'LS1 5HD',
  dateOfBirth: '1990-01-01',
});
/** A loss on the owner's policy, as the built-in claim form sends it. */
const loss = () => ({
  policyId: o.policyId,
  claimType: 'Accident',
  claimSubType: 'NotFault',
  occurredAt: new Date(Date.now() - 86_400_000).toISOString(),
  location: 'Leeds',
  description: 'Hit while parked',
  injuries: false,
});
const spare = (c: Caller) =>
  c === 'owner' ? o.spare.owner : c === 'staff impersonating owner' ? o.spare.staff : o.quoteCode;

/** Staff never type a card into the customer's hosted page: they take it by phone (403). */
const STAFF_TAKE_CARDS_BY_PHONE: Partial<Record<Caller, Expect>> = {
  'staff impersonating owner': status(403),
  'staff impersonating other': status(403, 404),
};

/** The matrix: one entry per route of the route table (method and path as Fastify declares them). */
const MATRIX: Record<string, Row> = {
  // Public: no customer data; anyone may call (an invalid token on /api is still a 401).
  'GET /healthz': { kind: 'public', why: 'liveness' },
  'GET /readyz': { kind: 'public', why: 'readiness' },
  'POST /api/session': { kind: 'public', why: 'issues an anonymous session' },
  'GET /api/config': { kind: 'public', why: 'brand configuration' },
  'GET /api/lookup/vehicles/vehicles/vrn': { kind: 'public', why: 'reference data' },
  'GET /api/lookup/vehicles/makes': { kind: 'public', why: 'reference data' },
  'GET /api/lookup/vehicles/models': { kind: 'public', why: 'reference data' },
  'GET /api/lookup/vehicles/vehicles': { kind: 'public', why: 'reference data' },
  'GET /api/lookup/addresses': { kind: 'public', why: 'reference data' },
  'GET /api/lookup/address/:id': {
    kind: 'public',
    why: 'reference data: the id names an address of the lookup service, not a customer',
  },
  'GET /api/lookup/data/:table': {
    kind: 'public',
    why: 'reference data',
    url: () => '/api/lookup/data/occupations',
  },
  'GET /api/lookup/data/:table/:entry': { kind: 'public', why: 'reference data' },
  'POST /api/form/validation/:profile': {
    kind: 'public',
    why: 'validates answers sent in the body; reads nothing stored',
    url: () => '/api/form/validation/policyholder',
    body: () => ({ data: {} }),
  },
  'POST /api/session/back-book': {
    kind: 'public',
    why: 'retrieval by knowledge factors (reference, date of birth, postcode), rate limited',
    url: () => '/api/session/back-book',
    body: () => ({ externalReference: 'NO-SUCH-REF', dateOfBirth: '1990-01-01', postalCode: 'LS1 5HD' }),
  },
  'POST /api/partners/quotes': {
    kind: 'exempt',
    why: 'authenticated by the partner API key (X-Api-Key), not a session: no key is 401 for everyone (partner-quotes.test)',
    body: () => ({ schemeCode: 'FCMOTOR1', data: sampleProposalData(todayInLondon(new Date())) }),
  },
  'POST /api/session/partner-quote': {
    kind: 'public',
    why: 'a partner quote’s one-time deep link: an unguessable token, exchanged once (410 after)',
    body: () => ({ token: 'A'.repeat(43) }),
  },
  'GET /': { kind: 'exempt', why: 'the single-page app' },
  'GET /{*}': { kind: 'exempt', why: 'the single-page app: every page path serves index.html, no data' },
  // Signed by the provider: no caller token counts; an unsigned post is refused for everyone.
  'POST /api/stripe/webhooks': { kind: 'exempt', why: 'provider webhook, HMAC signed' },
  'POST /api/gocardless/webhooks': { kind: 'exempt', why: 'provider webhook, HMAC signed' },
  // Outside /api: hosted pages addressed by unguessable ids (like the real providers'), the sign-in pages.
  'GET /sandbox/card/checkout/:id': { kind: 'exempt', why: 'hosted payment page, unguessable session id' },
  'POST /sandbox/card/checkout/:id': { kind: 'exempt', why: 'hosted payment page, unguessable session id' },
  'GET /sandbox/card/checkout/:id/cancel': {
    kind: 'exempt',
    why: 'hosted payment page, unguessable session id',
  },
  'GET /sandbox/gocardless/flows/:id': { kind: 'exempt', why: 'hosted mandate page, unguessable flow id' },
  'POST /sandbox/gocardless/flows/:id': { kind: 'exempt', why: 'hosted mandate page, unguessable flow id' },
  'GET /auth/interaction/:uid': { kind: 'exempt', why: 'sign-in page bound to its interaction cookie' },
  'POST /auth/interaction/:uid/send': { kind: 'exempt', why: 'sign-in page bound to its interaction cookie' },
  'POST /auth/interaction/:uid/verify': {
    kind: 'exempt',
    why: 'sign-in page bound to its interaction cookie',
  },
  'GET /sandbox/fnol/:id': { kind: 'exempt', why: 'hosted claim form, unguessable one-use link id' },
  'POST /sandbox/fnol/:id': { kind: 'exempt', why: 'hosted claim form, unguessable one-use link id' },
  'GET /documents/:wordingVersion/:file': {
    kind: 'exempt',
    why: 'static product documents, the same for all',
  },

  // The caller's own party: no id; a filter never reaches someone else's data.
  'GET /api/policyholder': { kind: 'filter', url: () => '/api/policyholder' },
  'PATCH /api/policyholder': {
    kind: 'filter',
    url: () => '/api/policyholder',
    body: () => ({ marketingPreferences: { email: true, phone: false, sms: false } }),
  },
  'GET /api/proposals': {
    kind: 'filter',
    url: () => `/api/proposals?externalReference=${o.boundCode}&schemeCode=FCMOTOR1`,
  },
  'POST /api/proposals': {
    kind: 'filter',
    url: () => '/api/proposals',
    body: () => ({ schemeCode: 'FCMOTOR1', data: sampleProposalData(todayInLondon(new Date())) }),
    expect: { 'other visitor': OK, 'other customer': OK },
  },
  'GET /api/customerAccounts': {
    kind: 'filter',
    url: () => `/api/customerAccounts?policyNumber=${o.policyNumber}`,
  },
  'GET /api/policies': { kind: 'filter', url: () => '/api/policies?schemeCode=FCMOTOR1' },
  'GET /api/gocardless/mandates': { kind: 'filter', url: () => '/api/gocardless/mandates' },
  'GET /api/claims': {
    kind: 'owned',
    url: () => `/api/claims?policyNumber=${o.policyNumber}`,
    why: 'another party’s policy number is not found (issue 27 §12)',
  },
  'POST /api/gocardless/flows': {
    kind: 'filter',
    url: () => '/api/gocardless/flows',
    body: () => ({ mandateDescription: 'Car insurance', successUrl: `${APP_ORIGIN}/ok` }),
  },

  // The owner's data, named by code or id.
  'GET /api/proposals/:code': { kind: 'owned', url: () => `/api/proposals/${o.boundCode}` },
  'PATCH /api/proposals/:code': {
    kind: 'owned',
    url: () => `/api/proposals/${o.quoteCode}`,
    body: () => ({ changes: [] }),
  },
  'DELETE /api/proposals/:code': { kind: 'owned', url: (c) => `/api/proposals/${spare(c)}` },
  'POST /api/proposals/:code/retain': {
    kind: 'owned',
    url: () => `/api/proposals/${o.quoteCode}/retain`,
    body: () => ({ email: o.email }),
  },
  'POST /api/proposals/:code/tracking': {
    kind: 'owned',
    url: () => `/api/proposals/${o.quoteCode}/tracking`,
    body: () => ({ values: { source: 'matrix' } }),
    // Tracking is recorded once; the second of the owner's callers meets a conflict.
    expect: { owner: ALLOWED, 'staff impersonating owner': ALLOWED },
  },
  'PATCH /api/proposals/:code/promotions/:id': {
    kind: 'owned',
    url: () => `/api/proposals/${o.quoteCode}/promotions/HC3M`,
    body: () => ({ promotionActivationCode: 'HC3M' }),
    expect: { owner: ALLOWED, 'staff impersonating owner': ALLOWED },
  },
  'PUT /api/proposals/:code/verify': { kind: 'owned', url: () => `/api/proposals/${o.quoteCode}/verify` },
  'PUT /api/proposals/:code/id-check': { kind: 'owned', url: () => `/api/proposals/${o.quoteCode}/id-check` },
  'POST /api/proposals/:code/bind': {
    kind: 'owned',
    url: () => `/api/proposals/${o.quoteCode}/bind`,
    expect: { owner: ALLOWED, 'staff impersonating owner': ALLOWED },
  },
  'POST /api/proposals/:code/account': {
    kind: 'owned',
    url: () => `/api/proposals/${o.boundCode}/account`,
    expect: { owner: ALLOWED, 'staff impersonating owner': ALLOWED },
  },
  'POST /api/proposals/merge': {
    kind: 'owned',
    url: () => '/api/proposals/merge',
    body: (c) => ({ proposalCode: o.quoteCode, sourceAccessToken: tokens[c]?.token ?? 'none' }),
    why: 'only a signed-in customer holding the source token merges; the code alone takes nothing',
    expect: {
      owner: ALLOWED,
      // Merging is the customer's own act after signing in: visitors are told to sign in, staff refused.
      'staff impersonating owner': status(403),
      'staff impersonating other': status(403),
      'other visitor': status(401),
      // Another customer presents its own token, which is not an anonymous source: refused as invalid.
      'other customer': status(400, 404),
    },
  },
  'POST /api/policyholder/validateAccount': {
    kind: 'owned',
    url: () => '/api/policyholder/validateAccount',
    body: () => ({ source: o.boundCode }),
  },
  'POST /api/customerPayments/checkout/bind': {
    kind: 'owned',
    url: () => '/api/customerPayments/checkout/bind',
    body: () => ({ proposalCode: o.quoteCode }),
    expect: { owner: ALLOWED, 'staff impersonating owner': ALLOWED },
  },
  'POST /api/customerAccounts': {
    kind: 'owned',
    url: () => '/api/customerAccounts',
    body: () => ({ proposalCode: o.quoteCode }),
    expect: { owner: ALLOWED, 'staff impersonating owner': ALLOWED },
  },
  'GET /api/customerAccounts/:id/statements': {
    kind: 'owned',
    url: () => `/api/customerAccounts/${o.accountId}/statements`,
  },
  'GET /api/customerAccounts/:id/statements/:statementId': {
    kind: 'owned',
    url: () => `/api/customerAccounts/${o.accountId}/statements/${o.statementId}`,
  },
  'PUT /api/customerAccounts/:id/paymentDay': {
    kind: 'staff',
    url: () => `/api/customerAccounts/${o.accountId}/paymentDay`,
    body: () => ({ paymentDay: 12 }),
    why: 'staff change the payment day on the customer’s behalf',
    around: () => billingDayFeature(),
  },
  'POST /api/policies/:id/billingDay': {
    kind: 'staff',
    url: () => `/api/policies/${o.policyId}/billingDay`,
    body: () => ({ billingDay: 12 }),
    why: 'staff change the payment day on the customer’s behalf (spec 3 §7)',
    around: () => billingDayFeature(),
  },
  'GET /api/customerAccounts/:id/nextStatementEstimate': {
    kind: 'owned',
    url: () => `/api/customerAccounts/${o.accountId}/nextStatementEstimate`,
  },
  'GET /api/policies/:id': { kind: 'owned', url: () => `/api/policies/${o.policyId}` },
  'GET /api/policies/:id/cancellation': {
    kind: 'owned',
    url: () => `/api/policies/${o.policyId}/cancellation`,
  },
  'POST /api/policyAdjustments': {
    kind: 'owned',
    url: () => '/api/policyAdjustments',
    body: () => ({ adjustmentType: 'CANCELLATION', policyId: o.policyId, reason: 'Price' }),
    why: 'makes a cancellation to review; nothing changes until it is committed',
  },
  'GET /api/policyAdjustments/:id': {
    kind: 'owned',
    url: () => `/api/policyAdjustments/${o.adjustmentId}`,
  },
  'POST /api/policyAdjustments/:id/commit': {
    kind: 'owned',
    url: () => `/api/policyAdjustments/${o.adjustmentId}/commit`,
    // The owner's adjustment has expired, so committing it is refused (410) and the policy stays live.
    expect: { owner: ALLOWED, 'staff impersonating owner': ALLOWED },
  },
  'POST /api/customerPayments/checkout/mta': {
    kind: 'owned',
    url: () => '/api/customerPayments/checkout/mta',
    body: () => ({ adjustmentId: o.adjustmentId }),
    // The owner's adjustment has expired: past the access check it is gone (410), and no payment is made.
    expect: { owner: ALLOWED, 'staff impersonating owner': ALLOWED },
  },
  'POST /api/documents/upload/stage/:id': {
    kind: 'owned',
    url: () => `/api/documents/upload/stage/${o.policyId}`,
    // The matrix sends JSON: past the access check that is a 400 (no file), which nothing stages.
    expect: { owner: ALLOWED, 'staff impersonating owner': ALLOWED },
  },
  'POST /api/documents/upload/commit/:id': {
    kind: 'owned',
    url: () => `/api/documents/upload/commit/${o.policyId}`,
    body: () => ({ fileNames: ['matrix.png'], purpose: 'NCD_PROOF' }),
    // One of the two sends the staged file; the other finds it sent already (400).
    expect: { owner: ALLOWED, 'staff impersonating owner': ALLOWED },
  },
  'GET /api/documents/upload/:id': { kind: 'owned', url: () => `/api/documents/upload/${o.policyId}` },
  'GET /api/documents/upload/:id/files/:fileId': {
    kind: 'owned',
    url: () => `/api/documents/upload/${o.policyId}/files/${o.uploadFileId}`,
  },
  'PUT /api/policies/:id/autoRenewal': {
    kind: 'owned',
    url: () => `/api/policies/${o.policyId}/autoRenewal`,
    body: () => ({ enabled: true }),
  },
  'GET /api/documents/policy/:id/:doc': {
    kind: 'owned',
    url: () => `/api/documents/policy/${o.policyId}/policy-certificate`,
    // Documents are rendered by a job (off in tests): the owner may get "not ready", never others.
    expect: {
      owner: {
        is: (r) => r.statusCode < 300 || r.json().code === 'DOCUMENT_NOT_READY',
        says: '2xx or not ready',
      },
      'staff impersonating owner': {
        is: (r) => r.statusCode < 300 || r.json().code === 'DOCUMENT_NOT_READY',
        says: '2xx or not ready',
      },
    },
  },
  'GET /api/stripe/sessions/:sessionId': { kind: 'owned', url: () => `/api/stripe/sessions/${o.sessionId}` },
  // ADR 353: keep the card a settlement was paid with; the matrix's session is no settlement (409 past access).
  'POST /api/stripe/sessions/:sessionId/keepCard': {
    kind: 'owned',
    url: () => `/api/stripe/sessions/${o.sessionId}/keepCard`,
    expect: { owner: ALLOWED, ...STAFF_TAKE_CARDS_BY_PHONE },
  },
  // ADR 353: the lapsed policy's take-up offer; the matrix's policy is live (409 past access).
  'GET /api/policies/:id/renewal/takeUp': {
    kind: 'owned',
    url: () => `/api/policies/${o.policyId}/renewal/takeUp`,
    expect: { owner: ALLOWED, 'staff impersonating owner': ALLOWED },
  },
  'POST /api/stripe/checkout': {
    kind: 'owned',
    url: () => '/api/stripe/checkout',
    body: () => ({ paymentId: o.paymentId, ...returnUrls(), lineItem: { name: 'Car insurance' } }),
    expect: { owner: ALLOWED, ...STAFF_TAKE_CARDS_BY_PHONE },
  },
  'POST /api/stripe/setup': {
    kind: 'owned',
    url: () => '/api/stripe/setup',
    body: () => ({ clientReference: o.quoteCode, ...returnUrls() }),
    why: 'sets up a card for the caller’s own party; clientReference is the caller’s label and reads nothing of its owner',
    expect: {
      owner: ALLOWED,
      ...STAFF_TAKE_CARDS_BY_PHONE,
      'other customer': NOTHING_OF_OWNER,
      'other visitor': NOTHING_OF_OWNER,
    },
  },
  'POST /api/stripe/settle': {
    kind: 'owned',
    url: () => '/api/stripe/settle',
    body: () => ({ accountId: o.accountId, ...returnUrls(), lineItem: { name: 'Outstanding balance' } }),
    expect: { owner: ALLOWED, 'staff impersonating owner': ALLOWED },
  },
  'POST /api/gocardless/mandates': {
    kind: 'owned',
    url: () => '/api/gocardless/mandates',
    body: () => ({ redirectFlowId: o.flowId }),
    expect: { owner: ALLOWED, 'staff impersonating owner': ALLOWED },
  },
  'POST /api/claims': { kind: 'owned', url: () => '/api/claims', body: loss },
  'GET /api/claims/:claimReference': { kind: 'owned', url: () => `/api/claims/${o.claimReference}` },
  'POST /api/fnol/link': {
    kind: 'owned',
    url: () => '/api/fnol/link',
    body: () => ({ policyId: o.policyId, callbackUrl: '/claims' }),
    why: 'the external claim form for the caller’s own policy',
    // A brand feature, off in the default brand (where POST /api/claims is used instead): on for this row.
    around: () => {
      const features = t.app.services.brand.features;
      features.axitechFnol = true;
      return () => {
        features.axitechFnol = false;
      };
    },
  },
  'POST /api/insights/feedback': {
    kind: 'owned',
    url: () => '/api/insights/feedback',
    body: () => ({
      type: 'general',
      rating: 8,
      tags: { proposalCode: o.boundCode, policyNumber: o.policyNumber },
    }),
    why: 'feedback is the caller’s own; tags may name only the caller’s proposal and policy',
  },
  'POST /api/insights/impression': {
    kind: 'owned',
    url: () => '/api/insights/impression',
    body: () => ({ type: 'proposal', values: { source: 'matrix' }, tags: { proposalCode: o.quoteCode } }),
  },

  // Staff only, and only through impersonation (issue 9 item 3).
  'POST /api/stripe/moto/checkout': {
    kind: 'staff',
    url: () => '/api/stripe/moto/checkout',
    body: () => ({ paymentId: o.paymentId, ...moto() }),
  },
  'POST /api/stripe/moto/settle': {
    kind: 'staff',
    url: () => '/api/stripe/moto/settle',
    body: () => ({ accountId: o.accountId, ...moto() }),
  },
  'POST /api/claims/:claimReference/transition': {
    kind: 'staff',
    url: () => `/api/claims/${o.claimReference}/transition`,
    body: () => ({ to: 'active', note: 'Engineer booked' }),
    why: 'claims handlers (action:claims) move a claim, acting for its customer',
  },
  'POST /api/policies/:id/void': {
    kind: 'staff',
    url: () => `/api/policies/${o.policyId}/void`,
    // Another policy's number: past every access check, refused (400) before anything ends.
    body: () => ({ reason: 'FRAUD', note: 'matrix', policyNumber: 'NOT-THIS-ONE' }),
    expect: { 'staff impersonating owner': status(400) },
    why: 'underwriters (action:underwriting) void a policy, acting for its customer (ADR 240)',
  },
  'POST /api/policies/:id/notTakenUp': {
    kind: 'staff',
    url: () => `/api/policies/${o.policyId}/notTakenUp`,
    body: () => ({ reason: 'FIRST_PAYMENT_FAILED', note: 'matrix', policyNumber: 'NOT-THIS-ONE' }),
    expect: { 'staff impersonating owner': status(400) },
    why: 'underwriters (action:underwriting) mark a policy not taken up, acting for its customer (ADR 240)',
  },
  'GET /api/customerPayments/duplicates': {
    kind: 'staff',
    url: () => '/api/customerPayments/duplicates',
    why: 'staff read the impersonated customer’s refunded double payments',
    // A filter by the impersonated party: acting for someone else lists that customer's own (none here).
    expect: { 'staff impersonating other': NOTHING_OF_OWNER },
  },
  'GET /api/admin/insights': {
    kind: 'staff',
    url: () => '/api/admin/insights',
    why: 'feedback of all customers, read by staff with access:insights without impersonating',
    expect: {
      'staff not impersonating': OK,
      'staff impersonating owner': OK,
      'staff impersonating other': OK,
    },
  },
  'GET /api/admin/refundsHeld': {
    kind: 'staff',
    url: () => '/api/admin/refundsHeld',
    why: 'money owed back to all customers that could not be paid back, read by staff with finance without impersonating (billing-refunds-held.test covers a held refund)',
    expect: {
      'staff not impersonating': OK,
      'staff impersonating owner': OK,
      'staff impersonating other': OK,
    },
  },
  'PATCH /api/renewals/:code': {
    kind: 'owned',
    url: () => `/api/renewals/${o.quoteCode}`,
    body: () => ({ changes: [{ changeType: 'ADD_COVER', coverCode: 'legal_expenses' }] }),
    why: 'the matrix owner has no renewal: a plain quote is not found as a renewal, even for its owner (renewal-quote.test covers the owner)',
    expect: { owner: NOT_FOUND, 'staff impersonating owner': NOT_FOUND },
  },
  'GET /api/admin/renewals': {
    kind: 'staff',
    url: () => '/api/admin/renewals',
    why: 'the renewal review queue is read by staff with access:impersonate, without impersonating',
    expect: {
      'staff not impersonating': OK,
      'staff impersonating owner': OK,
      'staff impersonating other': OK,
    },
  },
  'GET /api/admin/renewals/:code': {
    kind: 'staff',
    url: () => `/api/admin/renewals/${o.quoteCode}`,
    why: 'one renewal of the review queue, read by staff without impersonating; the matrix quote is no renewal (renewal-review.test covers a real one)',
    expect: {
      'staff not impersonating': NOT_FOUND,
      'staff impersonating owner': NOT_FOUND,
      'staff impersonating other': NOT_FOUND,
    },
  },
  'POST /api/admin/renewals/:code/decision': {
    kind: 'staff',
    url: () => `/api/admin/renewals/${o.quoteCode}/decision`,
    body: () => ({ action: 'RELEASE', reason: 'Checked the claims history' }),
    why: 'staff with action:renewals decide on a waiting renewal without impersonating; the matrix quote is no renewal (renewal-review.test covers a real one)',
    expect: {
      'staff not impersonating': NOT_FOUND,
      'staff impersonating owner': NOT_FOUND,
      'staff impersonating other': NOT_FOUND,
    },
  },
  'GET /api/admin/claims': {
    kind: 'staff',
    url: () => '/api/admin/claims',
    why: 'the claims queue is read by claims staff (action:claims) across customers, without impersonating (ADR 354)',
    expect: {
      'staff not impersonating': OK,
      'staff impersonating owner': OK,
      'staff impersonating other': OK,
    },
  },
  'GET /api/admin/claims/:claimReference': {
    kind: 'staff',
    url: () => `/api/admin/claims/${o.claimReference}`,
    why: 'one claim of the queue, read by claims staff without impersonating (ADR 354)',
    expect: {
      'staff not impersonating': OK,
      'staff impersonating owner': OK,
      'staff impersonating other': OK,
    },
  },
  'POST /api/admin/claims/:claimReference/transition': {
    kind: 'staff',
    url: () => '/api/admin/claims/CLM-0000-0000-0000/transition',
    body: () => ({ to: 'active', note: 'Engineer booked' }),
    why: 'claims staff move a claim without impersonating (ADR 354); an unknown claim here, so the matrix claim stays where the other route leaves it (claims-staff.test covers real moves)',
    expect: {
      'staff not impersonating': NOT_FOUND,
      'staff impersonating owner': NOT_FOUND,
      'staff impersonating other': NOT_FOUND,
    },
  },
  // The aggregator quote API (ADR 363): staff manage partner keys and read conversion per source, for no customer.
  'GET /api/admin/partner-keys': {
    kind: 'staff',
    url: () => '/api/admin/partner-keys',
    why: 'the brand’s partner API keys (prefixes only), for staff with partner:admin without impersonating',
    expect: {
      'staff not impersonating': OK,
      'staff impersonating owner': OK,
      'staff impersonating other': OK,
    },
  },
  'POST /api/admin/partner-keys': {
    kind: 'staff',
    url: () => '/api/admin/partner-keys',
    body: () => ({ partner: 'Matrix Compare' }),
    why: 'a new partner API key, for staff with partner:admin without impersonating (audited)',
    expect: {
      'staff not impersonating': OK,
      'staff impersonating owner': OK,
      'staff impersonating other': OK,
    },
  },
  'POST /api/admin/partner-keys/:id/revoke': {
    kind: 'staff',
    url: () => `/api/admin/partner-keys/${randomUUID()}/revoke`,
    why: 'revokes a partner API key; an unknown key here (partner-quotes.test revokes real ones)',
    expect: {
      'staff not impersonating': NOT_FOUND,
      'staff impersonating owner': NOT_FOUND,
      'staff impersonating other': NOT_FOUND,
    },
  },
  'GET /api/admin/insights/sources': {
    kind: 'staff',
    url: () => '/api/admin/insights/sources',
    why: 'quotes, bought and conversion per partner source: counts, no customer data (access:insights)',
    expect: {
      'staff not impersonating': OK,
      'staff impersonating owner': OK,
      'staff impersonating other': OK,
    },
  },
  'GET /api/admin/partners/endpoints': {
    kind: 'staff',
    url: () => '/api/admin/partners/endpoints',
    why: "staff with partner:admin read the brand's webhook endpoints, without impersonating (ADR 362)",
    expect: {
      'staff not impersonating': OK,
      'staff impersonating owner': OK,
      'staff impersonating other': OK,
    },
  },
  'POST /api/admin/partners/endpoints': {
    kind: 'staff',
    url: () => '/api/admin/partners/endpoints',
    body: () => ({
      url: 'ftp://partner.example/hooks',
      eventTypes: ['policy.bound'],
      contactEmail: 'dev@partner.example',
    }),
    why: 'staff with partner:admin configure an endpoint (ADR 362); an ftp: URL here, refused (SSRF), so the matrix makes none (partner-webhooks.test makes real ones)',
    expect: {
      'staff not impersonating': status(400),
      'staff impersonating owner': status(400),
      'staff impersonating other': status(400),
    },
  },
  'POST /api/admin/partners/endpoints/:id/enabled': {
    kind: 'staff',
    url: () => '/api/admin/partners/endpoints/00000000-0000-4000-8000-000000000000/enabled',
    body: () => ({ enabled: false }),
    why: 'staff with partner:admin enable or disable an endpoint (ADR 362); an unknown one here (partner-webhooks.test covers real ones)',
    expect: {
      'staff not impersonating': NOT_FOUND,
      'staff impersonating owner': NOT_FOUND,
      'staff impersonating other': NOT_FOUND,
    },
  },
  'POST /api/admin/partners/endpoints/:id/roll-secret': {
    kind: 'staff',
    url: () => '/api/admin/partners/endpoints/00000000-0000-4000-8000-000000000000/roll-secret',
    why: 'staff with partner:admin roll the secret of an endpoint (ADR 362); an unknown one here (partner-webhooks.test covers real ones)',
    expect: {
      'staff not impersonating': NOT_FOUND,
      'staff impersonating owner': NOT_FOUND,
      'staff impersonating other': NOT_FOUND,
    },
  },
  'GET /api/admin/partners/endpoints/:id/deliveries': {
    kind: 'staff',
    url: () => '/api/admin/partners/endpoints/00000000-0000-4000-8000-000000000000/deliveries',
    why: 'staff with partner:admin read the delivery log of an endpoint (ADR 362); an unknown one here (partner-webhooks.test covers real ones)',
    expect: {
      'staff not impersonating': NOT_FOUND,
      'staff impersonating owner': NOT_FOUND,
      'staff impersonating other': NOT_FOUND,
    },
  },
  'POST /api/admin/partners/endpoints/:id/replay': {
    kind: 'staff',
    url: () => '/api/admin/partners/endpoints/00000000-0000-4000-8000-000000000000/replay',
    body: () => ({ since: '2026-01-01T00:00:00Z' }),
    why: 'staff with partner:admin replay events to an endpoint (ADR 362); an unknown one here (partner-webhooks.test covers real ones)',
    expect: {
      'staff not impersonating': NOT_FOUND,
      'staff impersonating owner': NOT_FOUND,
      'staff impersonating other': NOT_FOUND,
    },
  },
  'GET /api/admin/audit': {
    kind: 'staff',
    url: () => `/api/admin/audit?customer=${o.partyId}`,
    why: 'the audit trail is read by staff with access:impersonate, without impersonating',
    expect: {
      'staff not impersonating': OK,
      'staff impersonating owner': OK,
      'staff impersonating other': OK,
    },
  },
  'GET /api/admin/customers': {
    kind: 'staff',
    url: () => `/api/admin/customers?customer=${o.partyId}`,
    why: 'the impersonation screen checks the customer exists before impersonating: staff with access:impersonate',
    expect: {
      'staff not impersonating': OK,
      'staff impersonating owner': OK,
      'staff impersonating other': OK,
    },
  },
};

/**
 * Staff acting for no customer on a customer route: a known user without the right (403), or 404 where the
 * route looks the id up among nobody's data; never 401, which the admin app reads as a lost session (ADR 180).
 */
const STAFF_WITHOUT_CUSTOMER = status(403, 404);

/** What each kind of row expects by default, per caller. */
const DEFAULTS: Record<'owned' | 'filter' | 'staff', Record<Caller, Expect>> = {
  owned: {
    owner: OK,
    'staff impersonating owner': OK,
    'other customer': NOT_FOUND,
    'other visitor': NOT_FOUND,
    'no token': status(401),
    'tampered token': status(401),
    'staff not impersonating': STAFF_WITHOUT_CUSTOMER,
    'staff impersonating other': NOT_FOUND,
    'staff without permission impersonating owner': status(403),
  },
  filter: {
    owner: OK,
    'staff impersonating owner': OK,
    'other customer': NOTHING_OF_OWNER,
    'other visitor': NOTHING_OF_OWNER,
    'no token': status(401),
    'tampered token': status(401),
    'staff not impersonating': STAFF_WITHOUT_CUSTOMER,
    'staff impersonating other': NOTHING_OF_OWNER,
    'staff without permission impersonating owner': status(403),
  },
  staff: {
    owner: status(403, 404),
    'staff impersonating owner': ALLOWED,
    'other customer': status(403, 404),
    'other visitor': status(403, 404),
    // Nobody at all: 401 as the design says, or 403 where the route refuses every non-staff caller first.
    'no token': status(401, 403),
    'tampered token': status(401),
    // Issue 9 item 3: staff act on a customer's data only through impersonation (never a 2xx or 409 here).
    'staff not impersonating': STAFF_WITHOUT_CUSTOMER,
    'staff impersonating other': status(403, 404),
    'staff without permission impersonating owner': status(403),
  },
};

/** What a route's declaration needs staff to hold: its permissions, and access:impersonate to act for a customer. */
function neededBy(access: RouteAccess): Permission[] {
  const acting: Permission[] = access.actingForCustomer ? [ACT_FOR_CUSTOMER] : [];
  return [...new Set([...acting, ...access.permissions])];
}

/** Callers allowed to see the owner's identifiers in an answer. */
const SEES_OWNER: Caller[] = ['owner', 'staff impersonating owner'];

/** The route table: the OpenAPI document (every /api route) and the router's own list (pages outside /api). */
function routeTable(): string[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const routes = new Set<string>();
  for (const [p, ops] of Object.entries(doc.paths))
    for (const m of Object.keys(ops)) routes.add(`${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`);
  // printRoutes draws a tree; rebuild each full path from the indentation.
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.+?) \(([^)]+)\)$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const segment = m[2]!;
    stack.push(segment);
    const full = stack.join('').replace(/^\/+/, '/');
    const path = full.startsWith('/') ? full : `/${full}`;
    if (!path.includes(':') || path.startsWith('/api/')) continue;
    for (const method of m[3]!.split(', ')) if (method !== 'HEAD') routes.add(`${method} ${path}`);
  }
  return [...routes].sort();
}

async function call(
  row: Row,
  caller: Caller,
  routeUrl: string,
  method: string,
  who: { token?: string | undefined; impersonate?: string | undefined } = tokens[caller] ?? {},
) {
  const body = row.body?.(caller);
  return t.app.inject({
    method: method as 'GET',
    url: routeUrl,
    headers: {
      'idempotency-key': randomUUID(),
      ...(who.token ? { authorization: `Bearer ${who.token}` } : {}),
      ...(who.impersonate ? { 'x-impersonate': who.impersonate } : {}),
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

async function ownerData(): Promise<Owner> {
  const email = 'matrix-owner@example.com';
  const token = (await signIn(t.app, email)).access_token;
  const as = (method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const partyId = (await as('GET', '/api/policyholder')).json().partyId as string;
  const quote = async () => {
    const created = await as('POST', '/api/proposals', {
      schemeCode: 'FCMOTOR1',
      data: sampleProposalData(todayInLondon(new Date())),
    });
    expect(created.statusCode, created.body).toBe(201);
    const code = created.json().proposalCode as string;
    expect((await as('PATCH', `/api/proposals/${code}`, { changes: [], applyRating: true })).statusCode).toBe(
      200,
    );
    return code;
  };
  const boundCode = await quote();
  expect((await as('PUT', `/api/proposals/${boundCode}/verify`)).json().isClear).toBe(true);
  const due = await as('POST', '/api/customerPayments/checkout/bind', { proposalCode: boundCode });
  expect(due.statusCode, due.body).toBe(200);
  const paymentId = due.json().paymentId as string;
  const session = await as('POST', '/api/stripe/checkout', {
    paymentId,
    ...returnUrls(),
    lineItem: { name: 'Car insurance' },
  });
  expect(session.statusCode, session.body).toBe(200);
  // Paid as the card webhook would leave it (as checkout-helpers does), then bound by the owner.
  await t.database.query(
    "UPDATE customer_payments SET status = 'SETTLED', settled_at = now() WHERE id = $1",
    [paymentId],
  );
  await t.database.query(
    `INSERT INTO payment_methods (id, party_id, type, provider, provider_reference, display, card_brand, card_last4)
     VALUES (gen_random_uuid(), $1, 'CARD', 'sandbox', $2, 'VISA •••• 4242', 'visa', '4242')`,
    [partyId, `pm_${boundCode}`],
  );
  const bound = await as('POST', `/api/proposals/${boundCode}/bind`);
  expect(bound.statusCode, bound.body).toBeLessThan(300);
  const list = (body: unknown) =>
    Array.isArray(body) ? body : ((body as { items?: unknown[] }).items ?? []);
  const [policy] = list((await as('GET', '/api/policies')).json());
  const [account] = (await as('GET', '/api/customerAccounts')).json();
  expect(account?.accountId, 'the owner has an account after paying').toBeTruthy();
  const [statement] = list((await as('GET', `/api/customerAccounts/${account.accountId}/statements`)).json());
  const flow = await as('POST', '/api/gocardless/flows', {
    mandateDescription: 'Car insurance',
    successUrl: `${APP_ORIGIN}/ok`,
  });
  // Cover began ten days ago, so that a loss of yesterday lies inside it (claims).
  await t.database.query(
    "UPDATE policies SET status = 'ACTIVE', incepted_at = now() - interval '10 days' WHERE id = $1",
    [policy?.policyId],
  );
  const claim = await as('POST', '/api/claims', {
    policyId: policy?.policyId,
    claimType: 'Accident',
    claimSubType: 'NotFault',
    occurredAt: new Date(Date.now() - 86_400_000).toISOString(),
    location: 'Leeds',
    description: 'Hit while parked',
    injuries: false,
  });
  expect(claim.statusCode, claim.body).toBe(201);
  const adjustment = await as('POST', '/api/policyAdjustments', {
    adjustmentType: 'CANCELLATION',
    policyId: policy?.policyId,
    reason: 'Price',
  });
  expect(adjustment.statusCode, adjustment.body).toBe(201);
  await t.database.query(
    "UPDATE policy_adjustments SET expires_at = now() - interval '1 minute' WHERE id = $1",
    [adjustment.json().adjustmentId],
  );
  const auth = { authorization: `Bearer ${token}` };
  await staging(t, auth, policy?.policyId, [{ name: 'sent.png', body: png }]);
  const sent = await as('POST', `/api/documents/upload/commit/${policy?.policyId}`, {
    fileNames: ['sent.png'],
    purpose: 'NCD_PROOF',
  });
  expect(sent.statusCode, sent.body).toBe(201);
  await staging(t, auth, policy?.policyId, [{ name: 'matrix.png', body: png }]);
  return {
    uploadFileId: sent.json().files[0].id,
    adjustmentId: adjustment.json().adjustmentId,
    token,
    partyId,
    email,
    boundCode,
    quoteCode: await quote(),
    spare: { owner: await quote(), staff: await quote() },
    policyId: policy?.policyId,
    policyNumber: policy?.policyNumber ?? account.accountCode,
    accountId: account.accountId,
    statementId: statement?.statementId,
    paymentId,
    sessionId: session.json().sessionId,
    flowId: flow.json().redirectFlowId ?? 'none',
    claimReference: claim.json().claimReference,
  };
}

beforeAll(async () => {
  t = await listeningApp();
  await createStaffUser(t.app.services.db, {
    email: 'matrix-agent@forecourt.example',
    permissions: [...ADMIN_PERMISSIONS],
  });
  await createStaffUser(t.app.services.db, { email: 'matrix-clerk@forecourt.example', permissions: [] });
  o = await ownerData();
  const other = await signIn(t.app, 'matrix-other@example.com');
  const otherParty = (
    await t.app.inject({
      method: 'GET',
      url: '/api/policyholder',
      headers: { authorization: `Bearer ${other.access_token}` },
    })
  ).json().partyId as string;
  const agent = (await signIn(t.app, 'matrix-agent@forecourt.example', 'forecourt-admin')).access_token;
  const clerk = (await signIn(t.app, 'matrix-clerk@forecourt.example', 'forecourt-admin')).access_token;
  tokens.owner = { token: o.token };
  tokens['other customer'] = { token: other.access_token };
  tokens['other visitor'] = { token: await anonymousToken(t.app) };
  tokens['no token'] = {};
  tokens['tampered token'] = { token: `${o.token.slice(0, -4)}AAAA` };
  tokens['staff not impersonating'] = { token: agent };
  tokens['staff impersonating owner'] = { token: agent, impersonate: o.partyId };
  tokens['staff impersonating other'] = { token: agent, impersonate: otherParty };
  tokens['staff without permission impersonating owner'] = { token: clerk, impersonate: o.partyId };
  // Staff for the permission checks: for each declared route, all permissions but one, and just the needed.
  const sets = new Map<string, readonly string[]>();
  for (const access of t.app.routePermissions.values()) {
    const needed = neededBy(access);
    sets.set(keyOf(needed), needed);
    for (const p of needed) {
      const allBut = ADMIN_PERMISSIONS.filter((q) => q !== p);
      sets.set(keyOf(allBut), allBut);
    }
  }
  let n = 0;
  for (const [key, permissions] of sets) {
    const email = `matrix-staff-${++n}@forecourt.example`;
    await createStaffUser(t.app.services.db, { email, permissions: [...permissions] });
    staffByPermissions.set(key, (await signIn(t.app, email, 'forecourt-admin')).access_token);
  }
}, 300_000);
afterAll(async () => t?.close());

describe('access matrix', () => {
  it('every route of the route table has a matrix entry, and every entry a route', () => {
    const routes = routeTable();
    expect(routes.length).toBeGreaterThan(40);
    expect(
      routes.filter((r) => !MATRIX[r]),
      'routes without a matrix entry',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((r) => !routes.includes(r)),
      'matrix entries without a route',
    ).toEqual([]);
  });

  it('every staff route declares the permission it needs (route options), and only staff routes do', () => {
    const declared = t.app.routePermissions;
    const staffRoutes = Object.entries(MATRIX)
      .filter(([route, row]) => row.kind === 'staff' || route.split(' ')[1]!.startsWith('/api/admin'))
      .map(([route]) => route);
    expect(
      staffRoutes.filter((r) => declared.get(r)?.appliesTo !== 'staff'),
      'staff routes declaring no permission (config: { permission })',
    ).toEqual([]);
    expect(
      [...declared].filter(([r, a]) => a.appliesTo === 'staff' && !staffRoutes.includes(r)).map(([r]) => r),
      'routes declaring a staff permission that the matrix does not list as staff',
    ).toEqual([]);
  });

  it('the owner’s identifiers were all made', () => {
    for (const [k, v] of Object.entries(o)) expect(v, k).toBeTruthy();
  });

  const checked = Object.entries(MATRIX).filter(([, row]) => row.kind !== 'exempt');
  for (const [route, row] of checked) {
    const [method, path] = route.split(' ') as [string, string];
    it(`${route}`, async () => {
      const secrets = () => [
        o.partyId,
        o.email,
        o.boundCode,
        o.quoteCode,
        o.policyId,
        o.policyNumber,
        o.accountId,
        o.claimReference,
      ];
      const failures: string[] = [];
      // The owner's own calls go last, so that a refused caller always meets the owner's data intact.
      const order = [...CALLERS].sort(
        (a, b) => Number(SEES_OWNER.includes(a)) - Number(SEES_OWNER.includes(b)),
      );
      const undo = 'around' in row && row.around ? row.around() : () => {};
      try {
        for (const caller of order) await check(caller);
      } finally {
        undo();
      }
      async function check(caller: Caller) {
        const url = row.url?.(caller) ?? path.replace(/:(\w+)/g, 'x');
        const res = await call(row, caller, url, method);
        let want: Expect;
        if (row.kind === 'public' || row.kind === 'exempt') {
          // A bad token on /api is a 401, except on /api/session*, where a stale token may be refreshed.
          const tokenRefused =
            caller === 'tampered token' && path.startsWith('/api/') && !path.startsWith('/api/session');
          want = tokenRefused ? status(401) : ANY;
        } else {
          const checkedRow = row as Extract<Row, { kind: 'owned' | 'filter' | 'staff' }>;
          want = checkedRow.expect?.[caller] ?? DEFAULTS[checkedRow.kind][caller];
        }
        if (!want.is(res))
          failures.push(`${caller}: got ${res.statusCode}, want ${want.says}: ${res.body.slice(0, 160)}`);
        const mayLeak =
          SEES_OWNER.includes(caller) || (row.kind === 'staff' && caller.startsWith('staff impersonating'));
        if (!mayLeak && res.statusCode < 300) {
          const leaked = secrets().filter((s) => s && res.body.includes(s));
          if (leaked.length && !(row.kind === 'staff' && caller === 'staff not impersonating'))
            failures.push(`${caller}: the answer contains the owner’s ${leaked.join(', ')}`);
        }
      }
      expect(failures, `${route}\n${failures.join('\n')}`).toEqual([]);
    });
  }

  // Issue 30 point 5: the permission each staff route declares is the one it needs. A route checking another
  // permission than it declares fails here: staff lacking only the declared one would pass, or staff holding
  // just the declared ones would be refused.
  const staffRows = Object.entries(MATRIX).filter(([, row]) => row.kind === 'staff');
  for (const [route, row] of staffRows) {
    const [method, path] = route.split(' ') as [string, string];
    it(`${route}: needs just the permission it declares`, async () => {
      const access = t.app.routePermissions.get(route);
      expect(access, `${route} declares no permission`).toBeDefined();
      if (!access) return;
      const needed = neededBy(access);
      const checkedRow = row as Extract<Row, { kind: 'owned' | 'filter' | 'staff' }>;
      // Acting for a customer: as the owner's staff; otherwise as staff acting for nobody.
      const as: Caller = access.actingForCustomer ? 'staff impersonating owner' : 'staff not impersonating';
      const impersonate = access.actingForCustomer ? o.partyId : undefined;
      const failures: string[] = [];
      const undo = checkedRow.around?.() ?? (() => {});
      try {
        for (const missing of needed) {
          const token = staffByPermissions.get(keyOf(ADMIN_PERMISSIONS.filter((p) => p !== missing)));
          const res = await call(row, as, checkedRow.url(as), method, { token, impersonate });
          if (res.statusCode !== 403)
            failures.push(`every permission but ${missing}: got ${res.statusCode}, want 403: ${res.body}`);
        }
        const token = staffByPermissions.get(keyOf(needed));
        const res = await call(row, as, checkedRow.url(as), method, { token, impersonate });
        const want = checkedRow.expect?.[as] ?? DEFAULTS.staff[as];
        if (!want.is(res))
          failures.push(`just ${needed.join(', ')}: got ${res.statusCode}, want ${want.says}: ${res.body}`);
      } finally {
        undo();
      }
      expect(failures, `${path}\n${failures.join('\n')}`).toEqual([]);
    });
  }

  it('the declared permission is checked before the input and the handler, with the service’s own words', async () => {
    // What the service itself says to the same caller (its own check, defence in depth).
    const serviceSays = async (caller: Ctx['caller'], run: (ctx: Ctx) => Promise<unknown>) => {
      try {
        await run({ ...t.app.services, caller, log: t.app.log });
        return 'no refusal';
      } catch (e) {
        return (e as Error).message;
      }
    };
    const staffToken = staffByPermissions.get(keyOf(ADMIN_PERMISSIONS.filter((p) => p !== 'finance')))!;
    const noFinance: Ctx['caller'] = {
      kind: 'admin',
      userId: 'u',
      claims: {},
      permissions: ADMIN_PERMISSIONS.filter((p) => p !== 'finance'),
      partyId: o.partyId,
    };
    const customer: Ctx['caller'] = {
      kind: 'customer',
      partyId: o.partyId,
      userId: 'u',
      permissions: [],
      claims: {},
    };
    const undo = billingDayFeature();
    try {
      const cases = [
        {
          // Staff without finance settling by phone, with a body the route would refuse (400): the hook
          // answers first, so the refusal is a 403 and not a 400.
          request: {
            method: 'POST',
            url: '/api/stripe/moto/settle',
            token: staffToken,
            impersonate: o.partyId,
          },
          body: { accountId: 'not-an-id' },
          service: () => serviceSays(noFinance, (ctx) => settleByPhone(ctx, {} as never)),
        },
        {
          request: { method: 'GET', url: '/api/admin/claims', token: o.token },
          service: () => serviceSays(customer, (ctx) => listStaffClaims(ctx)),
        },
        {
          request: { method: 'PUT', url: `/api/customerAccounts/${o.accountId}/paymentDay`, token: o.token },
          body: { paymentDay: 'soon' },
          service: () =>
            serviceSays(customer, (ctx) => changePaymentDay(ctx, { accountId: o.accountId, paymentDay: 3 })),
        },
      ];
      for (const c of cases) {
        const res = await t.app.inject({
          method: c.request.method as 'GET',
          url: c.request.url,
          headers: {
            authorization: `Bearer ${c.request.token}`,
            'idempotency-key': randomUUID(),
            ...(c.request.impersonate ? { 'x-impersonate': c.request.impersonate } : {}),
          },
          ...(c.body ? { payload: c.body } : {}),
        });
        expect(res.statusCode, `${c.request.url}: ${res.body}`).toBe(403);
        expect(res.json().message, c.request.url).toBe(await c.service());
      }
    } finally {
      undo();
    }
  });

  it('an unsigned webhook is refused whoever sends it', async () => {
    for (const url of ['/api/stripe/webhooks', '/api/gocardless/webhooks']) {
      for (const caller of CALLERS) {
        const res = await call(
          { kind: 'exempt', why: '', body: () => ({ type: 'checkout.session.completed' }) },
          caller,
          url,
          'POST',
        );
        expect(res.statusCode, `${url} as ${caller}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${url} as ${caller}`).toBeLessThan(500);
      }
    }
  });
});
