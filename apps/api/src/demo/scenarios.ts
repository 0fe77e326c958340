import type { AdjustmentChange } from '@forecourt/contracts/adjustments';
import { addDaysIso, addYearsIso, todayInLondon } from '@forecourt/domain/dates';
import type { DemoPerson } from '../modules/identity/index.ts';
import type { DemoFactory } from './factory.ts';
import {
  buy,
  cancel,
  changePolicy,
  endFromInception,
  handleClaim,
  inviteRenewals,
  optOutOfRenewal,
  policyOfCar,
  quote,
  reportLoss,
  runBillingDays,
  runQuoteExpiry,
  runRefundJob,
  sendDocuments,
  settleAnniversaries,
} from './operations.ts';

/**
 * One named piece of the demo customer's history, made by running the real operations at past dates
 * (ADR 190). The seed runs each scenario once per customer (recorded by name), in this list's order, so a
 * new scenario is one more entry here: on the next start it is added to an existing demo database too.
 */
export interface DemoScenario {
  /** Stable and unique: the seed records it as done under this name. */
  name: string;
  /** What the customer sees afterwards (README "Demo data", the seed test). */
  shows: string;
  run(f: DemoFactory, person: DemoPerson): Promise<unknown>;
}

const activeByCard: DemoScenario = {
  name: 'active-by-card',
  shows: 'ACTIVE policy bought 5 months ago, monthly by card; two claims (one settled, one pending)',
  async run(f, person) {
    const policy = await buy(f, person, f.daysAgo(150), { vrn: 'VW19GLF' });
    const windscreen = await reportLoss(f, person, f.daysAgo(60), {
      policyId: policy.policyId,
      claimType: 'Windscreen',
      occurredAt: f.daysAgo(61).toISOString(),
      location: 'M62 westbound near junction 27',
      description: 'A stone thrown up by a lorry cracked the windscreen.',
      injuries: false,
    });
    await handleClaim(
      f,
      person,
      f.daysAgo(59),
      windscreen.claimReference,
      'active',
      'Windscreen repairer booked',
    );
    await handleClaim(
      f,
      person,
      f.daysAgo(52),
      windscreen.claimReference,
      'settled',
      'Windscreen replaced; paid to the repairer less the windscreen excess',
    );
    await reportLoss(f, person, f.daysAgo(3), {
      policyId: policy.policyId,
      claimType: 'Accident',
      claimSubType: 'NotFault',
      occurredAt: f.daysAgo(4).toISOString(),
      location: 'Tesco car park, Kirkstall Road, Leeds',
      description: 'Another car reversed into mine while it was parked.',
      otherParty: { name: 'J. Smith', vehicleRegistration: 'VX65CRS', insurer: 'Example Mutual' },
      injuries: false,
    });
    return policy;
  },
};

const activeByDirectDebit: DemoScenario = {
  name: 'active-by-direct-debit',
  shows: 'ACTIVE policy bought 2 months ago, monthly by Direct Debit',
  run: (f, person) => buy(f, person, f.daysAgo(60), { vrn: 'FE17TTA', paidBy: 'direct-debit' }),
};

const pendingNextWeek: DemoScenario = {
  name: 'pending-next-week',
  shows: 'PENDING policy bought today, cover starting in 7 days',
  run: (f, person) => buy(f, person, f.now, { vrn: 'TE71SLA', startInDays: 7 }),
};

const openQuote: DemoScenario = {
  name: 'quote',
  shows: 'proposal in QUOTE, cover from in 10 days',
  run: (f, person) => quote(f, person, f.now, { vrn: 'NL68LEF', startInDays: 10 }),
};

const expiredQuote: DemoScenario = {
  name: 'quote-expired',
  shows: 'proposal in QUOTE_EXPIRED: rated 20 days ago for a start 3 days later, expired by the expiry job',
  async run(f, person) {
    const quoted = await quote(f, person, f.daysAgo(20), { vrn: 'AB12CDE', startInDays: 3 });
    await runQuoteExpiry(f);
    return quoted;
  },
};

const referral: DemoScenario = {
  name: 'referral',
  shows: 'proposal in REFERRAL (the policyholder was once refused insurance)',
  run: (f, person) =>
    quote(f, person, f.daysAgo(2), {
      vrn: 'VX65CRS',
      startInDays: 14,
      answers: (data) => {
        data.profiles[0]!.data.previouslyRefusedInsurance = true;
      },
    }),
};

const insufficientAccuracy: DemoScenario = {
  name: 'insufficient-accuracy',
  shows: 'proposal in INSUFFICIENT_ACCURACY (a car the catalogue could not identify)',
  run: (f, person) =>
    quote(f, person, f.daysAgo(1), {
      startInDays: 5,
      answers: (data) => {
        data.asset.vrn = 'K1NGS';
        data.asset.regLookup = false;
        // Nothing from the catalogue: the car is not identified (its facts are the lookup's, ADR 347).
        data.asset.specification = {};
      },
    }),
};

