import { schemeOf } from '@forecourt/domain/policy/product-kind';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../app/page/page.tsx';
import { isApiError } from '../../lib/api/errors.ts';
import { useAuth } from '../../lib/auth/auth-context.tsx';
import { useConfig } from '../../lib/config.tsx';
import { Button, Notification, Spinner } from '../../ui/index.ts';
import styles from './retrieve.module.css';
import { openPartnerQuote } from './retrieve-api.ts';

type State = 'opening' | 'gone' | 'missing' | 'unknown';

/** The token of the link, read once: it is in the fragment, so it never reaches a server log or a Referer. */
function takeToken(): string {
  const token = window.location.hash.replace(/^#/, '');
  // Not left in the address bar or the history once read.
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
}

/**
 * /quote-link#{token} (issue 31 part 2, ADR 363): a comparison site's deep link. The token is exchanged once for
 * the quote's session and the quote opens at its price, pre-filled. A link used before or past its 24 hours
 * says so kindly, with the way back to the quote (retrieve) or to a new one.
 */
export function QuoteLinkPage() {
  const { t } = useTranslation();
  const { schemes } = useConfig();
  const navigate = useNavigate();
  const { user, ready } = useAuth();
  const [token] = useState(takeToken);
  const [state, setState] = useState<State>(token ? 'opening' : 'missing');
  useEffect(() => {
    // Once the sign-in state is known: a signed-in customer's quote goes into their account.
    if (!token || !ready) return;
    openPartnerQuote(token, user !== null)
      .then(({ proposalCode, schemeCode }) => {
        const scheme = schemeOf(schemes, schemeCode);
        navigate(scheme ? `/${scheme.productUrlName}/proposal/${proposalCode}` : '/', { replace: true });
      })
      .catch((err: unknown) => setState(isApiError(err) && err.status === 410 ? 'gone' : 'unknown'));
  }, [token, ready, user, schemes, navigate]);

  if (state === 'opening')
    return (
      <Page header={t('quoteLink.header')} width="narrow" data-page="quote-link">
        <Spinner size="large" />
      </Page>
    );
  const first = schemes[0];
  return (
    <Page
      header={t(state === 'gone' ? 'quoteLink.gone.header' : 'quoteLink.problem.header')}
      width="narrow"
      data-page="quote-link"
    >
      <Notification variant={state === 'gone' ? 'info' : 'warning'}>
        {t(state === 'gone' ? 'quoteLink.gone.message' : `quoteLink.${state}.message`)}
      </Notification>
      <div className={styles.actions}>
        <Button to="/retrieve">{t('quoteLink.retrieve')}</Button>
        {first && (
          <Button variant="secondary" to={`/${first.productUrlName}`}>
            {t('quoteLink.newQuote')}
          </Button>
        )}
      </div>
    </Page>
  );
}
