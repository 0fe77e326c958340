import type { Adjustment, ChangeSide, ChangeSummary } from '@forecourt/contracts/adjustments';
import type { Quote } from '@forecourt/contracts/proposals';
import type { Ctx } from '../../lib/context.ts';
import { changePaymentOf } from '../billing/index.ts';
import { type AdjustmentRow, ownAdjustment, toAdjustment } from './adjustment-view.ts';

/** A policy version in plain words (ADR 356): the car, the drivers by name, the price per payment. */
export function changeSideOf(quote: Partial<Quote> | null | undefined): ChangeSide {
  const q = quote ?? {};
  const spec = (q.specification ?? {}) as Record<string, unknown>;
  const car = ['make', 'model', 'trim']
    .map((k) => spec[k])
    .filter((x): x is string => typeof x === 'string' && x !== '')
    .join(' ');
  const drivers = (q.insuredProfiles ?? []).map((p) => {
    const d = (p.data ?? {}) as { firstName?: unknown; lastName?: unknown };
    const name = [d.firstName, d.lastName].filter((x) => typeof x === 'string' && x).join(' ');
    return { profileCode: p.profileCode, name: name || p.profileCode, policyholder: p.policyholder === true };
  });
  const monthly = q.totals?.monthly;
  const trace = (q.trace ?? []) as unknown as Record<string, unknown>[];
  return monthly
    ? { vrn: q.vrn ?? null, car, drivers, price: monthly.regular, per: 'month', trace }
    : { vrn: q.vrn ?? null, car, drivers, price: q.totals?.discountedPrice ?? 0, per: 'year', trace };
}

type Stored = { quote?: Quote; before?: ChangeSide; paidInFull?: boolean };

/** A mid-term change in plain words, with how its difference is paid from the account (ADR 356). */
export async function changeSummaryOf(
  ctx: Pick<Ctx, 'db'>,
  row: AdjustmentRow,
): Promise<ChangeSummary | null> {
  if (row.adjustmentType !== 'MTA') return null;
  const [u] = row.updatedVersions as unknown as Stored[];
  if (!u?.quote) return null;
  const after = changeSideOf(u.quote);
  const before = u.before ?? null;
  const perPayment = before && before.per === after.per ? after.price - before.price : null;
  const payment = await changePaymentOf(ctx, {
    policyId: row.policyId,
    adjustmentId: row.id,
    total: row.prorataPremiumPence,
    perPayment,
    paidInFull: u.paidInFull ?? !u.quote.totals?.monthly,
    madeByStaff: row.madeBy.startsWith('staff:'),
    confirmed: row.confirmedAt !== null,
  });
  return { before, after, perPayment, total: row.prorataPremiumPence, payment };
}

/** The adjustment as the API answers it, with a change's summary. */
export async function adjustmentAnswer(ctx: Pick<Ctx, 'db'>, row: AdjustmentRow): Promise<Adjustment> {
  return { ...toAdjustment(row), summary: await changeSummaryOf(ctx, row) };
}

/** GET /api/policyAdjustments/{id}. */
export async function getAdjustment(ctx: Ctx, adjustmentId: string): Promise<Adjustment> {
  return adjustmentAnswer(ctx, await ownAdjustment(ctx, adjustmentId));
}
