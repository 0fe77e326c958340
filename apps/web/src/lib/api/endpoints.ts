import { endpoint } from './endpoint.ts';
import { homeEndpoints } from './home-endpoints.ts';

/**
 * Every API operation the web app calls (spec 3 §7), with its schemas from packages/contracts. With
 * `home-endpoints.ts` (spread in here) and `partner-endpoints.ts`, this is the only place a path or a response
 * type is written down. Call them with `call(endpoints.x, {...})`; test mocks answer them with
 * `reply(endpoints.x, ...)` (matched by method and path), which fails a test whose answer the contract forbids.
 * The card and Direct Debit provider segments are the providers' names (spec 3 §7).
 */
const proposals = () => import('@forecourt/contracts/proposals');
const identity = () => import('@forecourt/contracts/identity');
const billing = () => import('@forecourt/contracts/billing');
const payments = () => import('@forecourt/contracts/payments');
const checks = () => import('@forecourt/contracts/checks');
const lookups = () => import('@forecourt/contracts/lookups');
const policies = () => import('@forecourt/contracts/policies');
const documents = () => import('@forecourt/contracts/documents');
const insights = () => import('@forecourt/contracts/insights');
const adjustments = () => import('@forecourt/contracts/adjustments');
const uploads = () => import('@forecourt/contracts/uploads');

