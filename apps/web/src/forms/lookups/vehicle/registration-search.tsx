import type { VehicleLookupResponse } from '@forecourt/contracts/lookups';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field, LicencePlateInput } from '../../../ui/index.ts';
import { useVehicleByVrn } from '../api/vehicles.ts';
import styles from './vehicle-lookup.module.css';

export type RegistrationSearchProps = {
  onFound: (vehicle: VehicleLookupResponse) => void;
  profile?: string;
};

/**
 * Registration tab (spec 1 §2.4, §5.3): the search button waits for a valid format; a plate that is not a
 * UK format says so under the field once the customer leaves it or presses Enter; a miss shows not found.
 */
export function RegistrationSearch({ onFound, profile }: RegistrationSearchProps) {
  const { t } = useTranslation();
  const [plate, setPlate] = useState('');
  const [complete, setComplete] = useState(false);
  const [checked, setChecked] = useState(false);
  const lookup = useVehicleByVrn(profile);
  const badFormat = checked && plate.trim() !== '' && !complete;
  const search = () => {
    setChecked(true);
    if (!complete) return;
    lookup.mutate(plate.replace(/\s/g, ''), { onSuccess: onFound });
  };
  return (
    // Not a <form>: the screen usually sits inside the disclosure form. Enter in the plate searches.
    // biome-ignore lint/a11y/noStaticElementInteractions: Enter typed in the plate input bubbles up to here.
    <div
      className={styles.registration}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          search();
        }
      }}
    >
      <Field
        label={t('lookups.vehicle.registration.label')}
        error={
          badFormat
            ? t('lookups.vehicle.registration.invalid')
            : lookup.isError
              ? t('lookups.vehicle.registration.notFound')
              : undefined
        }
      >
        {(control) => (
          <LicencePlateInput
            {...control}
            value={plate}
            onBlur={() => setChecked(true)}
            onChange={(value, meta) => {
              setPlate(value);
              setComplete(meta.complete);
              if (meta.complete) setChecked(false);
              lookup.reset();
            }}
          />
        )}
      </Field>
      <Button disabled={!complete} loading={lookup.isPending} onClick={search}>
        {t('lookups.vehicle.registration.search')}
      </Button>
    </div>
  );
}
