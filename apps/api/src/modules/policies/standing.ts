import { type PolicyStanding, STANDING_KINDS } from '@forecourt/contracts/policies';
import { RENEWAL_WAITING } from '@forecourt/domain/lifecycle/renewal';
import { desc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { type policies, proposals, renewals } from '../../db/schema/index.ts';
import { type AccountFacts, accountFactsOf } from '../billing/index.ts';

type PolicyRow = typeof policies.$inferSelect;
type Kind = PolicyStanding['headline'];

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const LIVE = ['ACTIVE', 'PENDING'];

/** The order facts are told in: what the customer must act on first, what is merely so last. */
const ORDER: readonly Kind[] = STANDING_KINDS;

interface RenewalFacts {
  /** The renewal of the coming anniversary waits for staff: we cannot renew automatically. */
  referred: boolean;
  /** A renewal is offered (invited) for the coming anniversary. */
  offered: boolean;
}

/**
 * Where one policy stands for the customer (issue 28, ADR 352), from the lifecycles (ADR 345): the policy's
 * status and scheduled cancellation, the statements of its account (failed = arrears, pending = a
 * collection in flight), the renewal of its anniversary, and the next payment it will really make.
 */
export function standingOf(
  p: PolicyRow,
  now: Date,
  account: AccountFacts | undefined,
  renewal: RenewalFacts,
): PolicyStanding {
  const live = LIVE.includes(p.status);
  const facts = new Set<Kind>();
  const neverStarted = Boolean(p.terminatedAt && p.terminatedAt.getTime() <= p.inceptedAt.getTime());
  if (account?.arrears) facts.add('arrears');
  if (account?.pendingCollection) facts.add('pendingCollection');
  let ended: PolicyStanding['ended'] = null;
  let ending: PolicyStanding['ending'] = null;
  let renewalView: PolicyStanding['renewal'] = null;
  if (!live) {
    ended = {
      status: p.status,
      endedAt: iso(p.status === 'LAPSED' || p.status === 'RENEWED' ? p.expiredAt : p.terminatedAt),
      neverStarted: p.status !== 'VOIDED' && neverStarted,
    };
    // "Will not start" is a cancellation set before the start (ADR 364); not taken up is its own end, told by
    // the status ("Not taken up"), never also as a cancellation.
    facts.add(
      ended.neverStarted && p.status === 'CANCELLED'
        ? 'notStarting'
        : p.status === 'LAPSED'
          ? 'lapsed'
          : 'ended',
    );
  } else if (p.terminatedAt) {
    // A cancellation is set: cover ends then, and nothing renews.
    if (neverStarted) facts.add('notStarting');
    else {
      ending = { endsAt: p.terminatedAt.toISOString() };
      facts.add('ending');
    }
  } else if (p.expiredAt && !p.renewalStopped && p.reviewType !== 'NEVER') {
    // Opted in and offered, but owing on this year: it renews only once that is paid (ADR 400). Not while a notice
    // of cancellation runs: that ends cover first, and the arrears notice says so.
    const state = renewal.referred
      ? 'referred'
      : !p.autoRenewalEnabled
        ? 'optedOut'
        : account?.holdsRenewal && renewal.offered && !account.suspended
          ? 'owing'
          : 'automatic';
    renewalView = { state, anniversaryAt: p.expiredAt.toISOString() };
    if (state === 'referred') facts.add('referred');
    if (state === 'automatic' && renewal.offered) facts.add('renewing');
  }
  if (live && !facts.has('notStarting'))
    facts.add(p.inceptedAt.getTime() > now.getTime() ? 'starting' : 'active');
  const ordered = ORDER.filter((k) => facts.has(k));
  const next = account?.nextPayment;
  return {
    headline: ordered[0] ?? 'active',
    facts: ordered,
    // What the pages say of it: cover that has ended, a payment taken back, or a collection that failed.
    arrears: account?.arrears
      ? {
          amount: account.arrears.amount,
          statementNumbers: account.arrears.statementNumbers,
          why: !live ? 'ended' : account.arrears.takenBack ? 'takenBack' : 'failed',
        }
      : null,
    pendingCollection: account?.pendingCollection
      ? { ...account.pendingCollection, chargeAt: iso(account.pendingCollection.chargeAt) }
      : null,
    ending,
    renewal: renewalView,
    ended,
    payingBack: account?.payingBack
      ? { ...account.payingBack, reachesBy: iso(account.payingBack.reachesBy) }
      : null,
    nextPayment: next
      ? {
          amount: next.amount,
          dueAt: next.dueAt.toISOString(),
          method: next.method,
          coverEndsAt: iso(next.coverEndsAt),
        }
      : null,
  };
}

/** The standing of many policies (GET /api/policies, GET /api/policies/{id}, the e-mails): a few queries. */
export async function standingsOf(db: Db, rows: PolicyRow[], now: Date) {
  const ids = rows.map((r) => r.id);
  const out = new Map<string, PolicyStanding>();
  if (ids.length === 0) return out;
  const accounts = await accountFactsOf(db, ids, now);
  const cycles = await db
    .select({
      policyId: renewals.policyId,
      status: renewals.status,
      anniversaryAt: renewals.anniversaryAt,
    })
    .from(renewals)
    .where(inArray(renewals.policyId, ids))
    .orderBy(desc(renewals.cycle));
  const codes = rows.flatMap((r) => (r.renewalProposalCode ? [r.renewalProposalCode] : []));
  const offers = codes.length
    ? await db
        .select({ code: proposals.proposalCode, status: proposals.status })
        .from(proposals)
        .where(inArray(proposals.proposalCode, codes))
    : [];
  for (const p of rows) {
    // The renewal of the coming anniversary (a cycle's row), and the renewal quote the customer sees.
    const cycle = cycles.find(
      (c) => c.policyId === p.id && p.expiredAt && c.anniversaryAt.getTime() === p.expiredAt.getTime(),
    );
    const offer = offers.find((o) => o.code === p.renewalProposalCode);
    const waiting = cycle && (RENEWAL_WAITING as readonly string[]).includes(cycle.status);
    out.set(
      p.id,
      standingOf(p, now, accounts.get(p.id), {
        referred: Boolean(waiting || offer?.status === 'REFERRAL'),
        offered: cycle?.status === 'INVITED' || offer?.status === 'QUOTE',
      }),
    );
  }
  return out;
}
