import * as adjustments from './adjustments.ts';
import * as billing from './billing.ts';
import * as claims from './claims.ts';
import * as foundation from './foundation.ts';
import * as identity from './identity.ts';
import * as insights from './insights.ts';
import * as partnerQuotes from './partner-quotes.ts';
import * as partners from './partners.ts';
import * as payments from './payments.ts';
import * as policies from './policies.ts';
import * as proposalChecks from './proposal-checks.ts';
import * as proposals from './proposals.ts';
import * as renewals from './renewals.ts';
import * as uploads from './uploads.ts';

// Each module adds its tables file here (one line per module).
export const schema = {
  ...foundation,
  ...adjustments,
  ...billing,
  ...claims,
  ...identity,
  ...insights,
  ...partners,
  ...partnerQuotes,
  ...payments,
  ...policies,
  ...proposals,
  ...proposalChecks,
  ...renewals,
  ...uploads,
};

export * from './adjustments.ts';
export * from './billing.ts';
export * from './claims.ts';
export * from './foundation.ts';
export * from './identity.ts';
export * from './insights.ts';
export * from './partner-quotes.ts';
export * from './partners.ts';
export * from './payments.ts';
export * from './policies.ts';
export * from './proposal-checks.ts';
export * from './proposals.ts';
export * from './renewals.ts';
export * from './uploads.ts';
