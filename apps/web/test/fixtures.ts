import type { CustomerAccount, PreparedAccount } from '@forecourt/contracts/billing';
import type { CustomerPayment } from '@forecourt/contracts/payments';
import type { BindResponse, Policy, PolicyStanding } from '@forecourt/contracts/policies';
import type { Proposal, Quote } from '@forecourt/contracts/proposals';
import { breakdownOf, totalsOf } from '@forecourt/domain/rating/price';

/**
 * Contract-complete answers for component tests: mocks start from these and change what the test is about,
 * so every mocked answer is one the API may give (the web tests fail on any other, see test/setup.ts).
 */

/** A rated quote as the proposal answers carry it. */
export function sampleQuote(patch: Partial<Quote> = {}): Quote {
  return {
    ratingStatus: 'QUOTE',
    ratedAt: '2026-11-21T09:00:00Z',
    ratingDate: '2026-11-21',
    wordingVersion: '2026-01',
    mainInsurer: 'acme',
    promoCode: null,
    assetCode: 'Vehicle',
    vrn: 'AB19 CDE',
    specification: { make: 'Ford', model: 'Focus', trim: 'Titanium' },
    insuredProfiles: [
      { profileCode: 'policyholder', policyholder: true, data: { firstName: 'Sam', lastName: 'Taylor' } },
    ],
    endorsements: [],
    referralReasons: [],
    requestedOptionalCovers: { ncb_protection: true },
    optionalCovers: [
      { code: 'ncb_protection', available: true, active: true, premium: 4800, priceOptions: [] },
    ],
    voluntaryExcess: 100,
    mandatoryExcessLines: [],
    excessLines: [],
    priceBreakdown: [
      { coverGroup: 'MAIN', feature: 'comprehensive', tag: 'main', net: 60000, ipt: 7200, gross: 67200 },
      {
        coverGroup: 'OPTIONAL',
        feature: 'ncb_protection',
        tag: 'optional',
        net: 4286,
        ipt: 514,
        gross: 4800,
      },
    ],
    totals: {
      net: 64286,
      ipt: 7714,
      gross: 72000,
      iptRate: 0.12,
      discount: 0,
      discountedPrice: 72000,
      monthly: { first: 6000, regular: 6000, count: 12 },
      freeMonths: 0,
    },
    promotion: null,
    trace: [],
    ...patch,
  };
}

/** A rated proposal as GET /proposals/{code} answers it. */
export function sampleProposal(patch: Partial<Proposal> = {}): Proposal {
  const quote = sampleQuote();
  return {
    proposalCode: 'P123',
    status: 'QUOTE',
    schemeCode: 'FCMOTOR1',
    product: 'SUBSCRIPTION',
    brand: 'forecourt',
    externalReference: 'FC-1234-5678',
    source: null,
    promoCode: null,
    data: {
      asset: {},
      quote: {},
      profiles: [
        {
          profileCode: 'policyholder',
          policyholder: true,
          data: {
            firstName: 'Sam',
            lastName: 'Taylor',
            dateOfBirth: '1991-03-15',
            email: 'sam@example.com',
            address: { line1: '12 Park Row', city: 'Leeds', postalCode: 'LS1 5HD' },
          },
        },
      ],
    },
    quote,
    startAt: '2026-11-22T00:00:00Z',
    endAt: null,
    policyTerm: 'P1M',
    monthlyBilling: true,
    renewalType: 'auto',
    policyId: null,
    policyNumber: null,
    quoteExpiresAt: null,
    trackingRecorded: false,
    sourcePolicy: null,
    sourceProposal: null,
    createdAt: '2026-11-21T09:00:00Z',
    updatedAt: '2026-11-21T09:00:00Z',
    ...patch,
  };
}

/** A customer account as GET /customerAccounts lists it. */
export const sampleAccount = (patch: Partial<CustomerAccount> = {}): CustomerAccount => ({
  accountId: 'A1',
  accountCode: 'FCM10000001',
  paymentDay: 21,
  paymentMethodType: 'CARD',
  accountBalance: 0,
  outstandingAmount: 0,
  accountStatus: 'ACTIVE',
  accountRegistered: true,
  ...patch,
});