export const endpoints = {
  // The four that the home route's own code calls, defined apart so that home does not load this table.
  ...homeEndpoints,
  // Session
  retrieveSession: endpoint('POST', '/session/back-book', async () => {
    const c = await proposals();
    return {
      body: c.backBookRequestSchema,
      response: (await import('@forecourt/contracts/session')).sessionResponseSchema,
    };
  }),

  // A partner quote's deep link (ADR 363): its token, once, for the quote's session.
  openPartnerQuote: endpoint('POST', '/session/partner-quote', async () => {
    const c = await import('@forecourt/contracts/partner-quotes');
    return { body: c.partnerLinkRequestSchema, response: c.partnerLinkResponseSchema };
  }),

  // Proposals
  createProposal: endpoint('POST', '/proposals', async () => {
    const c = await proposals();
    return { body: c.createProposalRequestSchema, response: c.proposalSchema };
  }),
  getProposal: endpoint('GET', '/proposals/:code', async () => ({
    response: (await proposals()).proposalSchema,
  })),
  updateProposal: endpoint('PATCH', '/proposals/:code', async () => {
    const c = await proposals();
    return { body: c.updateProposalRequestSchema, response: c.proposalSchema };
  }),
  recordTracking: endpoint('POST', '/proposals/:code/tracking', async () => {
    const c = await proposals();
    return { body: c.trackingRequestSchema, response: c.acceptedResponseSchema };
  }),
  activatePromotion: endpoint('PATCH', '/proposals/:code/promotions/:id', async () => {
    const c = await proposals();
    return { body: c.promotionActivationRequestSchema, response: c.proposalSchema };
  }),
  validateForm: endpoint('POST', '/form/validation/:profile', async () => {
    const c = await proposals();
    return { body: c.formValidationRequestSchema, response: c.formValidationResponseSchema };
  }),
  mergeProposals: endpoint('POST', '/proposals/merge', async () => {
    const c = await identity();
    return { body: c.mergeProposalsRequestSchema, response: c.mergeProposalsResponseSchema };
  }),

  // Identity
  getPolicyholder: endpoint('GET', '/policyholder', async () => ({
    response: (await identity()).policyholderSchema,
  })),
  updatePolicyholder: endpoint('PATCH', '/policyholder', async () => {
    const c = await identity();
    return {
      body: c.updatePolicyholderSchema,
      response: c.updatePolicyholderResponseSchema,
    };
  }),

  lookupCustomer: endpoint('GET', '/admin/customers', async () => {
    const c = await identity();
    return { query: c.customerLookupQuerySchema, response: c.customerLookupSchema };
  }),

  // Checks
  checkIdentity: endpoint('PUT', '/proposals/:code/id-check', async () => ({
    response: (await checks()).idCheckResponseSchema,
  })),
  verifyCustomer: endpoint('PUT', '/proposals/:code/verify', async () => ({
    response: (await checks()).verificationResponseSchema,
  })),

  // Billing and bind
  createBindPayment: endpoint('POST', '/customerPayments/checkout/bind', async () => {
    const b = await billing();
    return { body: b.bindPaymentBodySchema, response: (await payments()).customerPaymentSchema };
  }),
  prepareCustomerAccount: endpoint('POST', '/customerAccounts', async () => {
    const b = await billing();
    return { body: b.prepareAccountBodySchema, response: b.preparedAccountSchema };
  }),
  listCustomerAccounts: endpoint('GET', '/customerAccounts', async () => {
    const b = await billing();
    return { query: b.customerAccountsQuerySchema, response: b.customerAccountSchema.array() };
  }),
  bindProposal: endpoint('POST', '/proposals/:code/bind', async () => ({
    response: (await policies()).bindResponseSchema,
  })),
  nextStatementEstimate: endpoint('GET', '/customerAccounts/:id/nextStatementEstimate', async () => ({
    response: (await billing()).nextStatementEstimateSchema,
  })),
  listStatements: endpoint('GET', '/customerAccounts/:id/statements', async () => ({
    response: (await billing()).statementSummarySchema.array(),
  })),
  getStatement: endpoint('GET', '/customerAccounts/:id/statements/:statementId', async () => ({
    response: (await billing()).statementSchema,
  })),
  changePaymentDay: endpoint('PUT', '/customerAccounts/:id/paymentDay', async () => {
    const b = await billing();
    return { body: b.paymentDayBodySchema, response: b.paymentDayChangeSchema };
  }),
  settleByCard: endpoint('POST', '/stripe/settle', async () => {
    const p = await payments();
    return { body: p.cardSettleBodySchema, response: p.cardSessionResponseSchema };
  }),

  // Policies and their documents (spec 2 §7 getPolicies, getPolicy, getPolicyDocument)
  listPolicies: endpoint('GET', '/policies', async () => {
    const c = await policies();
    return { query: c.policiesQuerySchema, response: c.policySchema.array() };
  }),
  getPolicy: endpoint('GET', '/policies/:id', async () => ({ response: (await policies()).policySchema })),
  // Policy adjustments and cancellation (spec 3 §7 "Adjustments", spec 2 §4)
  getCancellationOptions: endpoint('GET', '/policies/:id/cancellation', async () => ({
    response: (await adjustments()).cancellationOptionsSchema,
  })),
  createPolicyAdjustment: endpoint('POST', '/policyAdjustments', async () => {
    const a = await adjustments();
    return { body: a.createAdjustmentRequestSchema, response: a.adjustmentSchema };
  }),
  getPolicyAdjustment: endpoint('GET', '/policyAdjustments/:id', async () => ({
    response: (await adjustments()).adjustmentSchema,
  })),
  commitPolicyAdjustment: endpoint('POST', '/policyAdjustments/:id/commit', async () => {
    const a = await adjustments();
    return { body: a.commitAdjustmentRequestSchema, response: a.adjustmentSchema };
  }),
  createMtaPayment: endpoint('POST', '/customerPayments/checkout/mta', async () => {
    const a = await adjustments();
    return { body: a.mtaPaymentBodySchema, response: (await payments()).customerPaymentSchema };
  }),
  // Uploads (spec 3 §7 "Policies and documents", ADR 260)
  getPolicyUploads: endpoint('GET', '/documents/upload/:id', async () => ({
    response: (await uploads()).policyUploadsSchema,
  })),
  stageUpload: endpoint('POST', '/documents/upload/stage/:id', async () => ({
    response: (await uploads()).stageUploadResponseSchema,
  })),
  commitUpload: endpoint('POST', '/documents/upload/commit/:id', async () => {
    const u = await uploads();
    return { body: u.commitUploadRequestSchema, response: u.uploadSubmissionSchema };
  }),
  changeRenewal: endpoint('PATCH', '/renewals/:code', async () => ({
    body: (await policies()).renewalChangeRequestSchema,
    response: (await proposals()).proposalSchema,
  })),
  listRefundsHeld: endpoint('GET', '/admin/refundsHeld', async () => ({
    response: (await billing()).refundsHeldSchema,
  })),
  listRenewalQueue: endpoint('GET', '/admin/renewals', async () => ({
    response: (await policies()).renewalQueueSchema,
  })),
  getRenewalReview: endpoint('GET', '/admin/renewals/:code', async () => ({
    response: (await import('@forecourt/contracts/renewals')).renewalReviewSchema,
  })),
  decideRenewal: endpoint('POST', '/admin/renewals/:code/decision', async () => {
    const c = await import('@forecourt/contracts/renewals');
    return { body: c.renewalDecisionBodySchema, response: c.renewalReviewSchema };
  }),
  getTakeUpOffer: endpoint('GET', '/policies/:id/renewal/takeUp', async () => ({
    response: (await import('@forecourt/contracts/renewals')).takeUpOfferSchema,
  })),
  listStaffClaims: endpoint('GET', '/admin/claims', async () => ({
    response: (await import('@forecourt/contracts/claims')).staffClaimQueueSchema,
  })),
  getStaffClaim: endpoint('GET', '/admin/claims/:claimReference', async () => ({
    response: (await import('@forecourt/contracts/claims')).staffClaimDetailSchema,
  })),
  moveStaffClaim: endpoint('POST', '/admin/claims/:claimReference/transition', async () => {
    const c = await import('@forecourt/contracts/claims');
    return { body: c.claimTransitionRequestSchema, response: c.staffClaimDetailSchema };
  }),
  setAutoRenewal: endpoint('PUT', '/policies/:id/autoRenewal', async () => {
    const c = await policies();
    return { body: c.autoRenewalBodySchema, response: c.policySchema };
  }),
  getPolicyDocument: endpoint('GET', '/documents/policy/:id/:doc', async () => {
    const d = await documents();
    return { query: d.policyDocumentQuerySchema, response: d.policyDocumentLinkSchema };
  }),

  // Payments (card provider 'stripe', Direct Debit provider 'gocardless')
  createCardCheckout: endpoint('POST', '/stripe/checkout', async () => {
    const p = await payments();
    return { body: p.cardCheckoutBodySchema, response: p.cardSessionResponseSchema };
  }),
  createCardSetup: endpoint('POST', '/stripe/setup', async () => {
    const p = await payments();
    return { body: p.cardSetupBodySchema, response: p.cardSessionResponseSchema };
  }),
  getCardSession: endpoint('GET', '/stripe/sessions/:sessionId', async () => ({
    response: (await payments()).cardSessionStatusSchema,
  })),
  keepSessionCard: endpoint('POST', '/stripe/sessions/:sessionId/keepCard', async () => ({
    response: (await payments()).keptCardSchema,
  })),
  settleByToken: endpoint('POST', '/stripe/moto/checkout', async () => {
    const p = await payments();
    return { body: p.motoCheckoutBodySchema, response: p.customerPaymentSchema };
  }),
  createRedirectFlow: endpoint('POST', '/gocardless/flows', async () => {
    const p = await payments();
    return { body: p.directDebitFlowBodySchema, response: p.directDebitFlowResponseSchema };
  }),
  createMandate: endpoint('POST', '/gocardless/mandates', async () => {
    const p = await payments();
    return { body: p.directDebitMandateBodySchema, response: p.mandateSchema };
  }),
  listMandates: endpoint('GET', '/gocardless/mandates', async () => ({
    response: (await payments()).mandateSchema.array(),
  })),

  // Lookups
  vehicleByVrn: endpoint('GET', '/lookup/vehicles/vehicles/vrn', async () => {
    const l = await lookups();
    return { query: l.vehicleVrnQuerySchema, response: l.vehicleLookupResponseSchema };
  }),
  vehicleMakes: endpoint('GET', '/lookup/vehicles/makes', async () => {
    const l = await lookups();
    return { query: l.vehicleMakesQuerySchema, response: l.vehicleMakesResponseSchema };
  }),
  vehicleModels: endpoint('GET', '/lookup/vehicles/models', async () => {
    const l = await lookups();
    return { query: l.vehicleModelsQuerySchema, response: l.vehicleModelsResponseSchema };
  }),
  vehicleVariants: endpoint('GET', '/lookup/vehicles/vehicles', async () => {
    const l = await lookups();
    return { query: l.vehicleVariantsQuerySchema, response: l.vehicleVariantsResponseSchema };
  }),
  findAddresses: endpoint('GET', '/lookup/addresses', async () => {
    const l = await lookups();
    return { query: l.addressFindQuerySchema, response: l.addressFindResponseSchema };
  }),
  getAddress: endpoint('GET', '/lookup/address/:id', async () => {
    const l = await lookups();
    return { query: l.addressRetrieveQuerySchema, response: l.addressSchema };
  }),
  searchDataTable: endpoint('GET', '/lookup/data/:table', async () => {
    const l = await lookups();
    return { query: l.dataSearchQuerySchema, response: l.dataSearchResponseSchema };
  }),
  getDataEntry: endpoint('GET', '/lookup/data/:table/:entry', async () => ({
    response: (await lookups()).dataEntrySchema,
  })),

  // Insights (ADR 162)
  postFeedback: endpoint('POST', '/insights/feedback', async () => {
    const c = await insights();
    return { body: c.feedbackRequestSchema, response: c.insightRecordedSchema };
  }),
};
