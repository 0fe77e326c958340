import type { ProposalData } from '../risk/schema.ts';
import type { CompiledTables } from './compile.ts';
import type { ExcessLine, Reason } from './types.ts';

/**
 * Excess per kind: the compulsory amount, the chosen voluntary excess (whole pounds → pence) on the kinds
 * it applies to, and the young (+£150 under 25) and inexperienced (+£50 licence under 1 year) additions,
 * each with its endorsement naming the driver.
 */
export function excesses(
  data: ProposalData,
  c: CompiledTables,
  ages: readonly number[],
  licenceYears: readonly number[],
  endorsements: Reason[],
): ExcessLine[] {
  const e = c.tables.excess;
  let young = false;
  let inexperienced = false;
  data.profiles.forEach((p, i) => {
    if ((ages[i] ?? 99) < e.young.underAge) {
      young = true;
      endorsements.push({
        code: 'DRVEXC_YOUNG',
        message: 'Young driver excess applies',
        profileCode: p.profileCode,
      });
    }
    if ((licenceYears[i] ?? 99) < e.inexperienced.underLicenceYears) {
      inexperienced = true;
      endorsements.push({
        code: 'DRVEXC_INEXP',
        message: 'Inexperienced driver excess applies',
        profileCode: p.profileCode,
      });
    }
  });
  const voluntary = data.quote.voluntaryExcess * 100;
  return Object.entries(e.compulsory).map(([kind, compulsory]) => {
    const line: ExcessLine = {
      kind,
      compulsory,
      voluntary: e.voluntaryAppliesTo.includes(kind) ? voluntary : 0,
      young: young && e.young.appliesTo.includes(kind) ? e.young.amount : 0,
      inexperienced: inexperienced && e.inexperienced.appliesTo.includes(kind) ? e.inexperienced.amount : 0,
      total: 0,
    };
    line.total = line.compulsory + line.voluntary + line.young + line.inexperienced;
    return line;
  });
}
