import type { Ctx } from '../../lib/context.ts';

/**
 * Checks that other modules register for saving a card without a payment (e.g. checkout: not while
 * something is due today for the purchase named by clientReference). Registered at start-up, so payments
 * does not depend on the modules that own those rules.
 */
export type SetupCheck = (ctx: Ctx, partyId: string, clientReference: string | undefined) => Promise<void>;

const checks: SetupCheck[] = [];

export function registerSetupCheck(check: SetupCheck) {
  if (!checks.includes(check)) checks.push(check);
}

export async function runSetupChecks(ctx: Ctx, partyId: string, clientReference: string | undefined) {
  for (const check of checks) await check(ctx, partyId, clientReference);
}
