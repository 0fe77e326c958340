import type { VehicleSpecification } from '@forecourt/contracts/lookups';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  type CascadeValue,
  CascadingSelector,
  Field,
  Notification,
  Select,
  Spinner,
} from '../../../ui/index.ts';
import { useVehicleMakes, useVehicleModels, useVehicleVariants } from '../api/vehicles.ts';
import { chosenVariant, type VariantChoice, variantLevels } from './variant-levels.ts';
import { manufactureYears } from './vehicle-format.ts';
import styles from './vehicle-lookup.module.css';

export type VehicleSelectProps = {
  onConfirm: (specification: VehicleSpecification) => void;
  profile?: string;
  earliestYear?: number;
  /** The current year (tests pin it); defaults to today's. */
  currentYear?: number;
};

/** Select tab (spec 1 §2.4): year, make, model, then the variant by cascading drop-downs; confirm needs a code. */
export function VehicleSelect({ onConfirm, profile, earliestYear = 1940, currentYear }: VehicleSelectProps) {
  const { t } = useTranslation();
  const [year, setYear] = useState<number | undefined>();
  const [make, setMake] = useState<string | undefined>();
  const [model, setModel] = useState<string | undefined>();
  const [choice, setChoice] = useState<VariantChoice>({});
  const makes = useVehicleMakes(year, profile);
  const models = useVehicleModels(year, make, profile);
  const variants = useVehicleVariants(year, make, model, profile);
  const years = useMemo(
    () => manufactureYears(currentYear ?? new Date().getFullYear(), earliestYear),
    [currentYear, earliestYear],
  );
  const list = variants.data?.vehicles ?? [];
  const levels = useMemo(
    () =>
      variantLevels(list, choice, {
        none: t('lookups.vehicle.none'),
        present: t('lookups.vehicle.present'),
        ps: (ps) => t('lookups.vehicle.ps', { ps }),
        litres: (litres) => t('lookups.vehicle.litres', { litres }),
      }),
    [list, choice, t],
  );
  const chosen = model ? chosenVariant(list, choice, levels) : undefined;
  const noMakes = makes.data && makes.data.makes.length === 0;
  const noModels = models.data && models.data.models.length === 0;

  return (
    <div className={styles.select}>
      <Field label={t('lookups.vehicle.year')}>
        {(control) => (
          <Select
            {...control}
            value={year === undefined ? null : String(year)}
            options={years.map((y) => ({ value: String(y), label: String(y) }))}
            onChange={(v) => {
              setYear(v ? Number(v) : undefined);
              setMake(undefined);
              setModel(undefined);
              setChoice({});
            }}
          />
        )}
      </Field>
      {noMakes && <Notification variant="warning">{t('lookups.vehicle.noMakes', { year })}</Notification>}
      {makes.data && !noMakes && (
        <Field label={t('lookups.vehicle.make')}>
          {(control) => (
            <Select
              {...control}
              value={make ?? null}
              options={makes.data.makes.map((m) => ({ value: m, label: m }))}
              onChange={(v) => {
                setMake(v ?? undefined);
                setModel(undefined);
                setChoice({});
              }}
            />
          )}
        </Field>
      )}
      {noModels && (
        <Notification variant="warning">{t('lookups.vehicle.noModels', { make, year })}</Notification>
      )}
      {models.data && !noModels && make && (
        <Field label={t('lookups.vehicle.model')}>
          {(control) => (
            <Select
              {...control}
              value={model ?? null}
              options={models.data.models.map((m) => ({ value: m, label: m }))}
              onChange={(v) => {
                setModel(v ?? undefined);
                setChoice({});
              }}
            />
          )}
        </Field>
      )}
      {variants.isFetching && <Spinner label={t('lookups.vehicle.loading')} />}
      {model && list.length > 0 && (
        <CascadingSelector
          levels={levels.map((l) => ({ ...l, label: t(`lookups.vehicle.field.${l.key}`) }))}
          value={choice as CascadeValue}
          onChange={(v) => setChoice(v as VariantChoice)}
        />
      )}
      <Button disabled={!chosen?.vehicleCode} onClick={() => chosen && onConfirm(chosen)}>
        {t('lookups.vehicle.confirm')}
      </Button>
    </div>
  );
}
