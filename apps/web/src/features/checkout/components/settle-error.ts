import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api/errors.ts';

/**
 * The inline message of a failed settle (spec 2 §8, spec 3 §8): a 400 or 402 shows the server's message with
 * the card decline code in brackets; an expired token is the timed-out message; otherwise unknown.
 */
export function settleErrorMessage(err: unknown, t: TFunction): { message: string; timedOut: boolean } {
  if (!isApiError(err) || (err.status !== 400 && err.status !== 402))
    return { message: t('cardToken.error.unknown'), timedOut: false };
  const body = (err.body ?? {}) as { declineCode?: string; type?: string };
  const text = [err.message, ...(err.fieldErrors?.token ?? [])].join(' ');
  if (body.type === 'timeout' || /10 minutes|expired|timed out/i.test(text))
    return { message: t('cardToken.timedOut'), timedOut: true };
  const message = err.message || t('cardToken.error.unknown');
  return { message: body.declineCode ? `${message} (${body.declineCode})` : message, timedOut: false };
}
