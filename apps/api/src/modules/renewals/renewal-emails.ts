import type { Brand } from '@forecourt/contracts';
import type { Quote } from '@forecourt/contracts/proposals';
import { formatLondon } from '@forecourt/domain/dates';
import { formatGBP } from '@forecourt/domain/money';
import { policyholderOf } from '@forecourt/domain/proposal/readers';
import { priceBreakdown } from '@forecourt/domain/rating/price';
import type { Db } from '../../db/connection.ts';
import { enqueue } from '../../lib/outbox.ts';
import { coverName } from '../../lib/price-text.ts';

type TraceLike = { factor: string; input: unknown; multiplier?: number };
const FACTOR_NAMES: Record<string, string> = {
  driverAge: "The policyholder's age",
  licenceYears: 'Years with a licence',
  noClaimsDiscount: 'No claims discount',
  insuranceGroup: 'Insurance group',
  vehicleValue: "The car's value",
  postcodeArea: 'Postcode area',
  annualMileage: 'Annual mileage',
  classOfUse: 'How the car is used',
  overnightLocation: 'Where the car is kept overnight',
  voluntaryExcess: 'Voluntary excess',
};

export const totalOf = (quote: Quote | null | undefined) =>
  quote ? (priceBreakdown(quote)?.total ?? null) : null;

/** A price as the year's total and, for a subscription, the monthly payment. */
function priceText(quote: Quote): string {
  const b = priceBreakdown(quote);
  if (!b) return 'no price';
  return b.monthly
    ? `${formatGBP(b.total)} for the year (${formatGBP(b.monthly.regular)} a month)`
    : `${formatGBP(b.total)} for the year`;
}

/**
 * What changed between last year's quote and this year's (ICOBS 6A: the customer is told): the rating
 * factors whose input or weight moved, covers added or dropped, and whether the price was capped.
 */
export function whatChanged(previous: Quote | null, offered: Quote, capped: boolean): string[] {
  const lines: string[] = [];
  const before = new Map(((previous?.trace ?? []) as TraceLike[]).map((t) => [t.factor, t]));
  for (const now of offered.trace as TraceLike[]) {
    const name = FACTOR_NAMES[now.factor];
    const was = before.get(now.factor);
    if (!name || !was) continue;
    if (was.input !== now.input) lines.push(`${name}: ${String(was.input)} → ${String(now.input)}`);
    else if (was.multiplier !== now.multiplier) lines.push(`${name}: our rates for it have changed`);
  }
  const covers = (q: Quote | null) =>
    new Set((q?.priceBreakdown ?? []).filter((l) => l.coverGroup === 'OPTIONAL').map((l) => l.feature));
  const [had, has] = [covers(previous), covers(offered)];
  for (const c of had) if (!has.has(c)) lines.push(`${coverName(c)} is not included this year`);
  for (const c of has) if (!had.has(c)) lines.push(`${coverName(c)} is included this year`);
  if (previous?.promoCode) lines.push(`Last year's promotion (${previous.promoCode}) does not apply again`);
  if (capped)
    lines.push('We have lowered your price to what a new customer would pay today for the same cover');
  if (lines.length === 0) lines.push('Nothing about you, your car or our rates has changed');
  return lines;
}

const emailOf = (quote: Quote | null) => {
  const holder = policyholderOf({ profiles: quote?.insuredProfiles });
  return typeof holder.email === 'string' ? holder.email : undefined;
};
const nameOf = (quote: Quote | null) => {
  const holder = policyholderOf({ profiles: quote?.insuredProfiles });
  return typeof holder.firstName === 'string' ? holder.firstName : 'there';
};
const day = (d: Date) => formatLondon(d, 'EEEE d MMMM yyyy');

export interface InvitationMail {
  brand: Brand;
  policyNumber: string;
  anniversary: Date;
  previous: Quote | null;
  offered: Quote;
  capped: boolean;
  renewalUrl: string;
  optOutUrl: string;
  /** Owed on the policy's account as it is invited (pence): it renews only once that is paid (ADR 400). */
  owing?: number;
}

