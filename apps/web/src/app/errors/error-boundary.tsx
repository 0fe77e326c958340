import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import styles from './error-boundary.module.css';

/** What a visitor sees when rendering fails: an apology and a way back, never a blank page. */
export function ErrorFallback() {
  const { t } = useTranslation();
  return (
    <section className={styles.fallback} role="alert">
      <h1 className={styles.title}>{t('errors.boundary.header')}</h1>
      <p className={styles.body}>{t('errors.boundary.content')}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={() => window.location.reload()}>
          {t('errors.boundary.reload')}
        </button>
        <a className={styles.link} href="/">
          {t('errors.boundary.home')}
        </a>
      </div>
    </section>
  );
}

/** Route-level errors (a failed lazy chunk, a loader error). A 404 response goes home via the router. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) window.location.replace('/');
  return <ErrorFallback />;
}

/** Catches render errors outside the router (providers, the router itself). */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn('Render failed', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}
