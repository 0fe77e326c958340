import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleProposal } from '../../../../test/fixtures.ts';
import { renderUi } from '../../../ui/test-utils.tsx';
import { QuoteDetails } from './quote-details.tsx';

describe('summary QuoteDetails wording', () => {
  it('shows the whole address (the street of a flat too) and the plate in its printed form', () => {
    const proposal = sampleProposal();
    proposal.data = {
      profiles: [
        {
          profileCode: 'policyholder',
          policyholder: true,
          data: {
            firstName: 'Sam',
            lastName: 'Taylor',
            address: {
              line1: 'Flat 1',
              line2: 'The Maltings, 17 Belgrave Road',
              line3: 'Pimlico',
              city: 'London',
              postalCode: 'SW1V 7GB',
            },
          },
        },
      ],
    } as never;
    if (proposal.quote) proposal.quote.vrn = 'FD19FCS';
    renderUi(<QuoteDetails proposal={proposal} editTo="/edit" />);
    expect(
      screen.getByText('Flat 1, The Maltings, 17 Belgrave Road, Pimlico, London, SW1V 7GB'),
    ).toBeVisible();
    expect(screen.getByText('FD19 FCS')).toBeVisible();
  });
});
