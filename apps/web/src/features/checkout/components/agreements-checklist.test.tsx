import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../ui/test-utils.tsx';
import { AGREEMENTS, AgreementsChecklist } from './agreements-checklist.tsx';

describe('AgreementsChecklist', () => {
  it('enables continue only when every agreement is ticked', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderUi(
      <AgreementsChecklist
        documents={[{ key: 'summary.documents.ipid', href: '/documents/v1/acme.ipid.html' }]}
        onConfirm={onConfirm}
      />,
    );
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(AGREEMENTS.length);
    const confirm = screen.getByRole('button', { name: /confirm and continue/i });
    expect(confirm).toBeDisabled();
    expect(screen.getByText(`Please tick ${AGREEMENTS.length} more to continue`)).toBeInTheDocument();
    for (const box of boxes.slice(0, -1)) await user.click(box);
    expect(confirm).toBeDisabled();
    expect(screen.getByText('Please tick 1 more to continue')).toBeInTheDocument();
    await user.click(boxes.at(-1) as HTMLElement);
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledOnce();
    // Unticking one disables it again.
    await user.click(boxes[0] as HTMLElement);
    expect(confirm).toBeDisabled();
  });

  it('names the terms and conditions and links the documents', () => {
    renderUi(
      <AgreementsChecklist
        documents={[{ key: 'summary.documents.ipid', href: '/documents/v1/acme.ipid.html' }]}
        onConfirm={() => {}}
      />,
    );
    expect(screen.getByLabelText(/terms and conditions/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /IPID/ })).toHaveAttribute(
      'href',
      '/documents/v1/acme.ipid.html',
    );
  });
});
