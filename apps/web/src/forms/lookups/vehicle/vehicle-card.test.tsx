import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderLookup, variant } from '../test-helpers.tsx';
import { VehicleCard } from './vehicle-card.tsx';

const row = (name: string) =>
  within(screen.getByText(name).closest('div') as HTMLElement).getByRole('definition');

describe('VehicleCard', () => {
  it('shows manufactured year, fuel, body, transmission, drive train, engine in litres, PS, imported and weight', () => {
    renderLookup(<VehicleCard vehicle={{ vrn: 'AB12CDE', specification: variant({ enginePower: 123 }) }} />);
    expect(screen.getByText('AB12 CDE')).toBeInTheDocument();
    expect(row('Manufactured')).toHaveTextContent('2019');
    expect(row('Fuel')).toHaveTextContent('Petrol');
    expect(row('Body style')).toHaveTextContent('Hatchback');
    expect(row('Transmission')).toHaveTextContent('Manual');
    expect(row('Drive train')).toHaveTextContent('FWD');
    expect(row('Engine')).toHaveTextContent('1.0 litres (1.0 EcoBoost)');
    expect(row('Performance')).toHaveTextContent('125PS');
    expect(row('Imported')).toHaveTextContent('No');
    expect(row('Gross weight')).toHaveTextContent('1,575 kg');
    expect(screen.queryByText('Electric type')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the electric type of an electric car and warns when the insurance group is unknown', () => {
    const ev = variant({
      primaryFuel: 'Electric',
      electricVehicleType: 'BEV',
      engineCapacity: undefined,
      engineLabel: 'Long Range 75kWh',
      insuranceGroup: undefined,
    });
    renderLookup(<VehicleCard vehicle={{ specification: ev }} />);
    expect(row('Electric type')).toHaveTextContent('BEV');
    expect(row('Engine')).toHaveTextContent('Long Range 75kWh');
    expect(screen.getByText('No registration yet')).toBeInTheDocument();
    // Said when the car is chosen, not only as a referral after every section.
    expect(screen.getByRole('alert')).toHaveTextContent("We can't insure this car online");
    expect(screen.getByRole('alert')).toHaveTextContent('0330 123 4567');
  });

  it('edits the registration in a modal: save needs a valid registration when one is mandatory', async () => {
    const onRegistrationChange = vi.fn();
    renderLookup(
      <VehicleCard
        vehicle={{ specification: variant({}) }}
        onRegistrationChange={onRegistrationChange}
        registrationRequired
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add registration' }));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: 'Save registration' });
    expect(save).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/Registration number/), 'fe17tt');
    expect(save).toBeDisabled();
    expect(within(dialog).getByText('Enter a valid UK registration')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Registration number/), 'a');
    expect(save).toBeEnabled();
    await userEvent.click(save);
    expect(onRegistrationChange).toHaveBeenCalledWith('FE17TTA');
  });
});
