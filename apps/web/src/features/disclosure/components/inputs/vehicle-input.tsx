import { isUkVrn, normaliseVrn } from '@forecourt/contracts/lookups';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../ui/index.ts';
import { findVehicleByVrn } from '../../api/lookups.ts';
import styles from './inputs.module.css';
import own from './lookup-inputs.module.css';

export type VehicleValue = { vrn?: string; regLookup?: boolean; specification?: Record<string, unknown> };

interface Props {
  id: string;
  value: VehicleValue | undefined;
  onChange: (v: VehicleValue | undefined) => void;
  invalid?: boolean;
  describedBy?: string;
}

/** Find the car by registration (spec 1 §2.4 registration tab); the chosen car shows with a Change action. */
export function VehicleInput({ id, value, onChange, invalid, describedBy }: Props) {
  const { t } = useTranslation();
  const [vrn, setVrn] = useState('');
  const [busy, setBusy] = useState(false);
  const [notFound, setNotFound] = useState(false);
  const spec = value?.specification;
  if (spec?.vehicleCode)
    return (
      <div className={own.chosen} data-testid="chosen-vehicle">
        <p>
          {value?.vrn && <strong>{value.vrn} · </strong>}
          <strong>
            {String(spec.make)} {String(spec.model)}
          </strong>
          <br />
          <span className={own.muted}>
            {[spec.trim, spec.year, spec.primaryFuel, spec.transmission].filter(Boolean).join(' · ')}
          </span>
        </p>
        <Button variant="tertiary" layout="small" onClick={() => onChange(undefined)}>
          {t('disclosure.lookup.change')}
        </Button>
      </div>
    );
  const search = async () => {
    setBusy(true);
    setNotFound(false);
    try {
      const found = await findVehicleByVrn(normaliseVrn(vrn));
      onChange({ vrn: found.vrn, regLookup: true, specification: found.specification });
    } catch {
      setNotFound(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <div className={own.search}>
        <input
          id={id}
          className={`${styles.text} ${own.plate}`}
          value={vrn}
          autoComplete="off"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          placeholder={t('disclosure.vehicle.placeholder')}
          onChange={(e) => setVrn(e.target.value.toUpperCase())}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && isUkVrn(vrn)) {
              e.preventDefault();
              void search();
            }
          }}
        />
        <Button onClick={() => void search()} disabled={!isUkVrn(vrn)} loading={busy}>
          {t('disclosure.vehicle.search')}
        </Button>
      </div>
      {notFound && (
        <p className={own.error} role="alert">
          {t('disclosure.vehicle.notFound')}
        </p>
      )}
    </div>
  );
}
