import { randomUUID } from 'node:crypto';
import type { PolicyDocumentInput } from '@forecourt/contracts/documents';
import type { AppServices } from '../src/lib/context.ts';

/** A realistic policy version to print: the demo policyholder with one additional driver. */
export function sampleDocumentInput(policyId: string, policyNumber: string): PolicyDocumentInput {
  return {
    policyId,
    policyNumber,
    versionNumber: 1,
    issuedAt: '2026-11-21T10:15:00Z',
    productName: 'Monthly car insurance',
    brandName: 'Forecourt',
    wordingVersion: 'FC-2026-1',
    insurer: {
      code: 'forecourt-underwriting',
      name: 'Harbour Mutual Insurance Company Limited',
      address: '1 Quayside, Bristol BS1 4QA',
      registration:
        'Authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority (firm reference number 100001)',
    },
    policyholder: {
      title: 'Ms',
      firstName: 'Samantha',
      lastName: 'Driver',
      dateOfBirth: '1988-03-14',
      address: { line1: '12 Acacia Avenue', line2: 'Flat 2', city: 'Reading', postalCode: 'RG1 4AB' },
    },
    vehicle: {
      registration: 'AB12CDE', // as stored: normalised, no space
      make: 'Volkswagen',
      model: 'Golf',
      trim: '1.5 TSI Life 5dr',
      yearOfManufacture: 2021,
      valuePence: 1_650_000,
      annualMileage: 8000,
    },
    cover: {
      level: 'Comprehensive',
      startAt: '2026-12-01T00:00:00Z',
      endAt: '2027-11-30T23:59:00Z',
      billing: 'monthly',
    },
    drivers: [
      {
        name: 'Samantha Driver',
        relationship: 'Policyholder',
        dateOfBirth: '1988-03-14',
        policyholder: true,
      },
      {
        name: 'Alex Driver',
        relationship: 'Spouse or partner',
        dateOfBirth: '2004-07-02',
        policyholder: false,
      },
    ],
    use: 'SocialDomesticPleasureCommuting',
    excesses: [
      { kind: 'accidental_damage', compulsoryPence: 25_000, voluntaryPence: 10_000 },
      { kind: 'fire', compulsoryPence: 25_000, voluntaryPence: 10_000 },
      { kind: 'theft', compulsoryPence: 25_000, voluntaryPence: 10_000 },
      { kind: 'windscreen_repair', compulsoryPence: 2_500, voluntaryPence: 0 },
      { kind: 'windscreen_replacement', compulsoryPence: 11_500, voluntaryPence: 0 },
      { kind: 'non_approved_repairer', compulsoryPence: 25_000, voluntaryPence: 0 },
    ],
    additionalExcesses: [
      { description: 'for accidental damage while Alex Driver (under 25) is driving', amountPence: 15_000 },
    ],
    premium: { netPence: 5_491, iptPence: 659, totalPence: 6_150, per: 'month' },
    optionalCovers: [{ name: 'ncb protection', premiumPence: 450 }], // as document-input-of names it
    endorsements: [
      {
        code: 'DRVEXC_YOUNG',
        title: 'Young driver excess',
        text: 'An additional excess of £150 applies to any claim for accidental damage while the car is being driven by a person under 25.',
      },
    ],
  };
}

/** Inserts a policy with one version for `partyId` and returns its ids (bind does this for real). */
export async function insertPolicy(services: AppServices, partyId: string, startedAt = new Date()) {
  const policyId = randomUUID();
  const versionId = randomUUID();
  const policyNumber = `FCM${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
  await services.database.query(
    `INSERT INTO policies (id, policy_number, party_id, proposal_code, scheme_code, status, incepted_at)
     VALUES ($1, $2, $3, $4, 'FCMOTOR1', 'ACTIVE', $5)`,
    [policyId, policyNumber, partyId, `P-${policyId.slice(0, 8)}`, startedAt.toISOString()],
  );
  await services.database.query(
    `INSERT INTO policy_versions (id, policy_id, version_number, started_at, document_input)
     VALUES ($1, $2, 1, $3, $4)`,
    [
      versionId,
      policyId,
      startedAt.toISOString(),
      JSON.stringify(sampleDocumentInput(policyId, policyNumber)),
    ],
  );
  return { policyId, versionId, policyNumber };
}
