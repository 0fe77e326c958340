import { useTranslation } from 'react-i18next';
import { Button, Modal } from '../../../ui/index.ts';

/** During the renewal window customers cannot change the policy themselves (spec 3 §4, §8). */
export function ChangeBlockedModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('policy.changeBlocked.header')}
      footer={<Button onClick={onClose}>{t('policy.changeBlocked.close')}</Button>}
    >
      <p>{t('policy.changeBlocked.body')}</p>
    </Modal>
  );
}
