import type { PolicyDocumentInput } from '@forecourt/contracts/documents';
import { formatRegistrationMark } from '@forecourt/domain/patterns';
import {
  CONTENT_WIDTH,
  footers,
  header,
  londonDateTime,
  newDocument,
  PAGE,
  type PdfTheme,
  paragraph,
  ruleLine,
  toBuffer,
} from './layout.ts';
import { holderName, USE_WORDING, whoMayDrive } from './wording.ts';

const LAWS =
  'I/We hereby certify that the policy to which this certificate relates satisfies the requirements of the relevant law applicable in Great Britain, Northern Ireland, the Isle of Man, the Island of Guernsey, the Island of Jersey and the Island of Alderney.';

/** The Certificate of Motor Insurance (Road Traffic Act 1988), one per policy version. */
export async function renderCertificate(input: PolicyDocumentInput, theme: PdfTheme): Promise<Buffer> {
  const certificateNumber = `${input.policyNumber}-${String(input.versionNumber).padStart(2, '0')}`;
  const doc = newDocument(`Certificate of Motor Insurance ${certificateNumber}`, input.insurer.name);
  header(
    doc,
    theme,
    input.brandName,
    'Certificate of Motor Insurance',
    `Certificate number ${certificateNumber}`,
  );

  doc.font('Helvetica').fontSize(9.5).fillColor(theme.muted);
  doc.text(
    `Policy number ${input.policyNumber}    Issued ${londonDateTime(input.issuedAt)}`,
    PAGE.margin,
    doc.y,
  );
  doc.moveDown(1);

  const items: [string, string][] = [
    ['Registration mark of vehicle', formatRegistrationMark(input.vehicle.registration)],
    ['Name of policyholder', holderName(input.policyholder)],
    [
      'Effective date of the commencement of insurance for the purposes of the relevant law',
      londonDateTime(input.cover.startAt),
    ],
    ['Date of expiry of insurance', londonDateTime(input.cover.endAt)],
    ['Persons or classes of persons entitled to drive', whoMayDrive(input)],
    ['Limitations as to use', USE_WORDING[input.use]],
  ];
  const numberWidth = 24;
  const labelWidth = 170;
  items.forEach(([label, value], i) => {
    const y = doc.y;
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(theme.primary)
      .text(`${i + 1}.`, PAGE.margin, y);
    doc
      .font('Helvetica-Bold')
      .fontSize(9.5)
      .fillColor(theme.text)
      .text(label, PAGE.margin + numberWidth, y, { width: labelWidth - 10 });
    const afterLabel = doc.y;
    doc
      .font(i === 0 ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(i === 0 ? 14 : 10)
      .text(value, PAGE.margin + numberWidth + labelWidth, y, {
        width: CONTENT_WIDTH - numberWidth - labelWidth,
      });
    const bottom = Math.max(afterLabel, doc.y) + 8;
    ruleLine(doc, bottom, { width: 0.5, color: theme.border });
    doc.y = bottom + 8;
  });

  doc.moveDown(0.5);
  paragraph(doc, theme, LAWS, 9.5);
  doc.moveDown(0.8);
  const sigY = doc.y;
  ruleLine(doc, sigY + 26, { width: 0.8, color: theme.text, length: 200 });
  doc
    .font('Helvetica-Oblique')
    .fontSize(14)
    .fillColor(theme.text)
    .text('Underwriting Director', PAGE.margin + 4, sigY + 6);
  doc
    .font('Helvetica-Bold')
    .fontSize(9.5)
    .text(`${input.insurer.name}`, PAGE.margin, sigY + 32);
  doc.font('Helvetica').fontSize(9).text('Authorised Insurers', PAGE.margin, doc.y);
  doc.moveDown(1.2);

  doc.font('Helvetica-Bold').fontSize(9.5).fillColor(theme.text).text('Important notes', PAGE.margin, doc.y);
  doc.moveDown(0.2);
  for (const note of [
    'For full details of the insurance cover reference should be made to the policy schedule and policy wording.',
    'Advice to third parties: nothing contained in this certificate affects your right as a third party to make a claim.',
    'This certificate is only valid while the premium is paid and the policy is in force. You must produce it on demand to a police officer.',
    `Cover is arranged by ${input.brandName} and underwritten by ${input.insurer.name}, ${input.insurer.address}. ${input.insurer.registration}.`,
  ]) {
    paragraph(doc, theme, `•  ${note}`, 8.5);
  }
  footers(
    doc,
    theme,
    `${input.insurer.name} · Certificate ${certificateNumber} · Policy ${input.policyNumber}`,
  );
  return toBuffer(doc);
}
