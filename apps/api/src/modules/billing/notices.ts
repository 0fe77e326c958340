import { policyholderOf } from '@forecourt/domain/proposal/readers';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { policies, proposals } from '../../db/schema/index.ts';
import { enqueue } from '../../lib/outbox.ts';
import type { AccountRow } from './ledger-store.ts';

/** The billing e-mails (issue 12 item 8), each in the caller's transaction through the outbox. */
export type BillingNotice =
  | 'statement-issued'
  | 'payment-taken'
  | 'payment-failed'
  | 'account-suspended'
  | 'notice-of-cancellation'
  | 'cancelled-non-payment';

async function emailOf(db: Db, policyId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ data: proposals.data })
    .from(policies)
    .innerJoin(proposals, eq(proposals.proposalCode, policies.proposalCode))
    .where(eq(policies.id, policyId));
  const email = row ? policyholderOf<{ email?: unknown }>(row.data as never).email : undefined;
  return typeof email === 'string' ? email : undefined;
}

export async function sendNotice(
  db: Db,
  account: Pick<AccountRow, 'id' | 'partyId' | 'policyId' | 'accountCode'>,
  kind: BillingNotice,
  subject: string,
  lines: string[],
  extra: Record<string, unknown> = {},
) {
  const recipient = await emailOf(db, account.policyId);
  await enqueue(db, {
    channel: 'email',
    ...(recipient ? { recipient } : {}),
    subject: `${subject}: policy ${account.accountCode}`,
    body: lines.join('\n\n'),
    payload: { kind, partyId: account.partyId, accountId: account.id, ...extra },
  });
}
