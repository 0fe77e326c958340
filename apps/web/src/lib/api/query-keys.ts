/**
 * Every TanStack Query cache key of the web app, in one place, so that two areas reading the same resource
 * share one copy and a mutation invalidates what it changed.
 */
export const queryKeys = {
  proposal: (code: string) => ['proposal', code] as const,
  myProposals: () => ['proposals', 'mine'] as const,
  policyholder: () => ['policyholder'] as const,
  bindPayment: (proposalCode: string) => ['bind-payment', proposalCode] as const,
  proposalAccount: (proposalCode: string) => ['customer-account', proposalCode] as const,
  renewalQueue: () => ['admin', 'renewals'] as const,
  refundsHeld: () => ['admin', 'refundsHeld'] as const,
  renewalReview: (code: string) => ['admin', 'renewals', code] as const,
  staffClaims: () => ['admin', 'claims'] as const,
  partnerEndpoints: () => ['admin', 'partners'] as const,
  partnerDeliveries: (endpointId: string) => ['admin', 'partners', endpointId, 'deliveries'] as const,
  partnerKeys: () => ['admin', 'partner-keys'] as const,
  staffClaim: (claimReference: string) => ['admin', 'claims', claimReference] as const,
  myPolicies: () => ['policies', 'mine'] as const,
  policy: (policyId: string) => ['policy', policyId] as const,
  cancellationOptions: (policyId: string) => ['policy', policyId, 'cancellation'] as const,
  adjustment: (adjustmentId: string) => ['adjustment', adjustmentId] as const,
  policyUploads: (policyId: string) => ['policy', policyId, 'uploads'] as const,
  policyAccount: (policyNumber: string) => ['customer-account', 'policy', policyNumber] as const,
  nextStatement: (accountId: string) => ['next-statement', accountId] as const,
  statements: (accountId: string) => ['statements', accountId] as const,
  statement: (accountId: string, statementId: string) => ['statements', accountId, statementId] as const,
  mandates: () => ['mandates'] as const,
  cardSession: (sessionId: string | null) => ['card-session', sessionId] as const,
  takeUpOffer: (policyId: string) => ['take-up-offer', policyId] as const,
  vehicleMakes: (year: number | string | undefined) => ['lookup', 'makes', year] as const,
  vehicleModels: (year: number | string | undefined, make: string | undefined) =>
    ['lookup', 'models', year, make] as const,
  vehicleVariants: (year: number | string | undefined, make: string | undefined, model: string | undefined) =>
    ['lookup', 'variants', year, make, model] as const,
  dataSearch: (table: string, term: string) => ['lookup', 'data', table, term] as const,
  addresses: (term: string, container: string | undefined) =>
    ['lookup', 'addresses', term, container] as const,
};
