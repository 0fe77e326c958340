import type { Policy } from '@forecourt/contracts/policies';
import { isIsoDate } from '@forecourt/domain/dates';
import type { EffectiveDateChoice } from '@forecourt/domain/enums';
import { effectiveAtOfChoice, effectiveDateError } from '@forecourt/domain/policy/effective-date';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field, Modal, RadioGroup, TextInput } from '../../../ui/index.ts';

/**
 * Staff choose when a change takes effect (spec 3 §4 step 1, §5): immediately (the default), backdated to
 * inception, or another date checked by the domain's rule, each refusal with its own message.
 */
export function EffectiveDateModal({
  policy,
  open,
  onClose,
  onChoose,
}: {
  policy: Policy;
  open: boolean;
  onClose: () => void;
  onChoose: (effectiveAt: string) => void;
}) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<string | null>('immediately');
  const [day, setDay] = useState('');
  const now = new Date();
  const at = effectiveAtOfChoice(
    (choice ?? 'immediately') as EffectiveDateChoice,
    policy.policyDetail,
    now,
    isIsoDate(day) ? day : null,
  );
  const error = choice === 'other-date' ? effectiveDateError(policy.policyDetail, at, now) : null;
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('policy.adjust.effective.header')}
      footer={
        <Button
          disabled={error !== null}
          onClick={() => onChoose(at.toISOString())}
          data-testid="effective-date-continue"
        >
          {t('policy.adjust.effective.continue')}
        </Button>
      }
    >
      <Field label={t('policy.adjust.effective.label')} group>
        {(control) => (
          <RadioGroup
            {...control}
            name="effective"
            value={choice}
            onChange={setChoice}
            options={(['immediately', 'backdate-to-inception', 'other-date'] as const).map((c) => ({
              value: c,
              label: t(`policy.adjust.effective.${c}`),
            }))}
          />
        )}
      </Field>
      {choice === 'other-date' && (
        <Field
          label={t('policy.adjust.effective.day')}
          hint="yyyy-mm-dd"
          error={day === '' ? undefined : error?.message}
        >
          {(control) => (
            <TextInput {...control} name="effectiveDay" value={day} onChange={setDay} maxLength={10} />
          )}
        </Field>
      )}
    </Modal>
  );
}
