import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../lib/config.tsx';
import { Button, Modal } from '../../ui/index.ts';

/**
 * The help chat opened from the main menu (spec 1 §1). A stand-in until a chat provider is chosen: contact
 * details and a request to chat. Admins get a chat that does nothing: the shell never opens it for them.
 */
export function ChatPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { contact } = useConfig();
  const [requested, setRequested] = useState(false);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('chat.header')}
      footer={
        <Button onClick={() => setRequested(true)} disabled={requested}>
          {t('chat.start')}
        </Button>
      }
    >
      <div data-testid="chat-panel">
        <p>{t('chat.body')}</p>
        <p>
          <a href={`tel:${contact.phone.replace(/\s/g, '')}`}>{t('chat.phone', { phone: contact.phone })}</a>
          <br />
          <a href={`mailto:${contact.email}`}>{t('chat.email', { email: contact.email })}</a>
        </p>
        <p>{t('chat.claims', { phone: contact.claimsPhone })}</p>
        {requested && <p role="status">{t('chat.starting')}</p>}
      </div>
    </Modal>
  );
}
