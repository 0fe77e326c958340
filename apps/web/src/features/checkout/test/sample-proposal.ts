import type { Proposal, Quote } from '@forecourt/contracts/proposals';

/** A rated proposal as GET /proposals/{code} answers it, for component tests. */
export function sampleProposal(patch: Partial<Proposal> = {}): Proposal {
  const quote: Quote = {
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
  };
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
