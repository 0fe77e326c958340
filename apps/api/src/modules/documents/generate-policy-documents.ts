import { type PolicyDocumentKind, policyDocumentInputSchema } from '@forecourt/contracts/documents';
import { eq } from 'drizzle-orm';
import { policyDocuments, policyVersions } from '../../db/schema/index.ts';
import type { AppServices } from '../../lib/context.ts';
import { renderCertificate } from './pdf/certificate.ts';
import type { PdfTheme } from './pdf/layout.ts';
import { renderSchedule } from './pdf/schedule.ts';

export const documentKey = (policyId: string, versionNumber: number, doc: PolicyDocumentKind) =>
  `policies/${policyId}/v${versionNumber}/${doc}.pdf`;

export function pdfTheme(services: Pick<AppServices, 'brand'>): PdfTheme {
  const c = services.brand.theme.colors;
  return {
    primary: c.primary,
    primaryContrast: c.primaryContrast,
    text: c.text,
    muted: c.textMuted,
    border: c.border,
    surface: c.secondary,
  };
}

/**
 * Renders the certificate and schedule of a policy version from its document input, stores both through
 * the storage provider and records them. Safe to run again (a regenerated file replaces the old one).
 */
export async function generatePolicyDocuments(
  services: Pick<AppServices, 'db' | 'brand' | 'clock' | 'providers'>,
  policyVersionId: string,
) {
  const [version] = await services.db
    .select()
    .from(policyVersions)
    .where(eq(policyVersions.id, policyVersionId));
  if (!version) throw new Error(`No policy version ${policyVersionId}`);
  const input = policyDocumentInputSchema.parse(version.documentInput);
  const theme = pdfTheme(services);
  const rendered: [PolicyDocumentKind, Buffer][] = [
    ['policy-certificate', await renderCertificate(input, theme)],
    ['policy-schedule', await renderSchedule(input, theme)],
  ];
  for (const [doc, body] of rendered) {
    const storageKey = documentKey(version.policyId, version.versionNumber, doc);
    await services.providers.storage.put(storageKey, body, 'application/pdf');
    const values = {
      policyVersionId,
      doc,
      storageKey,
      contentType: 'application/pdf',
      sizeBytes: body.length,
      generatedAt: services.clock.now(),
    };
    await services.db
      .insert(policyDocuments)
      .values(values)
      .onConflictDoUpdate({ target: [policyDocuments.policyVersionId, policyDocuments.doc], set: values });
  }
  return rendered.map(([doc, body]) => ({ doc, sizeBytes: body.length }));
}
