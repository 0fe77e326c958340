import { randomBytes } from 'node:crypto';
import type { FnolLinkRequest } from '@forecourt/contracts/claims';
import { fnolLinks } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, validation } from '../../lib/errors.ts';
import { claimedPolicy } from './claimed-policy.ts';

/** How long the external service's page stays open for the customer. */
export const FNOL_LINK_TTL_MS = 60 * 60_000;

/** The return address must be a page of this app: a path, or a URL on the app's own origin. */
export function sameOriginReturn(callbackUrl: string, origin: string): string | undefined {
  if (callbackUrl.startsWith('/') && !callbackUrl.startsWith('//') && !callbackUrl.includes('\\')) {
    return `${origin}${callbackUrl}`;
  }
  try {
    const url = new URL(callbackUrl);
    return url.origin === origin ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POST /api/fnol/link (spec 3 §7): when the brand's `axitechFnol` feature is on, the address of the external
 * first-notification service's form for the caller's policy. The sandbox serves that form at
 * /sandbox/fnol/{id}; it returns to `callbackUrl` with the new claim's reference (ADR 161).
 */
export async function createFnolLink(ctx: Ctx, input: FnolLinkRequest, origin: string) {
  if (!ctx.brand.features.axitechFnol) {
    throw new AppError('CONFLICT', 'Claims are notified with our own form: use POST /api/claims.');
  }
  const policy = await claimedPolicy(ctx, { policyId: input.policyId });
  const callbackUrl = sameOriginReturn(input.callbackUrl, origin);
  if (!callbackUrl) throw validation({ callbackUrl: ['Must be a page of this site'] });
  const id = randomBytes(24).toString('base64url');
  const now = ctx.clock.now();
  await ctx.db.insert(fnolLinks).values({
    id,
    partyId: policy.partyId,
    policyId: policy.policyId,
    policyNumber: policy.policyNumber,
    callbackUrl,
    contact: {
      ...(input.telephone ? { telephone: input.telephone } : {}),
      ...(input.email ? { email: input.email } : {}),
      ...(input.privacyPolicyUrl ? { privacyPolicyUrl: input.privacyPolicyUrl } : {}),
    },
    expiresAt: new Date(now.getTime() + FNOL_LINK_TTL_MS),
    createdAt: now,
  });
  return { url: `${origin}/sandbox/fnol/${id}` };
}
