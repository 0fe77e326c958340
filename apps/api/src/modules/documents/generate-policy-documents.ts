import { type PolicyDocumentKind, policyDocumentInputSchema } from '@forecourt/contracts/documents';
import { inArray, sql } from 'drizzle-orm';
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
  const [generated] = await generatePolicyDocumentsBatch(services, [policyVersionId]);
  return generated!;
}

/**
 * The same for several versions at once (the document job's batch, ADR 271): one read of the versions, the
 * PDFs rendered one after another with no database round trip between them, the files stored together and
 * one insert recording them all. On the single PGlite connection each statement of a job queues behind every
 * request in flight: four statements per policy during a burst of binds kept documents waiting for seconds.
 * Throws if any version is missing or cannot be rendered (nothing recorded; the job runs them one by one).
 */
export async function generatePolicyDocumentsBatch(
  services: Pick<AppServices, 'db' | 'brand' | 'clock' | 'providers'>,
  policyVersionIds: string[],
) {
  const versions = await services.db
    .select({
      id: policyVersions.id,
      policyId: policyVersions.policyId,
      versionNumber: policyVersions.versionNumber,
      documentInput: policyVersions.documentInput,
    })
    .from(policyVersions)
    .where(inArray(policyVersions.id, policyVersionIds));
  const byId = new Map(versions.map((v) => [v.id, v]));
  const theme = pdfTheme(services);
  const files: { policyVersionId: string; doc: PolicyDocumentKind; storageKey: string; body: Buffer }[] = [];
  for (const policyVersionId of new Set(policyVersionIds)) {
    const version = byId.get(policyVersionId);
    if (!version) throw new Error(`No policy version ${policyVersionId}`);
    const input = policyDocumentInputSchema.parse(version.documentInput);
    const rendered: [PolicyDocumentKind, Buffer][] = [
      ['policy-certificate', await renderCertificate(input, theme)],
      ['policy-schedule', await renderSchedule(input, theme)],
    ];
    for (const [doc, body] of rendered)
      files.push({
        policyVersionId,
        doc,
        storageKey: documentKey(version.policyId, version.versionNumber, doc),
        body,
      });
  }
  if (files.length === 0) return [];
  await Promise.all(
    files.map((f) => services.providers.storage.put(f.storageKey, f.body, 'application/pdf')),
  );
  const generatedAt = services.clock.now();
  await services.db
    .insert(policyDocuments)
    .values(
      files.map((f) => ({
        policyVersionId: f.policyVersionId,
        doc: f.doc,
        storageKey: f.storageKey,
        contentType: 'application/pdf',
        sizeBytes: f.body.length,
        generatedAt,
      })),
    )
    .onConflictDoUpdate({
      target: [policyDocuments.policyVersionId, policyDocuments.doc],
      set: {
        storageKey: sql`excluded.storage_key`,
        contentType: sql`excluded.content_type`,
        sizeBytes: sql`excluded.size_bytes`,
        generatedAt: sql`excluded.generated_at`,
      },
    });
  return policyVersionIds.map((id) =>
    files.filter((f) => f.policyVersionId === id).map((f) => ({ doc: f.doc, sizeBytes: f.body.length })),
  );
}
