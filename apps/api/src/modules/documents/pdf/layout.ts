import { formatLondon } from '@forecourt/domain/dates';
import { formatGBP } from '@forecourt/domain/money';
import { format } from 'date-fns';
import PDFDocument from 'pdfkit';

/** Colours come from the brand's theme (config/brands), never from here. */
export interface PdfTheme {
  primary: string;
  primaryContrast: string;
  text: string;
  muted: string;
  border: string;
  surface: string;
}

export const PAGE = { width: 595.28, height: 841.89, margin: 48 };
export const CONTENT_WIDTH = PAGE.width - PAGE.margin * 2;

/** "00:00 on 21 November 2026" in London time. */
export const londonDateTime = (iso: string) => formatLondon(iso, "HH:mm 'on' d MMMM yyyy");
export const londonDate = (iso: string) => formatLondon(iso, 'd MMMM yyyy');
export const ukDate = (ymd: string) => format(new Date(`${ymd}T12:00:00Z`), 'dd/MM/yyyy');
export const money = (pence: number) => formatGBP(pence);

export function newDocument(title: string, author: string): PDFKit.PDFDocument {
  return new PDFDocument({
    size: 'A4',
    margins: { top: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin, right: PAGE.margin },
    info: { Title: title, Author: author, Creator: author },
    bufferPages: true,
  });
}

export function toBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** The brand band across the top with the document title and a reference on the right. */
export function header(
  doc: PDFKit.PDFDocument,
  t: PdfTheme,
  brand: string,
  title: string,
  reference: string,
) {
  doc.rect(0, 0, PAGE.width, 92).fill(t.primary);
  doc.fillColor(t.primaryContrast).font('Helvetica-Bold').fontSize(20).text(brand, PAGE.margin, 26);
  doc.font('Helvetica').fontSize(10).text('Car insurance', PAGE.margin, 52);
  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .text(title, PAGE.margin, 26, { width: CONTENT_WIDTH, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(reference, PAGE.margin, 50, { width: CONTENT_WIDTH, align: 'right' });
  doc.fillColor(t.text);
  doc.y = 116;
}

/** A horizontal rule at `y`, across the content (or `length` points from the left margin). */
export function ruleLine(
  doc: PDFKit.PDFDocument,
  y: number,
  o: { width: number; color: string; length?: number },
) {
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(o.length === undefined ? PAGE.width - PAGE.margin : PAGE.margin + o.length, y)
    .lineWidth(o.width)
    .strokeColor(o.color)
    .stroke();
}

export function sectionTitle(doc: PDFKit.PDFDocument, t: PdfTheme, text: string) {
  if (doc.y > PAGE.height - 150) doc.addPage();
  doc.moveDown(0.6);
  doc.fillColor(t.primary).font('Helvetica-Bold').fontSize(12).text(text, PAGE.margin, doc.y);
  const y = doc.y + 3;
  ruleLine(doc, y, { width: 1, color: t.primary });
  doc.y = y + 8;
  doc.fillColor(t.text);
}

/** Label on the left, value on the right, one row each; long values wrap. */
export function rows(doc: PDFKit.PDFDocument, t: PdfTheme, items: [string, string][], labelWidth = 170) {
  for (const [label, value] of items) {
    const y = doc.y;
    doc
      .font('Helvetica')
      .fontSize(9.5)
      .fillColor(t.muted)
      .text(label, PAGE.margin, y, { width: labelWidth - 10 });
    const afterLabel = doc.y;
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(t.text)
      .text(value, PAGE.margin + labelWidth, y, { width: CONTENT_WIDTH - labelWidth });
    doc.y = Math.max(afterLabel, doc.y) + 5;
  }
}

/** A simple ruled table; the first column is left-aligned, the rest right-aligned (amounts). */
export function table(
  doc: PDFKit.PDFDocument,
  t: PdfTheme,
  columns: { title: string; width: number }[],
  body: string[][],
  options: { boldLast?: boolean } = {},
) {
  const rowHeight = 18;
  let y = doc.y;
  doc.rect(PAGE.margin, y, CONTENT_WIDTH, rowHeight).fill(t.surface);
  let x = PAGE.margin + 6;
  doc.font('Helvetica-Bold').fontSize(9).fillColor(t.text);
  columns.forEach((c, i) => {
    doc.text(c.title, x, y + 5, { width: c.width - 12, align: i === 0 ? 'left' : 'right' });
    x += c.width;
  });
  y += rowHeight;
  body.forEach((cells, r) => {
    x = PAGE.margin + 6;
    const bold = options.boldLast && r === body.length - 1;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5);
    cells.forEach((cell, i) => {
      doc.text(cell, x, y + 5, { width: (columns[i]?.width ?? 0) - 12, align: i === 0 ? 'left' : 'right' });
      x += columns[i]?.width ?? 0;
    });
    y += rowHeight;
    ruleLine(doc, y, { width: 0.5, color: t.border });
  });
  doc.y = y + 6;
}

export function paragraph(doc: PDFKit.PDFDocument, t: PdfTheme, text: string, size = 9) {
  doc
    .font('Helvetica')
    .fontSize(size)
    .fillColor(t.text)
    .text(text, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.4);
}

/** Page numbers and the insurer line on every page. */
export function footers(doc: PDFKit.PDFDocument, t: PdfTheme, line: string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(t.muted)
      .text(line, PAGE.margin, PAGE.height - 34, { width: CONTENT_WIDTH - 60 });
    doc.text(`Page ${i + 1} of ${range.count}`, PAGE.margin, PAGE.height - 34, {
      width: CONTENT_WIDTH,
      align: 'right',
    });
    doc.page.margins.bottom = bottom;
  }
}
