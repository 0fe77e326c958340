import type { CheckName } from '@forecourt/contracts/checks';
import { useTranslation } from 'react-i18next';
import { ContactLink } from '../../../forms/id-check/contact-link.tsx';
import { useConfig } from '../../../lib/config.tsx';
import { Button, Modal } from '../../../ui/index.ts';

export type VerificationFailedModalProps = {
  open: boolean;
  /** The checks whose result was 'consider'. */
  failed: CheckName[];
  onClose: () => void;
};

/**
 * Verification not clear (spec 3 §4 step 6, §8): one specific message when a single check failed, the
 * default message (listing the failed checks) otherwise.
 */
export function VerificationFailedModal({ open, failed, onClose }: VerificationFailedModalProps) {
  const { t } = useTranslation();
  const { contact } = useConfig();
  const [only] = failed;
  const message =
    failed.length === 1 && only
      ? t(`verification.failed.${only}`)
      : t('verification.failed.default', {
          checks: failed.map((name) => t(`verification.check.${name}`)).join(', '),
        });
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('verification.failed.header')}
      footer={<Button onClick={onClose}>{t('verification.failed.close')}</Button>}
    >
      <p data-testid="verification-message">{message}</p>
      <p>
        <ContactLink label={t('verification.failed.contact', { email: contact.email })} />
      </p>
    </Modal>
  );
}
