import type { AutoRenewalBody } from '@forecourt/contracts/policies';
import { useTranslation } from 'react-i18next';
import { OPT_OUT_REASONS } from '../../lib/renewal/auto-renewal.ts';
import { Field, RadioGroup, TextInput } from '../../ui/index.ts';

export type OptOutReason = { reason: string | null; text: string };

/** The opt-out reason (spec 3 §5 "Opt-out reason required"; 'Other' needs the customer's words). */
export function OptOutReasonFields({
  value,
  onChange,
}: {
  value: OptOutReason;
  onChange: (v: OptOutReason) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t('renewal.reason.label')} group required>
        {(control) => (
          <RadioGroup
            {...control}
            name="opt-out-reason"
            value={value.reason}
            onChange={(reason) => onChange({ ...value, reason })}
            options={OPT_OUT_REASONS.map((r) => ({ value: r, label: t(`renewal.reason.${r}`) }))}
          />
        )}
      </Field>
      {value.reason === 'Other' && (
        <Field label={t('renewal.reason.otherLabel')} required>
          {(control) => (
            <TextInput {...control} value={value.text} onChange={(text) => onChange({ ...value, text })} />
          )}
        </Field>
      )}
    </>
  );
}

/** The request body of a complete opt-out, or null while the reason is incomplete. */
export function optOutBody(v: OptOutReason): AutoRenewalBody | null {
  const reason = OPT_OUT_REASONS.find((r) => r === v.reason);
  if (!reason) return null;
  if (reason !== 'Other') return { enabled: false, reason };
  const text = v.text.trim();
  return text ? { enabled: false, reason, reasonText: text.slice(0, 500) } : null;
}
