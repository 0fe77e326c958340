import { riskMessage } from '@forecourt/domain/risk/messages';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api/errors.ts';
import { Notification } from '../../../ui/index.ts';

/** A 400 from the proposals API lists its field errors (message keys) so the visitor can fix them. */
export function ServerErrors({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!isApiError(error) || !error.fieldErrors) return null;
  const messages = [...new Set(Object.values(error.fieldErrors).flat())];
  return (
    <Notification variant="critical" title={t('quote.serverErrors.header')}>
      <ul>
        {messages.map((key) => (
          <li key={key}>{t(key, { defaultValue: riskMessage(key) })}</li>
        ))}
      </ul>
    </Notification>
  );
}
