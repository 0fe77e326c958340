import { useTranslation } from 'react-i18next';
import { Button, Modal } from '../../../ui/index.ts';

/** Server validation messages of a section (spec 3 §4 step 2). */
export function ValidationFailureModal({ messages, onClose }: { messages: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={messages.length > 0}
      onClose={onClose}
      title={t('quote.validationFailed.header')}
      footer={<Button onClick={onClose}>{t('quote.validationFailed.close')}</Button>}
    >
      <ul>
        {messages.map((m) => (
          <li key={m}>{t(`quote.${m}`, { defaultValue: m })}</li>
        ))}
      </ul>
    </Modal>
  );
}
