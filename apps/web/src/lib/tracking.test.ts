import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, reply } from '../../test/mock-fetch.ts';
import { endpoints } from './api/endpoints.ts';
import { savedTracking, saveTracking, sendImpressionOnce } from './tracking.ts';

beforeEach(() => window.sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const impressions = (calls: ReturnType<typeof mockFetch>) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/insights/impression');

describe('tracking values and impressions (spec 2 §7, issue 11 item 6)', () => {
  it('keeps the brand’s parameters of the landing URL for the session, and nothing else', () => {
    saveTracking(new URLSearchParams('utm_source=partner&utm_medium=email&colour=red'), [
      'utm_source',
      'utm_medium',
      'utm_campaign',
    ]);
    expect(savedTracking()).toEqual({ utm_source: 'partner', utm_medium: 'email' });
    // A later page without values keeps them.
    saveTracking(new URLSearchParams('page=2'), ['utm_source']);
    expect(savedTracking()).toEqual({ utm_source: 'partner', utm_medium: 'email' });
  });

  it('sends one impression per proposal, with the values', async () => {
    const calls = mockFetch((method, path) =>
      method === 'POST' && path === '/insights/impression'
        ? reply(endpoints.postImpression, { id: 'i1', recorded: true }, 201)
        : undefined,
    );
    saveTracking(new URLSearchParams('utm_source=partner'), ['utm_source']);
    await sendImpressionOnce('P1');
    await sendImpressionOnce('P1');
    await sendImpressionOnce('P2');
    expect(impressions(calls).map((c) => c.body)).toEqual([
      { type: 'proposal', values: { utm_source: 'partner' }, tags: { proposalCode: 'P1' } },
      { type: 'proposal', values: { utm_source: 'partner' }, tags: { proposalCode: 'P2' } },
    ]);
  });

  it('sends nothing when the session has no tracking values', async () => {
    const calls = mockFetch(() => undefined);
    await sendImpressionOnce('P1');
    expect(impressions(calls)).toHaveLength(0);
  });

  it('a failed impression is dropped, never thrown at the page', async () => {
    mockFetch(() => ({ status: 500, body: { code: 'INTERNAL', message: 'x' } }));
    saveTracking(new URLSearchParams('utm_source=partner'), ['utm_source']);
    await expect(sendImpressionOnce('P1')).resolves.toBeUndefined();
  });
});
