import type { AdjustmentChange } from '@forecourt/contracts/adjustments';
import type { FnolRequest } from '@forecourt/contracts/claims';
import type { NotTakenUpBody, VoidPolicyBody } from '@forecourt/contracts/policies';
import { addDaysIso, todayInLondon } from '@forecourt/domain/dates';
import { sampleProposalData } from '@forecourt/domain/risk/sample';
import type { ProposalData } from '@forecourt/domain/risk/schema';
import { cancelPolicy, commitAdjustment, createAdjustment } from '../modules/adjustments/index.ts';
import { nextBillingWorkAfter, payOutPendingRefunds, runBillingDay } from '../modules/billing/index.ts';
import { verifyCustomer } from '../modules/checks/index.ts';
import { recordLoss, transitionClaim } from '../modules/claims/index.ts';
import type { DemoPerson } from '../modules/identity/index.ts';
import { completeMandateFlow, settleByToken, startMandateFlow } from '../modules/payments/index.ts';
import {
  bindProposal,
  listPolicies,
  markNotTakenUp,
  prepareCustomerAccount,
  voidPolicy,
} from '../modules/policies/index.ts';
import { createProposal, expireQuotes, updateProposal } from '../modules/proposals/index.ts';
import { runAnniversaries, runRenewalInvitations, setAutoRenewal } from '../modules/renewals/index.ts';
import { commitUpload, stageUpload } from '../modules/uploads/index.ts';
import { submitSandboxBankDetails } from '../providers/direct-debit/sandbox-routes.ts';
import { clockAt, type DemoFactory } from './factory.ts';

/** What a quote is made of: the car (a registration the vehicle provider knows) and changes to the answers. */
export interface QuoteOptions {
  /** A registration of data/registrations.json; the car's details come from the vehicle provider. */
  vrn?: string;
  /** Cover starts this many days after the step's date (0: at once). */
  startInDays?: number;
  /** Changes to the answers after they are filled in (e.g. a referral reason). */
  answers?: (data: ProposalData) => void;
  /** The scheme; the brand's first scheme when left out. */
  schemeCode?: string;
}

export interface QuoteResult {
  proposalCode: string;
  status: string;
  /** The policyholder's date of birth: a phone payment asks for it. */
  dateOfBirth: string;
}

export interface BoughtPolicy {
  proposalCode: string;
  policyId: string;
  policyNumber: string;
  status: 'ACTIVE' | 'PENDING';
}

const TEST_CARD_TOKEN = 'tok_visa';
const SANDBOX_BANK = { sortCode: '200000', accountNumber: '55779911' };

/** The demo person's answers: the sample risk of that day, with their name, contact details and car. */
async function answersFor(f: DemoFactory, person: DemoPerson, at: Date, o: QuoteOptions) {
  const today = todayInLondon(at);
  const data = sampleProposalData(today);
  const holder = data.profiles[0]!.data;
  Object.assign(holder, {
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    phoneNumber: person.phoneNumber,
  });
  if (o.vrn) {
    const car = await f.services.providers.vehicles.lookupVrn(o.vrn);
    if (!car) throw new Error(`Demo data: the vehicle provider does not know ${o.vrn}`);
    data.asset.vrn = o.vrn;
    data.asset.specification = { ...car };
    data.asset.estimatedValue = Math.round((car.value ?? 0) / 100) || data.asset.estimatedValue;
  }
  data.quote.startDate = addDaysIso(today, o.startInDays ?? 0);
  o.answers?.(data);
  return data;
}

/** The customer fills in a quote and asks for its price (POST, then PATCH with applyRating), on `at`. */
export async function quote(
  f: DemoFactory,
  person: DemoPerson,
  at: Date,
  o: QuoteOptions = {},
): Promise<QuoteResult> {
  const ctx = f.ctx(person, at);
  const schemeCode = o.schemeCode ?? f.services.brand.schemes[0]!.schemeCode;
  const data = await answersFor(f, person, at, o);
  const created = await createProposal(ctx, { schemeCode, data });
  const rated = await updateProposal(ctx, created.proposalCode, { changes: [], applyRating: true });
  const dateOfBirth = data.profiles.find((p) => p.policyholder)!.data.dateOfBirth;
  return { proposalCode: rated.proposalCode, status: rated.status, dateOfBirth };
}

/** A quote that is offered, verified before payment (the sandbox clears the sample risk). */
async function quotable(f: DemoFactory, person: DemoPerson, at: Date, o: QuoteOptions) {
  const quoted = await quote(f, person, at, o);
  const { proposalCode, status } = quoted;
  if (status !== 'QUOTE') throw new Error(`Demo data: ${proposalCode} rated ${status}, not QUOTE`);
  const result = await verifyCustomer(f.ctx(person, at), proposalCode);
  if (!result.isClear) throw new Error(`Demo data: verification of ${proposalCode} was not clear`);
  return quoted;
}

