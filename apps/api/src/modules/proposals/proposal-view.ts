import type { Brand } from '@forecourt/contracts';
import type { Proposal, Quote } from '@forecourt/contracts/proposals';
import { schemeOf } from '@forecourt/domain/policy/product-kind';
import { paidInFull, policyTermOf, productKindOf } from '@forecourt/domain/policy/term';
import type { ProposalRow } from '../../db/schema/index.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The status as of `now`: a quote past its validity reads as expired before the expiry job has run. */
export function effectiveStatus(row: ProposalRow, now: Date): ProposalRow['status'] {
  return row.status === 'QUOTE' && row.quoteExpiresAt && row.quoteExpiresAt <= now
    ? 'QUOTE_EXPIRED'
    : row.status;
}

/** A proposals row as the API answers it (spec 3 §3 Proposal). */
export function toProposal(row: ProposalRow, now: Date, brand: Pick<Brand, 'schemes'>): Proposal {
  const product = productKindOf(row.product);
  const subscription = !paidInFull(product);
  const term = schemeOf(brand.schemes, row.schemeCode)?.term;
  return {
    proposalCode: row.proposalCode,
    status: effectiveStatus(row, now),
    schemeCode: row.schemeCode,
    product: row.product,
    brand: row.brand,
    externalReference: row.externalReference,
    source: row.source,
    promoCode: row.promoCode,
    data: row.data as Proposal['data'],
    quote: (row.quote as Quote | null) ?? null,
    startAt: iso(row.startAt),
    endAt: iso(row.endAt),
    policyTerm: policyTermOf(product, term),
    monthlyBilling: subscription,
    renewalType: 'auto',
    policyId: row.policyId,
    policyNumber: row.policyNumber,
    quoteExpiresAt: iso(row.quoteExpiresAt),
    trackingRecorded: row.tracking !== null,
    sourcePolicy: row.sourcePolicy,
    sourceProposal: row.sourceProposal,
    renewalCycle: row.renewalCycle,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
