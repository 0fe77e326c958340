import type { CheckName, IdentityCheckProvider, IdentityPerson } from './identity-check-provider.ts';
import { resultOf } from './identity-check-provider.ts';

/** Onfido report names behind each of our checks. */
const REPORTS: Record<CheckName, string> = {
  identity: 'identity_enhanced',
  address: 'proof_of_address',
  sanctions: 'watchlist_standard',
};

type OnfidoReport = { name: string; result: string | null; status: string };

/**
 * An Onfido-style identity-verification API (IDENTITY_CHECK_API_URL, IDENTITY_CHECK_API_TOKEN): create an
 * applicant, run a check with the reports we need, poll until complete, and read each report's result.
 */
export function onfidoIdentityCheck(baseUrl: string, token: string): IdentityCheckProvider {
  const call = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const res = await fetch(`${baseUrl.replace(/\/$/, '')}${path}`, {
      ...init,
      headers: { authorization: `Token token=${token}`, 'content-type': 'application/json', ...init.headers },
      signal: AbortSignal.timeout(20_000),
    });
    if (!res.ok) throw new Error(`Identity check API ${path} answered ${res.status}`);
    return (await res.json()) as T;
  };

  async function run(person: IdentityPerson, checks: CheckName[]) {
    const applicant = await call<{ id: string }>('/applicants', {
      method: 'POST',
      body: JSON.stringify({
        first_name: person.firstName,
        last_name: person.lastName,
        dob: person.dateOfBirth,
        email: person.email,
        address: person.address && {
          country: 'GBR',
          postcode: person.address.postalCode,
          street: person.address.line1,
          town: person.address.city,
        },
      }),
    });
    let check = await call<{ id: string; status: string; report_ids: string[] }>('/checks', {
      method: 'POST',
      body: JSON.stringify({ applicant_id: applicant.id, report_names: checks.map((c) => REPORTS[c]) }),
    });
    for (let i = 0; i < 20 && check.status !== 'complete'; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      check = await call(`/checks/${check.id}`);
    }
    if (check.status !== 'complete') throw new Error('Identity check did not complete in time');
    const reports = await Promise.all(check.report_ids.map((id) => call<OnfidoReport>(`/reports/${id}`)));
    return resultOf(
      checks.map((name) => ({
        name,
        result: reports.find((r) => r.name === REPORTS[name])?.result === 'clear' ? 'clear' : 'consider',
      })),
    );
  }

  return {
    name: 'onfido',
    check: (person) => run(person, ['identity']),
    verify: (person) => run(person, ['identity', 'address', 'sanctions']),
  };
}
