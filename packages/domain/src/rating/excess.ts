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
  for (let i = 0; i < data.profiles.length; i++) {
    const profileCode = data.profiles[i]!.profileCode;
    if ((ages[i] ?? 99) < e.young.underAge) {
      young = true;
      endorsements.push({ code: 'DRVEXC_YOUNG', message: 'Young driver excess applies', profileCode });
    }
    if ((licenceYears[i] ?? 99) < e.inexperienced.underLicenceYears) {
      inexperienced = true;
      endorsements.push({
        code: 'DRVEXC_INEXP',
        message: 'Inexperienced driver excess applies',
        profileCode,
      });
    }
  }
  const voluntary = data.quote.voluntaryExcess * 100;
  const lines: ExcessLine[] = [];
  for (const k of c.excessKinds) {
    const v = k.voluntary ? voluntary : 0;
    const y = young && k.young ? e.young.amount : 0;
    const x = inexperienced && k.inexperienced ? e.inexperienced.amount : 0;
    lines.push({
      kind: k.kind,
      compulsory: k.compulsory,
      voluntary: v,
      young: y,
      inexperienced: x,
      total: k.compulsory + v + y + x,
    });
  }
  return lines;
}
