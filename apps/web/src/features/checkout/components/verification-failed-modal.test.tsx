import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IdCheckFailedModal } from '../../../forms/id-check/id-check-failed-modal.tsx';
import { renderUi } from '../../../ui/test-utils.tsx';
import { VerificationFailedModal } from './verification-failed-modal.tsx';

describe('VerificationFailedModal', () => {
  it('gives the specific message when a single check failed', () => {
    renderUi(<VerificationFailedModal open failed={['address']} onClose={() => {}} />);
    expect(screen.getByTestId('verification-message')).toHaveTextContent(
      'We could not confirm that you live at the address you gave.',
    );
  });

  it('gives the default message listing the failed checks when several failed', () => {
    renderUi(<VerificationFailedModal open failed={['address', 'sanctions']} onClose={() => {}} />);
    const message = screen.getByTestId('verification-message');
    expect(message).toHaveTextContent('Some of the checks we make before we can cover you did not pass');
    expect(message).toHaveTextContent('address, financial sanctions');
  });

  it('links the brand contact e-mail', () => {
    renderUi(<VerificationFailedModal open failed={['identity']} onClose={() => {}} />);
    expect(screen.getByRole('link', { name: /help@forecourt\.example/ })).toHaveAttribute(
      'href',
      'mailto:help@forecourt.example',
    );
  });
});

describe('IdCheckFailedModal', () => {
  it('says we cannot cover online and links the contact e-mail', () => {
    renderUi(<IdCheckFailedModal open onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'We cannot cover you online' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'E-mail help@forecourt.example' })).toHaveAttribute(
      'href',
      'mailto:help@forecourt.example',
    );
  });
});
