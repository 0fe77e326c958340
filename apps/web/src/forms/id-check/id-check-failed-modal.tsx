import { useTranslation } from 'react-i18next';
import { useConfig } from '../../lib/config.tsx';
import { Button, Modal } from '../../ui/index.ts';
import { ContactLink } from './contact-link.tsx';

/** 'ID check failed' (spec 3 §4 step 4, §8): unable to cover, with the brand's contact e-mail link. */
export function IdCheckFailedModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { contact } = useConfig();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('idCheck.failed.header')}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('idCheck.failed.close')}
        </Button>
      }
    >
      <p>{t('idCheck.failed.body', { email: contact.email })}</p>
      <p>
        <ContactLink label={t('idCheck.failed.contact', { email: contact.email })} />
      </p>
    </Modal>
  );
}
