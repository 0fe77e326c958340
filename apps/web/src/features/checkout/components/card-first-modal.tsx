import { useTranslation } from 'react-i18next';
import { Button, Modal } from '../../../ui/index.ts';

/**
 * A customer paying by card on the Direct Debit checkout (spec 3 §4 step 8, ADR 319): before leaving for
 * the card page, this modal says that today's payment is by card and only the later months by Direct Debit
 * (staff get the admin-card-blocked modal instead).
 */
export function CardFirstModal({
  open,
  amount,
  loading,
  onContinue,
  onClose,
}: {
  open: boolean;
  amount: string;
  loading: boolean;
  onContinue: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('checkout.cardFirst.header')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('checkout.cardFirst.cancel')}
          </Button>
          <Button loading={loading} onClick={onContinue}>
            {t('checkout.cardFirst.continue')}
          </Button>
        </>
      }
    >
      <p>{t('checkout.cardFirst.body', { amount })}</p>
    </Modal>
  );
}
