import type { Policy } from '@forecourt/contracts/policies';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Modal, Notification } from '../../../ui/index.ts';

/** Spec 3 §4 step 9 (ADR 301): without the permission flag a customer's change routes show the blocked modal. */
export const adjustmentsBlocked = (policy: Policy, isAdmin: boolean) =>
  policy.adjustmentsAllowed === false && !isAdmin;

export function AdjustmentsBlockedModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('policy.adjustmentsBlocked.header')}
      footer={<Button onClick={onClose}>{t('policy.changeBlocked.close')}</Button>}
    >
      <p data-testid="adjustments-blocked-modal">{t('policy.adjustmentsBlocked.body')}</p>
    </Modal>
  );
}

/** The management, excess, add-ons and review routes when the flag is off: the notice, and the modal over it. */
export function AdjustmentsBlocked({ root }: { root: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid="adjustments-blocked">
      <Notification variant="warning" title={t('policy.adjustmentsBlocked.header')}>
        {t('policy.adjustmentsBlocked.body')}
      </Notification>
      <AdjustmentsBlockedModal open onClose={() => navigate(root)} />
    </div>
  );
}