/** The renewal invitation: last year's price beside this year's, what changed, and how to opt out. */
export async function enqueueInvitation(db: Db, m: InvitationMail) {
  const email = emailOf(m.offered);
  if (!email) return;
  const body = [
    `Hello ${nameOf(m.offered)},`,
    '',
    `Your car insurance policy ${m.policyNumber} renews on ${day(m.anniversary)}.`,
    '',
    `Last year's price: ${m.previous ? priceText(m.previous) : 'not known'}`,
    `This year's price: ${priceText(m.offered)}`,
    '',
    'What changed:',
    ...whatChanged(m.previous, m.offered, m.capped).map((l) => `  - ${l}`),
    '',
    m.owing
      ? `${formatGBP(m.owing)} is still to pay on your policy. Your cover continues automatically at this price on your renewal date only if it is paid before then: please pay it from the Billing tab of your policy.`
      : 'You do not need to do anything: your cover continues automatically at this price on your renewal date.',
    `See your renewal quote and its documents: ${m.renewalUrl}`,
    '',
    `Not renewing? Opt out of auto-renewal in one step: ${m.optOutUrl}`,
    `or e-mail ${m.brand.contact.email} or call ${m.brand.contact.phone}.`,
    'Please shop around: you may find a better price elsewhere.',
    '',
    m.brand.name,
  ].join('\n');
  await enqueue(db, {
    channel: 'email',
    recipient: email,
    subject: `Your renewal: policy ${m.policyNumber} renews on ${day(m.anniversary)}`,
    body,
    payload: {
      type: 'renewal.invitation',
      policyNumber: m.policyNumber,
      previousTotal: totalOf(m.previous),
      offeredTotal: totalOf(m.offered),
    },
  });
}

/** A renewal the rules refer: we cannot renew it automatically; the policy ends on its anniversary. */
export async function enqueueReferral(
  db: Db,
  m: { brand: Brand; policyNumber: string; anniversary: Date; quote: Quote },
) {
  const email = emailOf(m.quote);
  if (!email) return;
  const reasons = m.quote.referralReasons.map((r) => `  - ${r.message}`);
  await enqueue(db, {
    channel: 'email',
    recipient: email,
    subject: `We cannot renew policy ${m.policyNumber} automatically`,
    body: [
      `Hello ${nameOf(m.quote)},`,
      '',
      `We cannot offer to renew your policy ${m.policyNumber} automatically, because:`,
      ...reasons,
      '',
      `Your cover ends at ${formatLondon(m.anniversary, "HH:mm 'on' EEEE d MMMM yyyy")} unless we agree a renewal with you.`,
      `Please contact us: ${m.brand.contact.email} or ${m.brand.contact.phone}.`,
      '',
      m.brand.name,
    ].join('\n'),
    payload: { type: 'renewal.referral', policyNumber: m.policyNumber },
  });
}

/** The anniversary's outcome: renewed at the new price, or ended. */
export async function enqueueOutcome(
  db: Db,
  m: {
    brand: Brand;
    outcome: 'RENEWED' | 'LAPSED';
    policyNumber: string;
    successorNumber?: string;
    anniversary: Date;
    quote: Quote | null;
    /** A lapsed renewal taken up (ADR 335): cover restarted then, not from the anniversary. */
    restartedAt?: Date;
    /** A lapsed renewal quote still open until then (ADR 335). */
    takeUpUntil?: Date;
    /** Lapsed, though opted in, because this much was owed on the old year (pence, ADR 400). */
    owing?: number;
  },
) {
  const email = emailOf(m.quote);
  if (!email) return;
  const renewed = m.outcome === 'RENEWED';
  const at = (d: Date) => formatLondon(d, "HH:mm 'on' EEEE d MMMM yyyy");
  const body = renewed
    ? [
        `Hello ${nameOf(m.quote)},`,
        '',
        m.restartedAt
          ? `Your car insurance restarted at ${at(m.restartedAt)}: your new policy number is ${m.successorNumber}. You were not insured between ${at(m.anniversary)} and then.`
          : `Your car insurance has renewed from ${day(m.anniversary)}: your new policy number is ${m.successorNumber}.`,
        `Your price: ${m.quote ? priceText(m.quote) : ''}`,
        'Your new certificate and schedule are in your account under your policy documents.',
      ]
    : [
        `Hello ${nameOf(m.quote)},`,
        '',
        `Your car insurance policy ${m.policyNumber} ended at ${at(m.anniversary)}.`,
        ...(m.owing
          ? [
              `It did not renew because ${formatGBP(m.owing)} was still to pay on it. You are no longer insured to drive the car under this policy.`,
            ]
          : ['You are no longer insured to drive the car under this policy.']),
        ...(m.takeUpUntil && m.quote
          ? [
              m.owing
                ? `Your renewal price of ${priceText(m.quote)} is open until ${at(m.takeUpUntil)}: pay what is owed from the Billing tab of your policy, then opt back in from your account and cover restarts straight away (it cannot be backdated).`
                : `Changed your mind? Your renewal price of ${priceText(m.quote)} is open until ${at(m.takeUpUntil)}: opt back in from your account and cover restarts straight away (it cannot be backdated).`,
            ]
          : []),
      ];
  await enqueue(db, {
    channel: 'email',
    recipient: email,
    subject: renewed
      ? `Your policy has renewed: ${m.successorNumber}`
      : `Your policy ${m.policyNumber} has ended`,
    body: [
      ...body,
      '',
      `Questions? ${m.brand.contact.email} or ${m.brand.contact.phone}.`,
      '',
      m.brand.name,
    ].join('\n'),
    payload: { type: `renewal.${renewed ? 'renewed' : 'lapsed'}`, policyNumber: m.policyNumber },
  });
}
