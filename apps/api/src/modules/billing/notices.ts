import { formatLondon } from '@forecourt/domain/dates';
import { formatGBP } from '@forecourt/domain/money';
import { policyholderOf } from '@forecourt/domain/proposal/readers';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { policies, proposals } from '../../db/schema/index.ts';
import { anyOf } from '../../db/values.ts';
import { enqueueMany } from '../../lib/outbox.ts';
import type { AccountRow } from './ledger-store.ts';

/** The billing e-mails (issue 12 item 8), each in the caller's transaction through the outbox. */
export type BillingNotice =
  | 'statement-issued'
  | 'payment-taken'
  | 'payment-failed'
  | 'debit-cancelled'
  | 'debit-amended'
  | 'payment-charged-back'
  | 'payment-charge-back-cancelled'
  | 'payment-disputed'
  | 'payment-dispute-won'
  | 'account-suspended'
  | 'notice-of-cancellation'
  | 'cancelled-non-payment'
  | 'account-closed'
  | 'refund-failed';

/** The policyholders' e-mail addresses of the policies (one query however many). */
async function emailsOf(db: Db, policyIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(policyIds)];
  const rows = ids.length
    ? await db
        .select({
          policyId: policies.id,
          data: sql<unknown>`jsonb_build_object('profiles', ${proposals.data}->'profiles')`,
        })
        .from(policies)
        .innerJoin(proposals, eq(proposals.proposalCode, policies.proposalCode))
        .where(anyOf(policies.id, ids))
    : [];
  const emails = new Map<string, string>();
  for (const r of rows) {
    const data = typeof r.data === 'string' ? JSON.parse(r.data) : r.data;
    const email = policyholderOf<{ email?: unknown }>(data as never).email;
    if (typeof email === 'string') emails.set(r.policyId, email);
  }
  return emails;
}

type NoticeAccount = Pick<AccountRow, 'id' | 'partyId' | 'policyId' | 'accountCode'>;

export interface Notice {
  account: NoticeAccount;
  kind: BillingNotice;
  subject: string;
  lines: string[];
  extra?: Record<string, unknown>;
}

export async function sendNotice(
  db: Db,
  account: NoticeAccount,
  kind: BillingNotice,
  subject: string,
  lines: string[],
  extra: Record<string, unknown> = {},
) {
  await sendNotices(db, [{ account, kind, subject, lines, extra }]);
}

/** Many notices: the recipients read in one query, the messages queued in one insert (ADR 320). */
export async function sendNotices(db: Db, notices: Notice[]) {
  if (notices.length === 0) return;
  const emails = await emailsOf(
    db,
    notices.map((n) => n.account.policyId),
  );
  await enqueueMany(
    db,
    notices.map(({ account, kind, subject, lines, extra }) => {
      const recipient = emails.get(account.policyId);
      return {
        channel: 'email' as const,
        ...(recipient ? { recipient } : {}),
        subject: `${subject}: policy ${account.accountCode}`,
        body: lines.join('\n\n'),
        payload: { kind, partyId: account.partyId, accountId: account.id, ...extra },
      };
    }),
  );
}

/**
 * The advance notice of a Direct Debit for less than the customer was told (ADR 382): a debit made again for
 * what its statement now asks, or one presented again after a credit. `remade` and `attempt` name the debit.
 */
export async function tellDebitAmended(
  db: Db,
  account: NoticeAccount,
  statement: { statementNumber: number },
  debit: { amountPence: number; chargeAt: Date; attempt: number; remade: number },
) {
  const asks = formatGBP(debit.amountPence);
  await sendNotice(
    db,
    account,
    'debit-amended',
    'Your Direct Debit amount has changed',
    [
      `Statement ${statement.statementNumber} now asks for ${asks}, less than the Direct Debit we told you of.`,
      `We will collect ${asks} by Direct Debit on or after ${formatLondon(debit.chargeAt, 'd MMMM yyyy')} instead.`,
    ],
    { statementNumber: statement.statementNumber, attempt: debit.attempt, remade: debit.remade },
  );
}
