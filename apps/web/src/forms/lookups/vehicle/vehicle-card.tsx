import type { VehicleSpecification } from '@forecourt/contracts/lookups';
import { formatRegistrationMark } from '@forecourt/domain/patterns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config.tsx';
import { Button, Notification } from '../../../ui/index.ts';
import { RegistrationModal } from './registration-modal.tsx';
import { toLitres, toPs } from './vehicle-format.ts';
import styles from './vehicle-lookup.module.css';

export type VehicleValue = { vrn?: string; regLookup?: boolean; specification?: VehicleSpecification };

export type VehicleCardProps = {
  vehicle: VehicleValue & { specification: VehicleSpecification };
  /** The Change action: pick another car. */
  onChange?: () => void;
  /** The registration-edit modal saves here; leave out to hide the edit action. */
  onRegistrationChange?: (vrn: string | undefined) => void;
  registrationRequired?: boolean;
};

/** The chosen car (spec 1 §2.4): its specification lines, a Change action and the registration edit. */
export function VehicleCard({
  vehicle,
  onChange,
  onRegistrationChange,
  registrationRequired,
}: VehicleCardProps) {
  const { t } = useTranslation();
  const { contact } = useConfig();
  const [editing, setEditing] = useState(false);
  const s = vehicle.specification;
  const litres = toLitres(s.engineCapacity);
  const rows: [string, string | number | null][] = [
    ['manufactured', s.year],
    ['fuel', [s.primaryFuel, s.secondaryFuel].filter(Boolean).join(' / ')],
    ['electricType', s.electricVehicleType],
    ['bodyStyle', s.bodyStyle],
    ['transmission', s.transmission],
    ['driveTrain', s.driveTrain],
    ['engine', litres ? `${t('lookups.vehicle.litres', { litres })} (${s.engineLabel})` : s.engineLabel],
    ['performance', t('lookups.vehicle.ps', { ps: toPs(s.enginePower) })],
    ['imported', s.imported ? t('lookups.card.yes') : t('lookups.card.no')],
    [
      'grossWeight',
      s.grossWeight ? t('lookups.card.kg', { kg: s.grossWeight.toLocaleString('en-GB') }) : null,
    ],
  ];
  return (
    <section className={styles.card} aria-label={`${s.make} ${s.model}`} data-testid="vehicle-card">
      <header className={styles.cardHeader}>
        <div>
          {vehicle.vrn ? (
            <span className={styles.plate}>{formatRegistrationMark(vehicle.vrn)}</span>
          ) : (
            <span className={styles.muted}>{t('lookups.card.noRegistration')}</span>
          )}
          <h3 className={styles.cardTitle}>
            {s.make} {s.model}
          </h3>
          <p className={styles.muted}>{s.trim}</p>
        </div>
        {onChange && (
          <Button variant="tertiary" layout="small" onClick={onChange}>
            {t('lookups.card.change')}
          </Button>
        )}
      </header>
      <dl className={styles.specs}>
        {rows
          .filter(([, value]) => value !== null && value !== '')
          .map(([key, value]) => (
            <div key={key} className={styles.spec}>
              <dt>{t(`lookups.card.${key}`)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {s.insuranceGroup === undefined && (
        <Notification variant="warning">
          {t('lookups.vehicle.noGroup', { phone: contact.phone })}
        </Notification>
      )}
      {onRegistrationChange && (
        <>
          <Button variant="ghost" layout="small" onClick={() => setEditing(true)}>
            {vehicle.vrn ? t('lookups.card.editRegistration') : t('lookups.card.addRegistration')}
          </Button>
          {editing && (
            <RegistrationModal
              open
              initial={vehicle.vrn}
              required={registrationRequired}
              onClose={() => setEditing(false)}
              onSave={(vrn) => {
                setEditing(false);
                onRegistrationChange(vrn);
              }}
            />
          )}
        </>
      )}
    </section>
  );
}