/**
 * A policy bought `bought` days ago taken through its invitation and anniversary, opted out or not. Its year
 * is billed month by month before the anniversary ends it (issue 28 defect 10, ADR 355): the history's billing
 * run comes last and bills live policies only, so a year ended before it would keep its first month alone.
 */
async function throughAnniversary(
  f: DemoFactory,
  person: DemoPerson,
  o: {
    bought: number;
    vrn: string;
    invited: number;
    optedOut?: number;
    /** Staff set a higher excess this many days ago (in the window, after the last statement). */
    lateChange?: number;
    settled: number;
  },
) {
  const policy = await buy(f, person, f.daysAgo(o.bought), { vrn: o.vrn });
  await runBillingDays(f, f.daysAgo(o.bought), f.daysAgo(o.invited + 1));
  await inviteRenewals(f, f.daysAgo(o.invited));
  if (o.optedOut !== undefined) await optOutOfRenewal(f, person, f.daysAgo(o.optedOut), policy.policyId);
  if (o.lateChange !== undefined) {
    await runBillingDays(f, f.daysAgo(o.invited), f.daysAgo(o.lateChange + 1));
    const change = { changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 200 } as AdjustmentChange;
    await changePolicy(f, person, f.daysAgo(o.lateChange), policy.policyId, [change], 'staff');
  }
  await runBillingDays(f, f.daysAgo(o.lateChange ?? o.invited), f.daysAgo(o.settled + 1));
  await settleAnniversaries(f, f.daysAgo(o.settled));
  await runRefundJob(f, f.daysAgo(o.settled));
  return policy;
}

const renewedLastYear: DemoScenario = {
  name: 'renewed-last-year',
  shows:
    'RENEWED policy bought 400 days ago, invited 50 days ago and renewed at its anniversary; its successor ACTIVE',
  run: (f, person) =>
    throughAnniversary(f, person, { bought: 400, vrn: 'HR17FEO', invited: 50, settled: 34 }),
};

const lapsedOptedOut: DemoScenario = {
  name: 'lapsed-opted-out',
  shows:
    'LAPSED policy bought 380 days ago: invited, opted out of auto-renewal, a higher excess set by staff after its last statement, ended at its anniversary; its final statement closes the account and pays the credit back (ADR 393)',
  run: (f, person) =>
    throughAnniversary(f, person, {
      bought: 380,
      vrn: 'LH19EZR',
      invited: 40,
      optedOut: 38,
      settled: 14,
      lateChange: 30,
    }),
};

const inRenewalWindow: DemoScenario = {
  name: 'in-renewal-window',
  shows: 'ACTIVE policy bought 345 days ago, in its renewal window opted in: a renewal quote to view',
  async run(f, person) {
    const policy = await buy(f, person, f.daysAgo(345), { vrn: 'PN12GNP' });
    await inviteRenewals(f, f.now);
    return policy;
  },
};

const renewalReferred: DemoScenario = {
  name: 'renewal-referred',
  shows: 'ACTIVE policy bought 340 days ago whose renewal is referred (the policyholder turns 86 before it)',
  async run(f, person) {
    const bought = f.daysAgo(340);
    const anniversary = addYearsIso(todayInLondon(bought), 1);
    const dateOfBirth = addYearsIso(addDaysIso(anniversary, -10), -86);
    const policy = await buy(f, person, bought, {
      vrn: 'SU72HBL',
      answers: (data) => {
        const holder = data.profiles[0]!.data;
        holder.dateOfBirth = dateOfBirth;
        holder.drivingLicence.validFrom = addYearsIso(dateOfBirth, 18);
      },
    });
    await inviteRenewals(f, f.now);
    return policy;
  },
};

const inArrears: DemoScenario = {
  name: 'in-arrears',
  shows:
    'ACTIVE policy bought 37 days ago with a card that paid at checkout and fails later: its first monthly statement failed and is retried, an outstanding balance',
  // Before the Direct Debit scenario: once a mandate exists it pays every new policy.
  run: (f, person) =>
    buy(f, person, f.daysAgo(37), { vrn: 'BM70SER', cardToken: 'tok_laterInsufficientFunds' }),
};

const cancelledInCoolingOff: DemoScenario = {
  name: 'cancelled-in-cooling-off',
  shows: 'CANCELLED policy: bought 10 days ago, cancelled in the cooling-off period 2 days later, refunded',
  async run(f, person) {
    const policy = await buy(f, person, f.daysAgo(10), { vrn: 'TY22HYB' });
    return cancel(f, person, f.daysAgo(8), { policyId: policy.policyId, reason: 'Price' });
  },
};

