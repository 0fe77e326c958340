import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../ui/index.ts';
import { RegistrationSearch } from './registration-search.tsx';
import { VehicleCard, type VehicleValue } from './vehicle-card.tsx';
import { VehicleSelect } from './vehicle-select.tsx';

export type VehicleLookupProps = {
  value: VehicleValue | undefined;
  onChange: (value: VehicleValue | undefined) => void;
  /** The profile the car is looked up for (sent with every lookup). */
  profile?: string;
  earliestYear?: number;
  currentYear?: number;
  /** A registration is mandatory when editing it (e.g. before purchase). */
  registrationRequired?: boolean;
};

/**
 * Vehicle lookup screen (spec 1 §2.4): search by registration or select the car; once chosen, the car's
 * card with Change and a registration edit. The value is { vrn, regLookup, specification } (spec 1 §3.2).
 */
export function VehicleLookup(props: VehicleLookupProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState(0);
  const { value, onChange } = props;
  if (value?.specification?.vehicleCode) {
    const vehicle = { ...value, specification: value.specification };
    return (
      <VehicleCard
        vehicle={vehicle}
        onChange={() => onChange(undefined)}
        // A plate typed by hand was not looked up: the server keeps the car chosen (its catalogue entry) rather
        // than looking the new plate up as another car (ADR 347).
        onRegistrationChange={(vrn) => onChange({ ...vehicle, vrn, regLookup: false })}
        registrationRequired={props.registrationRequired}
      />
    );
  }
  return (
    <Tabs
      label={t('lookups.vehicle.tabs')}
      selectedIndex={tab}
      onChange={setTab}
      tabs={[
        {
          id: 'registration',
          label: t('lookups.vehicle.tab.registration'),
          content: (
            <RegistrationSearch
              profile={props.profile}
              onFound={(found) =>
                onChange({ vrn: found.vrn, regLookup: true, specification: found.specification })
              }
            />
          ),
        },
        {
          id: 'select',
          label: t('lookups.vehicle.tab.select'),
          content: (
            <VehicleSelect
              profile={props.profile}
              earliestYear={props.earliestYear}
              currentYear={props.currentYear}
              onConfirm={(specification) => onChange({ regLookup: false, specification })}
            />
          ),
        },
      ]}
    />
  );
}