/**
 * Pays what the purchase takes today with the sandbox's test card, taken by phone by staff acting for the
 * customer (MOTO): the settled payment binds the policy through the payments module's fulfilment, as the
 * hosted page's webhook does. Then asks bind again, which answers the policy made (the retry path).
 */
async function payFirstAndBind(
  f: DemoFactory,
  person: DemoPerson,
  at: Date,
  quoted: QuoteResult,
  token: string,
) {
  const { proposalCode, dateOfBirth } = quoted;
  const ctx = f.ctx(person, at);
  const account = await prepareCustomerAccount(ctx, proposalCode);
  if (account.customerPayment) {
    await settleByToken(f.ctx(person, at, 'staff'), {
      paymentId: account.customerPayment.paymentId,
      itemName: `${f.services.brand.name} car insurance`,
      token,
      postalCode: 'LS1 5HD',
      dateOfBirth,
    });
  }
  const bound = await ctx.db.transaction((tx) =>
    bindProposal({ ...ctx, db: tx }, proposalCode, person.partyId),
  );
  return { proposalCode, policyId: bound.policyId, policyNumber: bound.policyNumber, status: bound.status };
}

/** How the monthly payments are made: the card of the first payment, or a Direct Debit mandate. */
export type PaidBy = 'card' | 'direct-debit';

export interface BuyOptions extends QuoteOptions {
  paidBy?: PaidBy;
  /**
   * The sandbox card token of the first payment (saved, it pays the months by card): 'tok_visa' when left
   * out; 'tok_laterInsufficientFunds' pays at checkout and fails off-session (the billing run).
   */
  cardToken?: string;
}

/**
 * Buys a policy on `at`. By Direct Debit, the customer first goes through the sandbox provider's redirect
 * flow (bank details 20-00-00 / 55779911) and comes back with its id; the first month is paid by card either
 * way. The sandbox bank approves the mandate a few seconds after start-up (its job).
 */
export async function buy(
  f: DemoFactory,
  person: DemoPerson,
  at: Date,
  o: BuyOptions = {},
): Promise<BoughtPolicy> {
  const quoted = await quotable(f, person, at, o);
  if (o.paidBy === 'direct-debit') await setUpDirectDebit(f, person, at);
  return payFirstAndBind(f, person, at, quoted, o.cardToken ?? TEST_CARD_TOKEN);
}

async function setUpDirectDebit(f: DemoFactory, person: DemoPerson, at: Date) {
  const ctx = f.ctx(person, at);
  const appOrigin = f.services.selfOrigin();
  const flow = await startMandateFlow(ctx, {
    mandateDescription: `${f.services.brand.name} car insurance`,
    successUrl: `${appOrigin}/`,
    appOrigin,
  });
  const errors = await submitSandboxBankDetails(f.services.db, flow.redirectFlowId, {
    accountHolder: `${person.firstName} ${person.lastName}`,
    ...SANDBOX_BANK,
  });
  if (Object.keys(errors).length > 0)
    throw new Error(`Demo data: bank details refused ${JSON.stringify(errors)}`);
  await completeMandateFlow(ctx, flow.redirectFlowId);
}

/** The customer reports a loss through the built-in first notification of loss, on `at`. */
export async function reportLoss(
  f: DemoFactory,
  person: DemoPerson,
  at: Date,
  report: Omit<FnolRequest, 'witnesses'> & { witnesses?: FnolRequest['witnesses'] },
) {
  return recordLoss(f.ctx(person, at), { witnesses: [], ...report });
}

/**
 * A claims handler (staff acting for the customer) moves a claim on with a note, on `at`. The demo's notes are
 * written to the customer, so they show on the claim tracker (ADR 354).
 */
export async function handleClaim(
  f: DemoFactory,
  person: DemoPerson,
  at: Date,
  claimReference: string,
  to: 'active' | 'settled',
  note: string,
) {
  return transitionClaim(f.ctx(person, at, 'staff'), claimReference, { to, note, customerVisible: true });
}

/** The quote-expiry job's rule, run as the job runs it (at the app's time). */
export async function runQuoteExpiry(f: DemoFactory) {
  return expireQuotes(f.services);
}

/**
 * The policyholder changes their policy mid-term (made, then confirmed) on `at`: the adjustments face. Staff make
 * it for them (`by`), from that moment, where the customer may not (in the renewal window).
 */
export async function changePolicy(
  f: DemoFactory,
  person: DemoPerson,
  at: Date,
  policyId: string,
  changes: AdjustmentChange[],
  by: 'customer' | 'staff' = 'customer',
) {
  const ctx = f.ctx(person, at, by);
  const made = await createAdjustment(ctx, {
    adjustmentType: 'MTA',
    policyId,
    changes,
    ...(by === 'staff' ? { effectiveAt: at.toISOString() } : {}),
  });
  return commitAdjustment(ctx, made.adjustmentId);
}

/** The hourly refund job's run on `at`: a term that ran to its end closes its account (ADR 393), credit paid back. */
export async function runRefundJob(f: DemoFactory, at: Date) {
  return payOutPendingRefunds(servicesAt(f, at));
}

