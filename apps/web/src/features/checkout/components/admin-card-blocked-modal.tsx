import { useTranslation } from 'react-i18next';
import { Button, Modal } from '../../../ui/index.ts';

/** Admins cannot pay by card through the customer checkout (spec 3 §2 "Checkout", §6). */
export function AdminCardBlockedModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('checkout.adminCardBlocked.header')}
      footer={<Button onClick={onClose}>{t('checkout.adminCardBlocked.close')}</Button>}
    >
      <p>{t('checkout.adminCardBlocked.body')}</p>
    </Modal>
  );
}
