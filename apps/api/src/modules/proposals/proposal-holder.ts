import { policyholderOf } from '@forecourt/domain/proposal/readers';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';

/**
 * What the accounts module needs of proposals, through this module's face (ADR 170): the policyholder's
 * details of a party's proposal, and moving a visitor's proposals to the account they sign in to (only this
 * module writes the proposals table).
 */
export interface ProposalPolicyholder {
  partyId: string;
  email: string | undefined;
  phoneNumber: string | undefined;
  firstName: string | undefined;
  lastName: string | undefined;
  marketingPreferences: { email: boolean; phone: boolean; sms: boolean } | undefined;
}

type Profile = { policyholder?: boolean; profileCode?: string; data?: Record<string, unknown> };

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** The policyholder's details of `partyId`'s proposal, or undefined when that party has no such proposal. */
export async function proposalHolder(
  db: Db,
  partyId: string,
  proposalCode: string,
): Promise<ProposalPolicyholder | undefined> {
  const result = await db.execute(
    sql`SELECT party_id, data FROM proposals WHERE proposal_code = ${proposalCode} AND party_id = ${partyId}`,
  );
  const row = (result.rows as { party_id: string; data: unknown }[])[0];
  if (!row) return undefined;
  const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as { profiles?: Profile[] };
  const holder = policyholderOf(data);
  const prefs = holder.marketingPreferences as Record<string, unknown> | undefined;
  return {
    partyId: row.party_id,
    email: str(holder.email)?.toLowerCase(),
    phoneNumber: str(holder.phoneNumber),
    firstName: str(holder.firstName),
    lastName: str(holder.lastName),
    marketingPreferences: prefs
      ? { email: prefs.email === true, phone: prefs.phone === true, sms: prefs.sms === true } // ADR 146
      : undefined,
  };
}

/** Moves every proposal of one party to another; returns the codes moved. */
export async function moveProposals(db: Db, fromPartyId: string, toPartyId: string): Promise<string[]> {
  const result = await db.execute(
    sql`UPDATE proposals SET party_id = ${toPartyId} WHERE party_id = ${fromPartyId} RETURNING proposal_code`,
  );
  return (result.rows as { proposal_code: string }[]).map((r) => r.proposal_code);
}