/** The policyholder cancels on `at`, at once or from `effectiveAt` (a deferred standard cancellation). */
export async function cancel(
  f: DemoFactory,
  person: DemoPerson,
  at: Date,
  o: { policyId: string; reason: string; effectiveAt?: Date },
) {
  return cancelPolicy(f.ctx(person, at), o);
}

/**
 * An underwriter (staff acting for the customer) ends the policy from inception on `at` (ADR 240): voids it,
 * or marks it not taken up.
 */
export async function endFromInception(
  f: DemoFactory,
  person: DemoPerson,
  at: Date,
  o: { policy: BoughtPolicy; note: string } & (
    | { as: 'VOIDED'; reason: VoidPolicyBody['reason'] }
    | { as: 'NTU'; reason: NotTakenUpBody['reason'] }
  ),
) {
  const ctx = f.ctx(person, at, 'staff');
  const { policyId, policyNumber } = o.policy;
  return o.as === 'VOIDED'
    ? voidPolicy(ctx, policyId, { reason: o.reason, note: o.note, policyNumber })
    : markNotTakenUp(ctx, policyId, { reason: o.reason, note: o.note, policyNumber });
}

/** The person's policy of that registration (its current version's car). */
export async function policyOfCar(f: DemoFactory, person: DemoPerson, vrn: string) {
  const all = await listPolicies(f.ctx(person, f.now), {});
  const found = all.find((p) => (p.currentPolicyVersion.quote as { vrn?: unknown } | null)?.vrn === vrn);
  if (!found) throw new Error(`The demo customer has no policy for ${vrn}`);
  return found;
}

/** Sends documents about a policy as the customer does: each file staged, then all committed (uploads face). */
export async function sendDocuments(
  f: DemoFactory,
  person: DemoPerson,
  at: Date,
  o: { policyId: string; files: { name: string; body: Buffer }[]; purpose: 'NCD_PROOF'; comment?: string },
) {
  const ctx = f.ctx(person, at);
  async function* parts() {
    for (const file of o.files)
      yield {
        name: file.name,
        read: async () => ({ bytes: file.body, truncated: false }),
        skip: async () => undefined,
      };
  }
  const staged = await stageUpload(ctx, o.policyId, parts());
  if (staged.rejected.length > 0) throw new Error(`Demo upload refused: ${JSON.stringify(staged.rejected)}`);
  return commitUpload(ctx, o.policyId, {
    fileNames: staged.staged.map((s) => s.fileName),
    purpose: o.purpose,
    ...(o.comment ? { comment: o.comment } : {}),
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily billing run (the billing job's face) for each day from `from` up to now, each with the app's
 * clock set to that day: raises the statements that fell due, collects them by card, retries failures and
 * cancels for non-payment, as the job would have done on each of those days. Days with nothing to do are
 * passed over (the billing face says when its next work is), which changes nothing but the time it takes.
 * It bills every subscription account, so it runs after every purchase of the history. Answers the totals.
 */
export async function runBillingDays(f: DemoFactory, from: Date, until: Date = f.now) {
  const total = { days: 0, raised: 0, collected: 0, failed: 0, cancelled: 0 };
  let at = from;
  while (at.getTime() <= until.getTime()) {
    const services = { ...f.services, clock: clockAt(f.services.clock, at) };
    const day = await runBillingDay(services, at);
    total.days++;
    total.raised += day.raised;
    total.collected += day.collected;
    total.failed += day.failed;
    total.cancelled += day.cancelled;
    const next = await nextBillingWorkAfter(services, at);
    if (!next) break;
    // The first daily run (same time of day as `from`) at or after the next work.
    const days = Math.max(
      1,
      Math.ceil((next.getTime() - from.getTime()) / DAY_MS) -
        Math.round((at.getTime() - from.getTime()) / DAY_MS),
    );
    at = new Date(at.getTime() + days * DAY_MS);
  }
  return total;
}

/** The services with the app's clock set to `at`: what a job run on that day is given. */
const servicesAt = (f: DemoFactory, at: Date) => ({ ...f.services, clock: clockAt(f.services.clock, at) });

/** The renewal invitation job's run on `at` (every policy whose anniversary falls in the window). */
export async function inviteRenewals(f: DemoFactory, at: Date) {
  return runRenewalInvitations(servicesAt(f, at), at);
}

/** The anniversary job's run on `at`: renewals due are settled (RENEWED or LAPSED). */
export async function settleAnniversaries(f: DemoFactory, at: Date) {
  return runAnniversaries(servicesAt(f, at), at);
}

/** The policyholder opts out of auto-renewal on `at` (PUT /api/policies/{id}/autoRenewal). */
export async function optOutOfRenewal(f: DemoFactory, person: DemoPerson, at: Date, policyId: string) {
  return setAutoRenewal(f.ctx(person, at), policyId, { enabled: false, reason: 'Price' });
}
