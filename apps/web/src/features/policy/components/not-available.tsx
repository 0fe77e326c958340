import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config.tsx';
import { Button, Notification } from '../../../ui/index.ts';

/** A lifecycle page (cancel, changes, uploads) that its own issue has not built yet. */
export function NotAvailable({ root }: { root: string }) {
  const { t } = useTranslation();
  const { contact } = useConfig();
  return (
    <div data-testid="not-available">
      <Notification variant="info" title={t('policy.notAvailable.header')}>
        {t('policy.notAvailable.body', { phone: contact.phone })}
      </Notification>
      <p>
        <Button to={root} variant="secondary">
          {t('policy.notAvailable.back')}
        </Button>
      </p>
    </div>
  );
}
