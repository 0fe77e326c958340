import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../lib/config.tsx';
import { Button } from '../../ui/button/button.tsx';
import { Modal } from '../../ui/modal/modal.tsx';

let open = false;
const listeners = new Set<() => void>();
const set = (value: boolean) => {
  open = value;
  for (const l of listeners) l();
};

/** Opens the 'You are not authorised to perform this action.' modal (also for a 403 from the API). */
export const showNotAuthorised = () => set(true);

/**
 * A guard on actions admins may not perform (spec 1 §6): in admin mode it shows the not-authorised modal
 * instead of running the action.
 */
export function useAdminGuard() {
  const { features } = useConfig();
  return <A extends unknown[]>(action: (...args: A) => void) =>
    (...args: A) => {
      if (features.isAdmin) showNotAuthorised();
      else action(...args);
    };
}

export function NotAuthorisedModal() {
  const { t } = useTranslation();
  const isOpen = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
    () => false,
  );
  return (
    <Modal
      open={isOpen}
      onClose={() => set(false)}
      variant="feedback"
      title={t('admin.notAuthorised.header')}
      footer={<Button onClick={() => set(false)}>{t('admin.notAuthorised.ok')}</Button>}
    >
      <p data-testid="not-authorised">{t('admin.notAuthorised.body')}</p>
    </Modal>
  );
}
