import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWithPolicy } from './claims-helpers.ts';
import { type ListeningApp, listeningApp } from './payments-helpers.ts';

// Issue 27 §12: statement JSON had no Cache-Control. What the API answers a known caller is personal data,
// `private, no-store` like documents and uploads (docs/SECURITY.md, V8), whichever route answers it.
let t: ListeningApp;
beforeAll(async () => {
  t = await listeningApp();
});
afterAll(async () => t.close());

describe('personal data is never cached', () => {
  it('statements, the estimate, accounts, policies, the policyholder and claims: private, no-store', async () => {
    const c = await customerWithPolicy(t, 'no-store@example.com');
    const [account] = (await c.call('GET', '/api/customerAccounts')).json();
    const statements = await c.call('GET', `/api/customerAccounts/${account.accountId}/statements`);
    expect(statements.statusCode).toBe(200);
    const list = statements.json();
    const first = (Array.isArray(list) ? list : list.items)[0];
    const urls = [
      `/api/customerAccounts/${account.accountId}/statements`,
      `/api/customerAccounts/${account.accountId}/statements/${first.statementId}`,
      `/api/customerAccounts/${account.accountId}/nextStatementEstimate`,
      '/api/customerAccounts',
      '/api/policies',
      `/api/policies/${c.policyId}`,
      '/api/policyholder',
      `/api/claims?policyNumber=${c.policyNumber}`,
    ];
    for (const url of urls) {
      const res = await c.call('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
    // A route that says otherwise keeps its own (the brand configuration, ADR 127).
    expect((await c.call('GET', '/api/config')).headers['cache-control']).toBe('no-cache, private');
  });
});
