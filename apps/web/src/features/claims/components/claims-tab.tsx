import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Notification, SidebarLayout } from '../../../ui/index.ts';
import styles from '../claims.module.css';
import '../texts.ts';
import { ClaimsList } from './claims-list.tsx';
import { ClaimsSidebar } from './claims-sidebar.tsx';
import { FnolForm } from './fnol-form.tsx';

export type ClaimsTabProps = { policyId: string; policyNumber: string };

/**
 * The policy page's claims tab (spec 2 §2): the list and the claims sidebar; the built-in FNOL form opens in
 * place. After the external service returns (`?claimReference=`), the reference is shown.
 */
export function ClaimsTab({ policyId, policyNumber }: ClaimsTabProps) {
  const { t } = useTranslation();
  const [reporting, setReporting] = useState(false);
  const [params] = useSearchParams();
  const returned = params.get('claimReference');
  return (
    <SidebarLayout
      sidebarLabel={t('claims.sidebar.header')}
      sidebar={<ClaimsSidebar policyId={policyId} onReport={() => setReporting(true)} />}
    >
      <h1>{t('claims.header')}</h1>
      <div className={styles.stack}>
        {returned && (
          <Notification variant="success">{t('claims.returned', { reference: returned })}</Notification>
        )}
        {reporting && (
          <FnolForm policyId={policyId} policyNumber={policyNumber} onCancel={() => setReporting(false)} />
        )}
        <ClaimsList policyNumber={policyNumber} />
      </div>
    </SidebarLayout>
  );
}
