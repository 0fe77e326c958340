import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal, Notification, Select } from '../../../ui/index.ts';
import { useChangePaymentDay } from '../api/billing.ts';

const ordinal = (n: number) => {
  const s =
    n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10];
  return `${n}${s ?? 'th'}`;
};

/**
 * Staff change the payment day (spec 2 §4, §5): options 1st to 29th, Confirm disabled when empty, above the
 * 28th or the same day; the days until the new date are charged on the next statement.
 */
export function PaymentDayModal(props: {
  accountId: string;
  current: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [day, setDay] = useState<string | null>(null);
  const change = useChangePaymentDay(props.accountId);
  const chosen = day === null ? null : Number(day);
  const valid = chosen !== null && chosen >= 1 && chosen <= 28 && chosen !== props.current;
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={t('policy.billing.dayModal.title')}
      footer={
        <Button
          disabled={!valid}
          loading={change.isPending}
          onClick={() => chosen !== null && change.mutate(chosen, { onSuccess: () => props.onClose() })}
        >
          {t('policy.billing.dayModal.confirm')}
        </Button>
      }
    >
      <p>{t('policy.billing.dayModal.body', { day: ordinal(props.current) })}</p>
      <Select
        aria-label={t('policy.billing.dayModal.label')}
        value={day}
        onChange={setDay}
        placeholder={t('policy.billing.dayModal.placeholder')}
        options={Array.from({ length: 29 }, (_, i) => ({ value: String(i + 1), label: ordinal(i + 1) }))}
      />
      {chosen !== null && chosen > 28 && (
        <Notification variant="warning">{t('policy.billing.dayModal.tooLate')}</Notification>
      )}
    </Modal>
  );
}
