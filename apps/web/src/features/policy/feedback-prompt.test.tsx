import { screen } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleAccount, samplePolicy, sampleQuote } from '../../../test/fixtures.ts';
import { mockFetch, reply } from '../../../test/mock-fetch.ts';
import { FEEDBACK_DELAY_MS, FeedbackHost } from '../../app/feedback/feedback-host.tsx';
import { adminConfig, renderRoutes } from '../../app/test-render.tsx';
import { endpoints } from '../../lib/api/endpoints.ts';
import { pendingFeedback } from '../../lib/feedback.ts';
import { testConfig } from '../../ui/test-utils.tsx';
import { PolicyPage } from './policy-page.tsx';

/**
 * Issue 28 defect 8: the feedback window opens 2 s after a completed cancellation or change, for customers
 * (spec 2 §4, §6; spec 3 §4 step 8), never for staff acting for one. The pages and the shell's feedback host
 * meet through lib/feedback.ts only.
 */
const policy = samplePolicy();
const root = `/car-insurance/policy/${policy.policyId}`;
const adjustmentId = '7d1e2f30-4b5c-4d6e-8f70-8192a3b4c5d6';
const change = {
  adjustmentId,
  policyId: policy.policyId,
  adjustmentType: 'MTA' as const,
  reason: null,
  changes: [{ changeType: 'REMOVE_COVER' as const, coverCode: 'ncb_protection' }],
  effectiveAt: '2026-11-23T10:00:00.000Z',
  createdAt: '2026-11-23T10:00:00.000Z',
  expiresAt: '2099-01-01T00:00:00.000Z',
  confirmed: true,
  confirmedAt: '2026-11-23T10:01:00.000Z',
  verificationClear: true,
  updatedPolicyVersions: [
    {
      startedAt: '2026-11-23T10:00:00.000Z',
      ratingStatus: 'QUOTE' as const,
      quote: sampleQuote() as unknown as Record<string, unknown>,
    },
  ],
  prorataPremium: -250,
  cancellation: null,
};

/** The shell's layout: the page, and the feedback host beside it. */
const Shell = () => (
  <>
    <Outlet />
    <FeedbackHost />
  </>
);

function open(url: string, admin = false) {
  const account = sampleAccount();
  mockFetch((_method, path) => {
    if (path === `/policies/${policy.policyId}`)
      return reply(
        endpoints.getPolicy,
        url.includes('/cancel/')
          ? samplePolicy({
              policyDetail: { policyStatus: 'CANCELLED', terminatedAt: '2026-11-10T09:00:00.000Z' },
            })
          : policy,
      );
    if (path === `/policyAdjustments/${adjustmentId}`) return reply(endpoints.getPolicyAdjustment, change);
    if (path.startsWith('/customerAccounts?')) return reply(endpoints.listCustomerAccounts, [account]);
    if (path === `/customerAccounts/${account.accountId}/nextStatementEstimate`)
      return reply(endpoints.nextStatementEstimate, { paymentDueAt: null, amount: 0 });
    return undefined;
  });
  renderRoutes(
    [
      {
        element: <Shell />,
        children: [
          { path: '/', element: <p>home page</p> },
          { path: '/car-insurance/policy/:policyId/*', element: <PolicyPage claims={() => null} /> },
        ],
      },
    ],
    url,
    admin ? { ...testConfig, ...adminConfig() } : testConfig,
  );
}

beforeEach(() => window.sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const wait = { timeout: FEEDBACK_DELAY_MS + 2000 };

describe('the feedback window after a cancellation or a change (issue 28 defect 8)', () => {
  it('opens 2 s after the cancellation confirmation, for a customer', async () => {
    open(`${root}/cancel/confirm`);
    await screen.findByTestId('cancellation-confirmation');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      await screen.findByRole('dialog', { name: 'How was cancelling your policy?' }, wait),
    ).toBeVisible();
  });

  it('opens 2 s after a confirmed change, for a customer', async () => {
    open(`${root}/management/adjustment/${adjustmentId}/result`);
    await screen.findByTestId('adjustment-result');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('dialog', { name: 'How was changing your policy?' }, wait)).toBeVisible();
  });

  it('is not asked for when staff act for the customer', async () => {
    open(`${root}/cancel/confirm`, true);
    await screen.findByTestId('cancellation-confirmation');
    await new Promise((r) => setTimeout(r, FEEDBACK_DELAY_MS + 300));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(pendingFeedback()).toBeUndefined();
  });
});
