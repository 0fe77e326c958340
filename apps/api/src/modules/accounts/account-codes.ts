import { kickOutbox } from '../../jobs/outbox-dispatch.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, validation } from '../../lib/errors.ts';
import type { CodeCheck } from '../../providers/identity-provider/one-time-codes.ts';

export { consumeCode, issueCode } from '../../providers/identity-provider/one-time-codes.ts';

/** What a one-time code proves, and for whom: the login_codes row's `interaction_uid`. */
export const accountCodePurpose = (partyId: string) => `account:${partyId}`;
export const changeCodePurpose = (partyId: string, setting: 'email' | 'phoneNumber') =>
  `change:${setting}:${partyId}`;

export const tooManyCodes = () =>
  new AppError('RATE_LIMITED', 'You have asked for too many codes. Please wait 15 minutes and try again.');

/** A failed code check as the error the caller sees, on the `code` field. */
export function codeError(reason: Exclude<CodeCheck, { ok: true }>['reason']): AppError {
  if (reason === 'TOO_MANY_ATTEMPTS')
    return new AppError('RATE_LIMITED', 'Too many wrong attempts. Ask for a new code and try again.', {
      fieldErrors: { code: ['Too many wrong attempts. Ask for a new code and try again.'] },
    });
  if (reason === 'EXPIRED') return validation({ code: ['That code has expired. Ask for a new code.'] });
  return validation({ code: ["That code isn't right. Check it and try again."] });
}

/** Deliver codes now rather than at the dispatcher's next run. */
export async function deliverSoon(ctx: Ctx) {
  await kickOutbox(ctx).catch((err) => ctx.log.warn({ err }, 'outbox kick failed'));
}
