import { useTranslation } from 'react-i18next';
import { hideNotAuthorised, useNotAuthorisedOpen } from '../../lib/auth/admin-guard.ts';
import { Button, Modal } from '../../ui/index.ts';

/** The not-authorised modal that `showNotAuthorised` (lib/auth/admin-guard.ts) opens. */
export function NotAuthorisedModal() {
  const { t } = useTranslation();
  const isOpen = useNotAuthorisedOpen();
  return (
    <Modal
      open={isOpen}
      onClose={hideNotAuthorised}
      variant="feedback"
      title={t('admin.notAuthorised.header')}
      footer={<Button onClick={hideNotAuthorised}>{t('admin.notAuthorised.ok')}</Button>}
    >
      <p data-testid="not-authorised">{t('admin.notAuthorised.body')}</p>
    </Modal>
  );
}
