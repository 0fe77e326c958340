import { policyholderOf } from '@forecourt/domain/proposal/readers';
import type { Ctx } from '../../lib/context.ts';
import { enqueue } from '../../lib/outbox.ts';

/** The time a change or cancellation takes effect, as e-mails write it. */
export const WHEN = "HH:mm 'on' EEEE d MMMM yyyy";

/**
 * An e-mail to the policyholder named in a version's quote (outbox, same transaction): greeting, the lines,
 * how to reach us, the brand. Nothing when the quote holds no e-mail address.
 */
export async function emailPolicyholder(
  ctx: Pick<Ctx, 'db' | 'brand'>,
  insuredProfiles: unknown[] | undefined,
  m: { subject: string; lines: string[]; payload: Record<string, unknown> },
) {
  const holder = policyholderOf({ profiles: (insuredProfiles ?? []) as never[] }) as {
    email?: unknown;
    firstName?: unknown;
  };
  if (typeof holder.email !== 'string') return;
  const { brand } = ctx;
  const name = typeof holder.firstName === 'string' ? ` ${holder.firstName}` : '';
  await enqueue(ctx.db, {
    channel: 'email',
    recipient: holder.email,
    subject: m.subject,
    body: [
      `Hello${name},`,
      '',
      ...m.lines,
      '',
      `If this is not what you asked for, call us on ${brand.contact.phone} or e-mail ${brand.contact.email}.`,
      '',
      brand.name,
    ].join('\n'),
    payload: m.payload,
  });
}
