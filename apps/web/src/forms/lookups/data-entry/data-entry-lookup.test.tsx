import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderLookup } from '../test-helpers.tsx';
import { DataEntryLookup } from './data-entry-lookup.tsx';

afterEach(() => vi.unstubAllGlobals());

const SP30 = {
  code: 'SP30',
  name: 'Exceeding statutory speed limit on a public road',
  description: 'Speed limits',
};

function tables(url: URL) {
  if (url.pathname === '/api/lookup/data/convictions/SP30') return { body: SP30 };
  if (url.pathname === '/api/lookup/data/convictions')
    return { body: { items: url.searchParams.get('searchTerm') === 'SP' ? [SP30] : [] } };
  return undefined;
}

const conviction = (onChange = vi.fn()) =>
  renderLookup(
    <DataEntryLookup
      table="convictions"
      label="Conviction code"
      value={undefined}
      onChange={onChange}
      regExp="^[A-Z]{0,2}[0-9]{0,2}$"
      pattern="^[A-Z]{2}[0-9]{2}$"
      characterLimit={4}
    />,
  );

describe('DataEntryLookup', () => {
  it('upper-cases, rejects typing off the pattern and caps the length', async () => {
    mockApi(tables);
    conviction();
    const input = screen.getByLabelText('Conviction code');
    await userEvent.type(input, 's!');
    expect(input).toHaveValue('S');
    await userEvent.type(input, '1p');
    expect(input).toHaveValue('S1');
    await userEvent.clear(input);
    await userEvent.type(input, 's');
    await userEvent.type(input, 'p30x9');
    expect(input).toHaveValue('SP30');
  });

  it('enables Check only for a complete code; Enter checks; a 404 says not found', async () => {
    const calls = mockApi(tables);
    const onChange = vi.fn();
    conviction(onChange);
    const input = screen.getByLabelText('Conviction code');
    const check = screen.getByRole('button', { name: 'Check' });
    await userEvent.type(input, 'XX9');
    expect(check).toBeDisabled();
    await userEvent.type(input, '9{Enter}');
    expect(await screen.findByText(/We couldn't find that code/)).toBeInTheDocument();
    expect(calls.some((c) => c.pathname === '/api/lookup/data/convictions/XX99')).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.clear(input);
    await userEvent.type(input, 'sp30');
    await userEvent.click(check);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(SP30));
  });

  it('searches text only after the minimum characters, 250 ms after typing stops', async () => {
    const calls = mockApi(tables);
    const onChange = vi.fn();
    conviction(onChange);
    const input = screen.getByLabelText('Conviction code');
    await userEvent.type(input, 's');
    expect(screen.getByText('Type at least 2 characters to search')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 400));
    expect(calls).toHaveLength(0);
    await userEvent.type(input, 'p');
    const result = await screen.findByRole('button', { name: /SP30 Exceeding statutory speed limit/ });
    expect(calls.map((c) => c.searchParams.get('searchTerm'))).toEqual(['SP']);
    await userEvent.click(result);
    expect(onChange).toHaveBeenCalledWith(SP30);
  });

  it('shows the chosen entry with a Change action', async () => {
    const onChange = vi.fn();
    renderLookup(<DataEntryLookup table="convictions" label="Code" value={SP30} onChange={onChange} />);
    expect(screen.getByText('SP30')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(onChange).toHaveBeenCalledWith(undefined);
  });
});
