import { REFERRAL_MESSAGES } from '@forecourt/domain/rating/referrals';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleProposal } from '../../../../test/fixtures.ts';
import { renderUi, testConfig } from '../../../ui/test-utils.tsx';
import { quoteTexts } from '../texts.ts';
import { ReferralPage } from './referral-page.tsx';

describe('ReferralPage', () => {
  it('has a text for every referral reason the rating can give', () => {
    for (const code of Object.keys(REFERRAL_MESSAGES)) {
      expect(quoteTexts[`quote.referral.reason.${code}`], code).toEqual(expect.any(String));
    }
  });

  it('shows the reference and tap-to-call and e-mail links', () => {
    const proposal = sampleProposal({ externalReference: 'FC-7K3M9Q' });
    if (proposal.quote)
      proposal.quote.referralReasons = [{ code: 'MODIFIED', message: 'The car has been modified' }];
    renderUi(<ReferralPage proposal={proposal} />);
    expect(screen.getByTestId('referral-reference')).toHaveTextContent('FC-7K3M9Q');
    const phone = screen.getByRole('link', { name: testConfig.contact.phone });
    expect(phone).toHaveAttribute('href', `tel:${testConfig.contact.phone.replace(/\s/g, '')}`);
    const email = screen.getByRole('link', { name: testConfig.contact.email });
    expect(email.getAttribute('href')).toMatch(
      new RegExp(`^mailto:${testConfig.contact.email}\\?subject=FC-7K3M9Q`),
    );
    expect(
      within(screen.getByTestId('referral-reasons')).getByText('The car has been modified'),
    ).toBeVisible();
  });
});
