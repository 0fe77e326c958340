import type { Brand } from '@forecourt/contracts';
import type { PolicyDocumentInput } from '@forecourt/contracts/documents';
import { formatLondon } from '@forecourt/domain/dates';
import { formatGBP } from '@forecourt/domain/money';
import { formatRegistrationMark } from '@forecourt/domain/patterns';
import type { Db } from '../../db/connection.ts';
import { enqueue, type OutboxAttachment } from '../../lib/outbox.ts';
import { paymentPlan, pricePeriod, priceRows } from '../../lib/price-text.ts';
import { documentKey } from '../documents/index.ts';

/** The version's certificate and schedule, attached when the documents job has stored them. */
function attachmentsOf(input: PolicyDocumentInput): OutboxAttachment[] {
  return (['policy-certificate', 'policy-schedule'] as const).map((doc) => ({
    filename: `${doc === 'policy-certificate' ? 'certificate' : 'schedule'}-${input.policyNumber}.pdf`,
    storageKey: documentKey(input.policyId, input.versionNumber, doc),
    contentType: 'application/pdf',
  }));
}

/** The purchase confirmation e-mail (issue 5 §6), written to the outbox in the bind transaction. */
export async function enqueueConfirmationEmail(
  db: Db,
  o: { email: string | undefined; input: PolicyDocumentInput; brand: Brand; immediate: boolean },
) {
  if (!o.email) return;
  const { input, brand } = o;
  const start = formatLondon(input.cover.startAt, "HH:mm 'on' EEEE d MMMM yyyy");
  const when = o.immediate ? 'You are covered now.' : `Your cover starts at ${start}.`;
  const breakdown = input.priceBreakdown;
  // The same breakdown as the quote, checkout and schedule (ADR 175); older inputs carry one payment only.
  const premium = breakdown
    ? [
        `Your price for ${pricePeriod(input.cover)}, including Insurance Premium Tax:`,
        ...priceRows(breakdown, pricePeriod(input.cover)).map(([label, amount]) => `  ${label}: ${amount}`),
        paymentPlan(breakdown),
      ]
    : [
        `Premium: ${formatGBP(input.premium.totalPence)} per ${input.premium.per}, including Insurance Premium Tax.`,
      ];
  const body = [
    `Hello ${input.policyholder.firstName},`,
    '',
    `Thank you for insuring your ${input.vehicle.make} ${input.vehicle.model} (${formatRegistrationMark(input.vehicle.registration)}) with ${brand.name}. ${when}`,
    '',
    `Policy number: ${input.policyNumber}`,
    ...premium,
    '',
    'Your certificate of motor insurance and policy schedule are attached, and in your account under your policy documents.',
    'Please read them with the policy wording and tell us straight away if anything is wrong.',
    '',
    `If you need us, e-mail ${brand.contact.email} or call ${brand.contact.phone}. To make a claim, call ${brand.contact.claimsPhone}, 24 hours a day.`,
    '',
    `${brand.name}`,
  ].join('\n');
  await enqueue(db, {
    channel: 'email',
    recipient: o.email,
    subject: `You're covered: policy ${input.policyNumber}`,
    body,
    payload: {
      type: 'policy.confirmation',
      policyNumber: input.policyNumber,
      attachments: attachmentsOf(input),
    },
  });
}
