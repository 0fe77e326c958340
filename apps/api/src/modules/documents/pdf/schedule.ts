import type { PolicyDocumentInput } from '@forecourt/contracts/documents';
import { formatRegistrationMark } from '@forecourt/domain/patterns';
import {
  coverName,
  type DocumentPriceBreakdown,
  paymentPlan,
  pricePeriod,
  priceRows,
  productKindText,
} from '../../../lib/price-text.ts';
import {
  footers,
  header,
  londonDate,
  londonDateTime,
  money,
  newDocument,
  type PdfTheme,
  paragraph,
  rows,
  sectionTitle,
  table,
  toBuffer,
  ukDate,
} from './layout.ts';
import { excessLabel, holderName, USE_SHORT, USE_WORDING } from './wording.ts';

/** The year's price: lines, premium before tax, IPT on it and the total, which add up; then the payments. */
function premiumBreakdown(
  doc: PDFKit.PDFDocument,
  theme: PdfTheme,
  b: DocumentPriceBreakdown,
  period: string,
  payments?: Payments,
) {
  table(
    doc,
    theme,
    [
      { title: 'Item', width: 380 },
      { title: `Amount for ${period}`, width: 119 },
    ],
    priceRows(b, period),
    { boldLast: true },
  );
  // After a change, the payments as they stand, not a new year of them (issue 28 defect 12).
  if (payments) paymentsMadeAndToCome(doc, theme, payments);
  else paragraph(doc, theme, paymentPlan(b));
}

type Payments = NonNullable<PolicyDocumentInput['payments']>;
type Entry = Payments['made'][number];

/** Runs of equal payments: "4 payments of £60.11 made, 28 July to 28 October 2026" (one alone by its date). */
function runs(entries: Entry[], how: 'made' | 'to come'): [string, string][] {
  const out: { first: Entry; last: Entry; n: number }[] = [];
  for (const e of entries) {
    const run = out.at(-1);
    if (run && run.first.amountPence === e.amountPence) {
      run.last = e;
      run.n++;
    } else out.push({ first: e, last: e, n: 1 });
  }
  return out.map((r) => [
    r.n === 1
      ? `Payment ${how} on ${londonDate(r.first.at)}`
      : `${r.n} payments of ${money(r.first.amountPence)} ${how}, ${londonDate(r.first.at)} to ${londonDate(r.last.at)}`,
    money(r.first.amountPence * r.n),
  ]);
}

/**
 * A mid-term schedule's payments (issue 28 defect 12, ADR 355), as the ledger had them when the change was
 * confirmed: what has been paid (less anything paid back), what remains (the next payment carrying the change's
 * difference), and the total of both.
 */
function paymentsMadeAndToCome(doc: PDFKit.PDFDocument, theme: PdfTheme, p: Payments) {
  if (doc.y > 560) doc.addPage();
  const [next, ...later] = p.remaining;
  const refund = next && next.amountPence < 0;
  const body: [string, string][] = [
    ...runs(p.made, 'made'),
    ...(p.backPence !== 0 ? [['Paid back to you', money(-p.backPence)] as [string, string]] : []),
    ['Paid so far', money(p.paidPence)],
    ...(next
      ? [
          [
            refund
              ? `To be paid back to you on ${londonDate(next.at)}`
              : `Next payment, on ${londonDate(next.at)}`,
            money(next.amountPence),
          ] as [string, string],
        ]
      : []),
    ...runs(later, 'to come'),
    ['Still to pay', money(p.remainingPence)],
    ['Total for this policy', money(p.totalPence)],
  ];
  table(
    doc,
    theme,
    [
      { title: `Your payments as at ${londonDate(p.asAt)}`, width: 380 },
      { title: 'Amount', width: 119 },
    ],
    body,
    { boldLast: true },
  );
  paragraph(
    doc,
    theme,
    `Paid so far ${money(p.paidPence)} and still to pay ${money(p.remainingPence)}: ${money(p.totalPence)} in all. ${
      p.remaining.length === 0
        ? 'Nothing more is due.'
        : 'Any difference from this change is in the next payment.'
    }`,
  );
}

/** Documents issued before ADR 175: one payment's premium and tax. */
function premiumPerPayment(doc: PDFKit.PDFDocument, theme: PdfTheme, input: PolicyDocumentInput) {
  const per = input.premium.per === 'month' ? 'per month' : 'per year';
  table(
    doc,
    theme,
    [
      { title: 'Item', width: 380 },
      { title: `Amount ${per}`, width: 119 },
    ],
    [
      ...input.optionalCovers.map((c) => [
        `Includes optional cover: ${coverName(c.name)}`,
        money(c.premiumPence),
      ]),
      ['Premium excluding Insurance Premium Tax', money(input.premium.netPence)],
      ['Insurance Premium Tax at 12%', money(input.premium.iptPence)],
      [`Total premium ${per}`, money(input.premium.totalPence)],
    ],
    { boldLast: true },
  );
}

