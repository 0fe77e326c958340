import type { Ctx } from '../../lib/context.ts';
import { publish } from '../../lib/domain-events.ts';

/**
 * Before a card is saved or a mandate set up without a payment: publishes `paymentMethod.setupRequested`
 * (ADR 346), whose handler runs the rules of the modules that own them and throws to refuse (e.g. checkout:
 * not while something is due today for the purchase named by clientReference).
 */
export async function runSetupChecks(ctx: Ctx, partyId: string, clientReference: string | undefined) {
  await publish('paymentMethod.setupRequested', ctx, { partyId, clientReference });
}
