import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminTestConfig, mockApi, renderLookup } from '../test-helpers.tsx';
import { AddressSearch } from './address-search.tsx';

afterEach(() => vi.unstubAllGlobals());

const address = {
  id: 'A-000042',
  type: 'Address',
  text: '12 Wilmslow Road',
  description: 'Manchester, M14 5TQ',
  label: '12 Wilmslow Road\nMANCHESTER\nM14 5TQ',
  company: '',
  department: '',
  line1: '12 Wilmslow Road',
  line2: 'Fallowfield',
  line3: '',
  line4: '',
  line5: '',
  city: 'Manchester',
  postalCode: 'M14 5TQ',
  countryName: 'United Kingdom',
  countryIso2: 'GB',
  countryIso3: 'GBR',
};

function addresses(url: URL) {
  const q = url.searchParams;
  if (url.pathname === '/api/lookup/addresses') {
    if (q.get('container') === 'PC-M145TQ')
      return {
        body: {
          items: [
            { id: 'A-000042', type: 'Address', text: '12 Wilmslow Road', description: 'Manchester, M14 5TQ' },
            { id: 'A-GONE', type: 'Address', text: '14 Wilmslow Road', description: 'Manchester, M14 5TQ' },
          ],
        },
      };
    if (q.get('text')?.toUpperCase().startsWith('M14'))
      return {
        body: {
          items: [
            {
              id: 'PC-M145TQ',
              type: 'Postcode',
              text: 'M14 5TQ',
              description: 'Wilmslow Road, Manchester - 1 Addresses',
            },
          ],
        },
      };
    return { body: { items: [] } };
  }
  if (url.pathname === '/api/lookup/address/A-000042') return { body: address };
  return undefined;
}

describe('AddressSearch', () => {
  it('waits 500 ms after typing stops, then drills into the postcode and retrieves the address', async () => {
    const calls = mockApi(addresses);
    const onChange = vi.fn();
    renderLookup(<AddressSearch value={undefined} onChange={onChange} />);
    const started = Date.now();
    await userEvent.type(screen.getByLabelText(/postcode or address/), 'm14 5');
    const postcode = await screen.findByRole('button', { name: /M14 5TQ/ }, { timeout: 2000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    // One request for the settled text, none for each keystroke.
    expect(
      calls.filter((c) => c.pathname === '/api/lookup/addresses').map((c) => c.searchParams.get('text')),
    ).toEqual(['m14 5']);
    expect(calls[0]?.searchParams.get('service')).toBe('GBR');
    await userEvent.click(postcode);
    await userEvent.click(await screen.findByRole('button', { name: /12 Wilmslow Road/ }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.calls[0]?.[0]).toMatchObject({
      line1: '12 Wilmslow Road',
      city: 'Manchester',
      postalCode: 'M14 5TQ',
    });
    expect(onChange.mock.calls[0]?.[0]).not.toHaveProperty('type');
  });

  it('says not found when the chosen address cannot be retrieved', async () => {
    mockApi(addresses);
    const onChange = vi.fn();
    renderLookup(<AddressSearch value={undefined} onChange={onChange} />);
    await userEvent.type(screen.getByLabelText(/postcode or address/), 'M14 5TQ');
    await userEvent.click(await screen.findByRole('button', { name: /M14 5TQ/ }, { timeout: 2000 }));
    await userEvent.click(await screen.findByRole('button', { name: /14 Wilmslow Road/ }));
    expect(await screen.findByText(/We couldn't find that address/)).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('skips the search for blank text and says when nothing matches', async () => {
    const calls = mockApi(addresses);
    renderLookup(<AddressSearch value={undefined} onChange={vi.fn()} />);
    const input = screen.getByLabelText(/postcode or address/);
    await userEvent.type(input, '   ');
    await new Promise((r) => setTimeout(r, 700));
    expect(calls).toHaveLength(0);
    await userEvent.type(input, 'nowhere');
    expect(
      await screen.findByText(/We couldn't find that address/, undefined, { timeout: 2000 }),
    ).toBeInTheDocument();
  });

  it('says under the field when postcode-shaped text is not a UK postcode', async () => {
    mockApi(() => ({ body: { items: [] } }));
    renderLookup(<AddressSearch value={undefined} onChange={vi.fn()} />);
    const input = screen.getByLabelText(/postcode or address/);
    await userEvent.type(input, 'Q1 1AA');
    await waitFor(() => expect(input).toHaveAccessibleDescription(/That is not a UK postcode/), {
      timeout: 2000,
    });
    expect(screen.queryByText(/We couldn't find that address/)).toBeNull();
  });

  it('shows the chosen address as read-only lines with a Change action', async () => {
    mockApi(addresses);
    const onChange = vi.fn();
    renderLookup(<AddressSearch value={address} onChange={onChange} />);
    const lines = screen.getByTestId('chosen-address');
    expect(lines).toHaveTextContent('12 Wilmslow Road');
    expect(lines).toHaveTextContent('M14 5TQ');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enter the address manually' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change address' }));
    expect(onChange).toHaveBeenCalledWith(undefined);
  });

  it('lets only an admin override an overridable address, with line 1, town and a valid postcode', async () => {
    mockApi(addresses);
    const customer = renderLookup(<AddressSearch value={undefined} onChange={vi.fn()} overridable />);
    expect(screen.queryByRole('button', { name: 'Enter the address manually' })).not.toBeInTheDocument();
    customer.unmount();

    const onChange = vi.fn();
    renderLookup(<AddressSearch value={undefined} onChange={onChange} overridable />, adminTestConfig);
    await userEvent.click(screen.getByRole('button', { name: 'Enter the address manually' }));
    const save = screen.getByRole('button', { name: 'Use this address' });
    expect(save).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Address line 1'), '1 New Street');
    await userEvent.type(screen.getByLabelText('Town or city'), 'Leeds');
    await userEvent.type(screen.getByLabelText('Postcode'), 'ls1 9zz9');
    expect(save).toBeDisabled();
    expect(screen.getByText('Enter a valid UK postcode')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Postcode'));
    await userEvent.type(screen.getByLabelText('Postcode'), 'ls1 4ap');
    await userEvent.click(save);
    expect(onChange).toHaveBeenCalledWith(
      expect.objectContaining({
        line1: '1 New Street',
        city: 'Leeds',
        postalCode: 'LS1 4AP',
        countryIso3: 'GBR',
      }),
    );
  });
});
