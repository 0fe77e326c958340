import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleProposal } from '../../../../test/fixtures.ts';
import { renderShell } from '../../../app/test-render.tsx';
import { CheckoutSuccessPage } from './checkout-success-page.tsx';

describe('checkout success', () => {
  it('"View your policy" opens the policy just bought', () => {
    window.dataLayer = [];
    const proposal = sampleProposal({ status: 'POLICY', policyId: 'POL9', policyNumber: 'FCM9' });
    renderShell(<CheckoutSuccessPage proposal={proposal} />, { slots: { signedIn: true } });
    expect(screen.getByRole('link', { name: 'View your policy' })).toHaveAttribute(
      'href',
      '/car-insurance/policy/POL9',
    );
  });
});