const cancellationPending: DemoScenario = {
  name: 'cancellation-pending',
  shows:
    'ACTIVE policy bought 45 days ago, cancelled yesterday from a date 20 days ahead (the notice banner)',
  async run(f, person) {
    const policy = await buy(f, person, f.daysAgo(45), { vrn: 'RR16EVO' });
    return cancel(f, person, f.daysAgo(1), {
      policyId: policy.policyId,
      reason: 'SoldNR',
      effectiveAt: f.daysAhead(20),
    });
  },
};

const voided: DemoScenario = {
  name: 'voided',
  shows:
    'VOIDED policy: bought 70 days ago, voided by an underwriter 20 days ago (an undisclosed conviction), the premium paid back',
  async run(f, person) {
    const policy = await buy(f, person, f.daysAgo(70), { vrn: 'DS71ZWS' });
    return endFromInception(f, person, f.daysAgo(20), {
      policy,
      as: 'VOIDED',
      reason: 'CARELESS_MISREPRESENTATION',
      note: 'DVLA check shows an SP30 speeding conviction not disclosed at purchase',
    });
  },
};

const notTakenUpBeforeStart: DemoScenario = {
  name: 'not-taken-up',
  shows:
    'NTU policy: bought 20 days ago to start 14 days later, marked not taken up 12 days ago (bought elsewhere), refunded',
  async run(f, person) {
    const policy = await buy(f, person, f.daysAgo(20), { vrn: 'KB16DOV', startInDays: 14 });
    return endFromInception(f, person, f.daysAgo(12), {
      policy,
      as: 'NTU',
      reason: 'WITHDRAWN_BEFORE_START',
      note: 'Customer rang: found cheaper cover elsewhere before the start date',
    });
  },
};

const changedMidTerm: DemoScenario = {
  name: 'changed-mid-term',
  shows: 'ACTIVE policy bought 30 days ago, legal expenses cover added 12 days ago (two versions)',
  async run(f, person) {
    const policy = await buy(f, person, f.daysAgo(30), { vrn: 'MY69PFV' });
    return changePolicy(f, person, f.daysAgo(12), policy.policyId, [
      { changeType: 'ADD_COVER', coverCode: 'legal_expenses' },
    ]);
  },
};

/** A one-page PDF letter, made here so the demo needs no file of its own. */
const letter = (text: string) => {
  const stream = `BT /F1 14 Tf 72 720 Td (${text}) Tj ET`;
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n` +
      `3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj\n` +
      `4 0 obj << /Length ${stream.length} >> stream\n${stream}\nendstream endobj\n` +
      `5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
};

const ncdProofSent: DemoScenario = {
  name: 'ncd-proof-sent',
  shows: 'the active-by-card policy (VW19GLF) has proof of no-claims bonus sent 140 days ago (uploads)',
  async run(f, person) {
    const policy = await policyOfCar(f, person, 'VW19GLF');
    return sendDocuments(f, person, f.daysAgo(140), {
      policyId: policy.policyId,
      purpose: 'NCD_PROOF',
      files: [
        { name: 'no-claims-bonus-letter.pdf', body: letter('Five years no claims bonus: Other Mutual') },
      ],
      comment: 'Letter from my previous insurer',
    });
  },
};

/** How far back the oldest purchase goes: the billing run starts there. */
const HISTORY_DAYS = 400;

const billingHistory: DemoScenario = {
  name: 'billing-history',
  shows:
    'the daily billing run over the whole history: monthly statements of each subscription, card ones collected (the arrears one failed and retried); Direct Debit ones pending until their collection is built',
  run: (f) => runBillingDays(f, f.daysAgo(HISTORY_DAYS)),
};

/**
 * The demo customer's history, in order (payment methods matter: the newest usable one pays a new policy, so
 * the card policy comes before the Direct Debit one). The billing run comes last: it bills every account
 * day by day over the history, so it must find every policy already bought.
 */
export const demoScenarios: DemoScenario[] = [
  activeByCard,
  // Paid by card (before the Direct Debit mandate exists); each runs its own renewal jobs' days.
  renewedLastYear,
  lapsedOptedOut,
  inRenewalWindow,
  renewalReferred,
  inArrears,
  voided,
  notTakenUpBeforeStart,
  activeByDirectDebit,
  pendingNextWeek,
  cancelledInCoolingOff,
  cancellationPending,
  changedMidTerm,
  ncdProofSent,
  openQuote,
  expiredQuote,
  referral,
  insufficientAccuracy,
  // After every purchase: it bills them all, day by day.
  billingHistory,
];