/** POST /customerAccounts: how the purchase will be paid. */
export const samplePreparedAccount = (patch: Partial<PreparedAccount> = {}): PreparedAccount => ({
  proposalCode: 'P123',
  paymentMethodType: 'CARD',
  hasPaymentMethod: false,
  amountDueToday: 6000,
  bindRequired: false,
  customerPayment: { paymentId: '7d0c1c8e-4a57-4d5e-9d7f-3f0c7c1b2a10', amount: 6000 },
  ...patch,
});

/** A customer payment (the bind payment, or one taken by phone). */
export const samplePayment = (patch: Partial<CustomerPayment> = {}): CustomerPayment => ({
  paymentId: '7d0c1c8e-4a57-4d5e-9d7f-3f0c7c1b2a10',
  purpose: 'bind',
  reference: 'P123',
  amount: 6000,
  currency: 'GBP',
  status: 'PENDING',
  declineCode: null,
  ...patch,
});

/** POST /proposals/{code}/bind. */
export const sampleBind = (patch: Partial<BindResponse> = {}): BindResponse => ({
  policyId: 'POL1',
  policyNumber: 'FCM10000001',
  status: 'PENDING',
  ...patch,
});

/** A policy as GET /policies lists it and GET /policies/{id} answers it. */
/** Where a policy stands (ADR 352), as the API answers it: active, renewing automatically, unless patched. */
export function sampleStanding(patch: Partial<PolicyStanding> = {}): PolicyStanding {
  return {
    headline: 'active',
    facts: ['active'],
    arrears: null,
    pendingCollection: null,
    ending: null,
    renewal: { state: 'automatic', anniversaryAt: '2027-11-01T00:00:00.000Z' },
    ended: null,
    payingBack: null,
    nextPayment: null,
    ...patch,
  };
}

/** A PENDING policy (to start 4 Dec 2026) cancelled in cooling-off on 27 Nov: it will not start (issue 28). */
export const notStarting = {
  policyDetail: {
    policyStatus: 'CANCELLED' as const,
    inceptedAt: '2026-12-04T00:00:00.000Z',
    terminatedAt: '2026-11-27T21:28:00.000Z',
  },
  standing: sampleStanding({
    headline: 'notStarting',
    renewal: null,
    ended: { status: 'CANCELLED', endedAt: '2026-11-27T21:28:00.000Z', neverStarted: true },
  }),
};

export function samplePolicy(
  patch: Partial<Omit<Policy, 'policyDetail'>> & { policyDetail?: Partial<Policy['policyDetail']> } = {},
): Policy {
  const { policyDetail, ...rest } = patch;
  return {
    policyId: '5b0c1c8e-4a57-4d5e-9d7f-3f0c7c1b2a11',
    policyNumber: 'FCM10000001',
    schemeCode: 'FCMOTOR1',
    policyRefNumber: 'FCM10000001',
    proposalCode: 'P123',
    policyDetail: {
      policyStatus: 'ACTIVE',
      firstInceptedAt: '2026-11-01T00:00:00.000Z',
      inceptedAt: '2026-11-01T00:00:00.000Z',
      createdAt: '2026-10-30T10:00:00.000Z',
      expiredAt: '2027-11-01T00:00:00.000Z',
      terminatedAt: null,
      renewalStopped: false,
      autoRenewalEnabled: true,
      ...policyDetail,
    },
    currentPolicyVersion: {
      versionNumber: 1,
      startedAt: '2026-11-01T00:00:00.000Z',
      quote: sampleQuote() as unknown as Record<string, unknown>,
    },
    versions: [{ versionNumber: 1, startedAt: '2026-11-01T00:00:00.000Z' }],
    reviewType: 'AUTO',
    renewalProposal: null,
    upsellProposal: null,
    ...rest,
  };
}

/** A quote with HC3M (three free months) applied, priced by the domain as the API rates it. */
export function hc3mQuote() {
  const base = sampleQuote();
  const price = breakdownOf(base.priceBreakdown, {
    iptRate: 0.12,
    freeMonths: 3,
    monthly: true,
    promoCode: 'HC3M',
  });
  return {
    quote: sampleQuote({ promoCode: 'HC3M', priceBreakdown: price.lines, totals: totalsOf(price) }),
    price,
  };
}

/** Pence from a shown amount such as "£1,234.56". */
export const pence = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);
