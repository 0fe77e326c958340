import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleAccount } from '../../../test/fixtures.ts';
import { mockFetch, reply } from '../../../test/mock-fetch.ts';
import { call, contractViolations, pathOf } from './endpoint.ts';
import { endpoints } from './endpoints.ts';

afterEach(() => vi.unstubAllGlobals());

describe('the contract-bound client', () => {
  it('fills and encodes path parameters', () => {
    expect(pathOf('/lookup/data/:table/:entry', { table: 'occupations', entry: 'A/B 1' })).toBe(
      '/lookup/data/occupations/A%2FB%201',
    );
    expect(() => pathOf('/proposals/:code', {})).toThrow('Missing path parameter code');
  });

  it('sends the method, path and query of the definition and answers with the body', async () => {
    const calls = mockFetch(() => reply(endpoints.listCustomerAccounts, [sampleAccount()]));
    const accounts = await call(endpoints.listCustomerAccounts, { query: { proposalCode: 'P1' } });
    expect(accounts[0]?.paymentMethodType).toBe('CARD');
    expect(calls).toMatchObject([{ method: 'GET', path: '/customerAccounts?proposalCode=P1' }]);
    expect(contractViolations).toEqual([]);
  });

  it('records a mocked answer the contract forbids, which fails the test that made it', async () => {
    mockFetch(() => ({ body: [{ ...sampleAccount(), paymentMethodType: 'card' }] }));
    await call(endpoints.listCustomerAccounts);
    const found = contractViolations.splice(0);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(
      'GET /customerAccounts answered what its contract forbids: 0.paymentMethodType',
    );
  });

  it('types calls and mocks by the contract', () => {
    // Each line below must fail to compile: `npx tsc -p apps/web` checks the expectations.
    // @ts-expect-error the contract says CARD, not card
    reply(endpoints.listCustomerAccounts, [{ ...sampleAccount(), paymentMethodType: 'card' }]);
    const typeOnly = () => {
      // @ts-expect-error a filter the contract does not have
      void call(endpoints.listCustomerAccounts, { query: { status: 'ACTIVE' } });
      // @ts-expect-error a path parameter is required
      void call(endpoints.getProposal);
    };
    expect(typeOnly).toBeTypeOf('function');
  });
});
