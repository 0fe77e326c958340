import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderLookup, variant } from '../test-helpers.tsx';
import { VehicleLookup } from './vehicle-lookup.tsx';

afterEach(() => vi.unstubAllGlobals());

const fiestas = [
  variant({ vehicleCode: '100', trim: 'None of the above' }),
  variant({ vehicleCode: '101', trim: 'Zetec 5dr' }),
  variant({ vehicleCode: '102', trim: 'Titanium 5dr', transmission: 'Manual' }),
  variant({ vehicleCode: '103', trim: 'Titanium 5dr', transmission: 'Automatic' }),
];

function catalogue(url: URL) {
  const q = url.searchParams;
  if (url.pathname === '/api/lookup/vehicles/vehicles/vrn')
    return q.get('vrn') === 'AB12CDE'
      ? { body: { vrn: 'AB12CDE', regLookup: true, specification: variant({ year: 2012 }) } }
      : undefined;
  if (url.pathname === '/api/lookup/vehicles/makes')
    return {
      body: { year: Number(q.get('year')), makes: q.get('year') === '2019' ? ['Ford', 'Tesla'] : [] },
    };
  if (url.pathname === '/api/lookup/vehicles/models')
    return { body: { year: 2019, make: q.get('make'), models: q.get('make') === 'Ford' ? ['Fiesta'] : [] } };
  if (url.pathname === '/api/lookup/vehicles/vehicles') return { body: { vehicles: fiestas } };
  return undefined;
}

describe('VehicleLookup: registration tab', () => {
  it('enables search only for a valid registration and fills the value from the register', async () => {
    const calls = mockApi(catalogue);
    const onChange = vi.fn();
    renderLookup(<VehicleLookup value={undefined} onChange={onChange} profile="P1" />);
    const plate = screen.getByLabelText('Registration number');
    const search = screen.getByRole('button', { name: 'Find my car' });
    await userEvent.type(plate, 'ab12c');
    expect(search).toBeDisabled();
    await userEvent.type(plate, 'de');
    expect(plate).toHaveValue('AB12 CDE');
    expect(search).toBeEnabled();
    await userEvent.click(search);
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.calls[0]?.[0]).toMatchObject({
      vrn: 'AB12CDE',
      regLookup: true,
      specification: { year: 2012 },
    });
    expect(calls[0]?.searchParams.get('vrn')).toBe('AB12CDE');
    expect(calls[0]?.searchParams.get('profile')).toBe('P1');
  });

  it('says under the field when a plate is not a UK format, on leaving it or pressing Enter', async () => {
    const calls = mockApi(catalogue);
    renderLookup(<VehicleLookup value={undefined} onChange={vi.fn()} />);
    const plate = screen.getByLabelText('Registration number');
    await userEvent.type(plate, 'ab12c');
    expect(screen.queryByText(/not a UK registration/)).toBeNull();
    await userEvent.tab();
    expect(plate).toHaveAccessibleDescription(/That is not a UK registration/);
    await userEvent.type(plate, 'de');
    expect(screen.queryByText(/not a UK registration/)).toBeNull();
    await userEvent.clear(plate);
    await userEvent.type(plate, 'Q1{Enter}');
    expect(screen.getByText(/That is not a UK registration/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the not-found message when the registration is unknown, and Enter searches', async () => {
    mockApi(catalogue);
    const onChange = vi.fn();
    renderLookup(<VehicleLookup value={undefined} onChange={onChange} />);
    await userEvent.type(screen.getByLabelText('Registration number'), 'YY99ZZZ{Enter}');
    expect(await screen.findByText(/We couldn't find a car with that registration/)).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('VehicleLookup: select tab', () => {
  const open = async () => {
    await userEvent.click(screen.getByRole('tab', { name: 'Select vehicle' }));
  };

  it('offers years from this year back to 1940 and says when a year has no models', async () => {
    mockApi(catalogue);
    renderLookup(<VehicleLookup value={undefined} onChange={vi.fn()} currentYear={2026} />);
    await open();
    const year = screen.getByLabelText('Year of manufacture');
    const options = within(year)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options[1]).toBe('2026');
    expect(options.at(-1)).toBe('1940');
    await userEvent.selectOptions(year, '1945');
    expect(await screen.findByText("We couldn't find any models manufactured in 1945.")).toBeInTheDocument();
  });

  it('says when a make has no models that year', async () => {
    mockApi(catalogue);
    renderLookup(<VehicleLookup value={undefined} onChange={vi.fn()} currentYear={2026} />);
    await open();
    await userEvent.selectOptions(screen.getByLabelText('Year of manufacture'), '2019');
    await userEvent.selectOptions(await screen.findByLabelText('Make'), 'Tesla');
    expect(
      await screen.findByText("We couldn't find any Tesla models manufactured in 2019."),
    ).toBeInTheDocument();
  });

  it('cascades year, make, model, trim (None of the above first), transmission; confirm needs a vehicle code', async () => {
    mockApi(catalogue);
    const onChange = vi.fn();
    renderLookup(<VehicleLookup value={undefined} onChange={onChange} currentYear={2026} />);
    await open();
    const confirm = screen.getByRole('button', { name: 'Confirm vehicle' });
    await userEvent.selectOptions(screen.getByLabelText('Year of manufacture'), '2019');
    await userEvent.selectOptions(await screen.findByLabelText('Make'), 'Ford');
    await userEvent.selectOptions(await screen.findByLabelText('Model'), 'Fiesta');
    const trim = await screen.findByLabelText('Trim');
    expect(
      within(trim)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Please select', 'None of the above', 'Titanium 5dr', 'Zetec 5dr']);
    expect(confirm).toBeDisabled();
    await userEvent.selectOptions(trim, 'Titanium 5dr');
    expect(confirm).toBeDisabled();
    fireEvent.change(await screen.findByLabelText('Transmission'), { target: { value: 'Automatic' } });
    await waitFor(() => expect(confirm).toBeEnabled());
    await userEvent.click(confirm);
    expect(onChange).toHaveBeenCalledWith({ regLookup: false, specification: fiestas[3] });
  });
});

describe('VehicleLookup with a chosen car', () => {
  it('shows the card; Change clears the value', async () => {
    mockApi(catalogue);
    const onChange = vi.fn();
    renderLookup(
      <VehicleLookup
        value={{ vrn: 'AB12CDE', regLookup: true, specification: variant({}) }}
        onChange={onChange}
      />,
    );
    expect(screen.getByTestId('vehicle-card')).toHaveTextContent('Ford Fiesta');
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(onChange).toHaveBeenCalledWith(undefined);
  });

  it('a registration typed on the card is not a looked-up one: the car stays the catalogue entry chosen', async () => {
    mockApi(catalogue);
    const onChange = vi.fn();
    const specification = variant({});
    renderLookup(
      <VehicleLookup value={{ vrn: 'AB12CDE', regLookup: true, specification }} onChange={onChange} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit registration' }));
    const dialog = screen.getByRole('dialog');
    const plate = within(dialog).getByRole('textbox');
    await userEvent.clear(plate);
    await userEvent.type(plate, 'AB12CDF');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save registration' }));
    expect(onChange).toHaveBeenCalledWith({ vrn: 'AB12CDF', regLookup: false, specification });
  });
});
