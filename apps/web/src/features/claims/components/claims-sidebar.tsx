import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config.tsx';
import { Button, Notification } from '../../../ui/index.ts';
import { useFnolLink } from '../api/claims.ts';
import styles from '../claims.module.css';

export type ClaimsSidebarProps = {
  policyId: string;
  /** Opens the built-in form (used when the brand has no external notification service). */
  onReport: () => void;
  /** Where the external service returns to; defaults to this page. */
  returnPath?: string;
};

/**
 * The claims sidebar: the brand's 24/7 claims line and "report a claim", which opens the external
 * notification service when the brand's axitechFnol feature is on, else the built-in form.
 */
export function ClaimsSidebar({ policyId, onReport, returnPath }: ClaimsSidebarProps) {
  const { t } = useTranslation();
  const { contact, features } = useConfig();
  const link = useFnolLink();
  const [failed, setFailed] = useState(false);
  const report = async () => {
    if (!features.axitechFnol) return onReport();
    setFailed(false);
    try {
      const { url } = await link.mutateAsync({
        policyId,
        callbackUrl: returnPath ?? window.location.pathname,
        telephone: contact.claimsPhone,
        email: contact.email,
      });
      window.location.assign(url);
    } catch {
      setFailed(true);
    }
  };
  return (
    <div className={styles.sidebar}>
      <h2>{t('claims.sidebar.header')}</h2>
      <p>{t('claims.sidebar.body')}</p>
      <a className={styles.phone} href={`tel:${contact.claimsPhone.replace(/\s/g, '')}`}>
        {t('claims.sidebar.call', { phone: contact.claimsPhone })}
      </a>
      <Button variant="secondary" onClick={report} loading={link.isPending}>
        {t('claims.sidebar.report')}
      </Button>
      {failed && <Notification variant="warning">{t('claims.sidebar.linkError')}</Notification>}
    </div>
  );
}
