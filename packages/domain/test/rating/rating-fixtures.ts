import { readFileSync } from 'node:fs';
import { rate } from '../../src/rating/rate.ts';
import { ratingTablesSchema } from '../../src/rating/tables.ts';
import type { RatingResult } from '../../src/rating/types.ts';
import { sampleProposalData } from '../../src/risk/sample.ts';
import type { ProposalData } from '../../src/risk/schema.ts';

export const tables = ratingTablesSchema.parse(
  JSON.parse(
    readFileSync(new URL('../../../../config/brands/forecourt/rating.json', import.meta.url), 'utf8'),
  ).rating,
);
export const TODAY = '2026-11-21';
export const START = '2026-11-22';

export function risk(mutate?: (d: ProposalData) => void): ProposalData {
  const d = sampleProposalData(TODAY);
  mutate?.(d);
  return d;
}

export function quote(
  mutate?: (d: ProposalData) => void,
  promoCode?: string,
  product?: 'SUBSCRIPTION' | 'ANNUAL',
): RatingResult {
  return rate({ data: risk(mutate), promoCode, product }, tables, START);
}

export const gross = (r: RatingResult) => r.totals!.gross;
export const ph = (d: ProposalData) => d.profiles[0]!.data;
