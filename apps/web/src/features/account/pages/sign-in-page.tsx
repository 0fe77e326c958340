import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { showGlobalError } from '../../../app/errors/global-errors.ts';
import { useAuth } from '../../../lib/auth/auth-context.tsx';
import { Spinner } from '../../../ui/index.ts';
import { sessionExpired } from '../session-expired.ts';

let started = false;

/** /sign-in: redirects to the identity provider; afterwards the callback goes home (or to returnTo). */
export function SignInPage() {
  const { t } = useTranslation();
  const { client } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const returnTo = params.get('returnTo') ?? '/';
  useEffect(() => {
    if (started) return;
    started = true;
    sessionExpired.clear();
    client.signIn(returnTo).catch(() => {
      started = false;
      showGlobalError('SIGN_IN_FAILED');
      navigate('/', { replace: true });
    });
  }, [client, returnTo, navigate]);
  return (
    <section data-page="sign-in" style={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
      <Spinner label={t('auth.signingIn')} />
    </section>
  );
}
