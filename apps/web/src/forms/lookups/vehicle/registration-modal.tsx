import { matchRegistration } from '@forecourt/domain/input-format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config.tsx';
import { Button, Field, LicencePlateInput, Modal } from '../../../ui/index.ts';

export type RegistrationModalProps = {
  open: boolean;
  initial: string | undefined;
  /** A registration is mandatory (e.g. before purchase): an empty one cannot be saved. */
  required?: boolean;
  onSave: (vrn: string | undefined) => void;
  onClose: () => void;
};

/** Registration edit (spec 1 §2.4, §5.3): saving needs a valid registration when one is mandatory. */
export function RegistrationModal({ open, initial, required, onSave, onClose }: RegistrationModalProps) {
  const { t } = useTranslation();
  const formats = useConfig().formats.vehicleRegistration;
  const [first] = useState(() => matchRegistration(initial ?? '', formats));
  const [plate, setPlate] = useState(first.value);
  const [complete, setComplete] = useState(first.complete);
  const empty = plate.trim() === '';
  const valid = complete || (empty && !required);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('lookups.regModal.title')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('lookups.regModal.cancel')}
          </Button>
          <Button disabled={!valid} onClick={() => onSave(empty ? undefined : plate.replace(/\s/g, ''))}>
            {t('lookups.regModal.save')}
          </Button>
        </>
      }
    >
      <Field
        label={t('lookups.vehicle.registration.label')}
        hint={t('lookups.regModal.body')}
        error={!empty && !complete ? t('lookups.regModal.invalid') : undefined}
      >
        {(control) => (
          <LicencePlateInput
            {...control}
            value={plate}
            onChange={(value, meta) => {
              setPlate(value);
              setComplete(meta.complete);
            }}
          />
        )}
      </Field>
    </Modal>
  );
}
