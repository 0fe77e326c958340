import { useTranslation } from 'react-i18next';
import { Button, Modal } from '../../ui/index.ts';
import { clearGlobalError, useGlobalError } from './global-errors.ts';

/** The one error modal (spec 1 §8): header and content keyed by error type. */
export function ErrorModal() {
  const { t } = useTranslation();
  const type = useGlobalError();
  const signIn = type === 'UNAUTHORIZED' || type === 'SIGN_IN_FAILED';
  return (
    <Modal
      open={type !== null}
      onClose={clearGlobalError}
      variant="feedback"
      title={type ? t(`errors.${type}.header`) : ''}
      footer={
        signIn ? (
          <Button to="/sign-in" onClick={clearGlobalError}>
            {t('errors.signIn')}
          </Button>
        ) : (
          <Button onClick={clearGlobalError}>{t('errors.ok')}</Button>
        )
      }
    >
      {type && (
        <p data-testid="error-modal" data-error-type={type}>
          {t(`errors.${type}.content`)}
        </p>
      )}
    </Modal>
  );
}
