import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showGlobalError } from '../../../app/errors/global-errors.ts';
import type { AuthClient } from '../../../lib/auth/auth-client.ts';
import { useAuth } from '../../../lib/auth/auth-context.tsx';
import { useConfig } from '../../../lib/config.tsx';
import { ANONYMOUS_TOKEN_KEY } from '../../../lib/session/anonymous-session.ts';
import { Spinner } from '../../../ui/index.ts';
import { mergeAnonymousQuotes } from '../api/merge-anonymous-quotes.ts';

const handled = new Map<string, Promise<string>>();

async function complete(client: AuthClient, admin: boolean): Promise<string> {
  const returnTo = await client.handleSignInCallback();
  if (window.parent !== window || admin) return returnTo; // a silent frame, or staff: no quotes to move
  const stored = window.sessionStorage.getItem(ANONYMOUS_TOKEN_KEY);
  const anonymous = stored ? (JSON.parse(stored) as { accessToken?: string }).accessToken : undefined;
  const token = await client.getTokenSilently();
  if (token) await mergeAnonymousQuotes(anonymous, token).catch(() => undefined);
  return returnTo;
}

/** /callback: completes sign-in, moves the visitor's quotes into the account, returns to the saved path. */
export function CallbackPage() {
  const { t } = useTranslation();
  const { client } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { features, basename } = useConfig();
  useEffect(() => {
    const key = window.location.search;
    let run = handled.get(key);
    if (!run) {
      run = complete(client, features.isAdmin);
      handled.set(key, run);
    }
    let live = true;
    run.then(
      (returnTo) => {
        if (!live || window.parent !== window) return;
        // The admin gate sits outside the router: it re-reads the location on a fresh load.
        if (features.isAdmin) return window.location.replace(`${basename.replace(/\/$/, '')}${returnTo}`);
        void queryClient.invalidateQueries();
        navigate(returnTo, { replace: true });
      },
      () => {
        if (!live || window.parent !== window) return;
        showGlobalError('SIGN_IN_FAILED');
        navigate('/', { replace: true });
      },
    );
    return () => {
      live = false;
    };
  }, [client, navigate, queryClient, features.isAdmin, basename]);
  return (
    <section data-page="callback" style={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
      <Spinner label={t('auth.completing')} />
    </section>
  );
}
