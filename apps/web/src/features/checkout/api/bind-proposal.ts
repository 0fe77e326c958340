import { call } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';

/** One Idempotency-Key per proposal for this tab, so a retried or double-clicked bind makes one policy. */
export function bindKey(proposalCode: string): string {
  const name = `bind-key:${proposalCode}`;
  const existing = window.sessionStorage.getItem(name);
  if (existing) return existing;
  const key = crypto.randomUUID();
  window.sessionStorage.setItem(name, key);
  return key;
}

/** POST /proposals/{code}/bind with an Idempotency-Key (spec 3 §7; DESIGN.md §3). */
export const bindProposal = (proposalCode: string) =>
  call(endpoints.bindProposal, {
    params: { code: proposalCode },
    headers: { 'idempotency-key': bindKey(proposalCode) },
  });