/** The policy schedule: who, what, when, how much; one per policy version. */
export async function renderSchedule(input: PolicyDocumentInput, theme: PdfTheme): Promise<Buffer> {
  const doc = newDocument(`Policy schedule ${input.policyNumber}`, input.insurer.name);
  header(doc, theme, input.brandName, 'Policy schedule', `Policy number ${input.policyNumber}`);
  const h = input.policyholder;
  const address = [h.address.line1, h.address.line2, h.address.city, h.address.postalCode]
    .filter(Boolean)
    .join(', ');

  sectionTitle(doc, theme, 'Your policy');
  rows(doc, theme, [
    ['Policy number', input.policyNumber],
    ['Product', `${input.productName} (${productKindText(input.cover)})`],
    ['Cover', `${input.cover.level}`],
    ['Policyholder', holderName(h)],
    ['Address', address],
    [
      'Period of insurance',
      `From ${londonDateTime(input.cover.startAt)} to ${londonDateTime(input.cover.endAt)}`,
    ],
    ['Schedule version', `${input.versionNumber}, issued ${londonDate(input.issuedAt)}`],
    ['Policy wording', `Version ${input.wordingVersion}`],
  ]);

  sectionTitle(doc, theme, 'Your car');
  const v = input.vehicle;
  rows(doc, theme, [
    ['Registration', formatRegistrationMark(v.registration)],
    ['Make and model', [v.make, v.model, v.trim].filter(Boolean).join(' ')],
    ...(v.yearOfManufacture
      ? [['Year of manufacture', String(v.yearOfManufacture)] as [string, string]]
      : []),
    ...(v.valuePence !== undefined ? [['Estimated value', money(v.valuePence)] as [string, string]] : []),
    ...(v.annualMileage
      ? [['Annual mileage', v.annualMileage.toLocaleString('en-GB')] as [string, string]]
      : []),
    ['Class of use', USE_SHORT[input.use]],
  ]);

  sectionTitle(doc, theme, 'Who may drive');
  table(
    doc,
    theme,
    [
      { title: 'Driver', width: 220 },
      { title: 'Relationship', width: 160 },
      { title: 'Date of birth', width: 119 },
    ],
    input.drivers.map((d) => [
      d.name,
      d.policyholder ? 'Policyholder' : d.relationship,
      ukDate(d.dateOfBirth),
    ]),
  );

  sectionTitle(doc, theme, 'Limitations as to use');
  paragraph(doc, theme, USE_WORDING[input.use]);

  sectionTitle(doc, theme, 'Your excesses');
  table(
    doc,
    theme,
    [
      { title: 'Claim', width: 220 },
      { title: 'Compulsory', width: 93 },
      { title: 'Voluntary', width: 93 },
      { title: 'Total', width: 93 },
    ],
    input.excesses.map((e) => [
      excessLabel(e.kind),
      money(e.compulsoryPence),
      money(e.voluntaryPence),
      money(e.compulsoryPence + e.voluntaryPence),
    ]),
  );
  for (const extra of input.additionalExcesses) {
    paragraph(doc, theme, `Additional excess: ${extra.description} ${money(extra.amountPence)}.`);
  }

  sectionTitle(doc, theme, 'Your premium');
  if (input.priceBreakdown)
    premiumBreakdown(
      doc,
      theme,
      input.priceBreakdown,
      input.payments ? 'a full year' : pricePeriod(input.cover),
      input.payments,
    );
  else premiumPerPayment(doc, theme, input);
  paragraph(
    doc,
    theme,
    'No fees are charged for making changes or cancelling. There is no minimum term.',
    8.5,
  );

  if (input.endorsements.length) {
    sectionTitle(doc, theme, 'Endorsements that apply to your policy');
    for (const e of input.endorsements) {
      doc.font('Helvetica-Bold').fontSize(9.5).text(`${e.code}  ${e.title}`);
      paragraph(doc, theme, e.text);
    }
  }

  sectionTitle(doc, theme, 'Your insurer');
  paragraph(
    doc,
    theme,
    `This insurance is arranged by ${input.brandName} and underwritten by ${input.insurer.name}, ${input.insurer.address}. ${input.insurer.registration}. Please read this schedule with your policy wording and certificate of motor insurance, and tell us straight away if anything is wrong.`,
  );
  footers(
    doc,
    theme,
    `${input.insurer.name} · Policy schedule ${input.policyNumber} · version ${input.versionNumber}`,
  );
  return toBuffer(doc);
}
