import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './signed-in-home.module.css';

/**
 * The signed-in home (spec 2 §2): Policies and Proposals tabs with counts. Later issues fill the lists
 * (policy and proposal cards); until then both are empty.
 */
export function SignedInHome({
  policies = [],
  proposals = [],
}: {
  policies?: unknown[];
  proposals?: unknown[];
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState(0);
  const tabs = [
    { label: t('home.signedIn.policies', { count: policies.length }), empty: t('home.signedIn.noPolicies') },
    {
      label: t('home.signedIn.proposals', { count: proposals.length }),
      empty: t('home.signedIn.noProposals'),
    },
  ];
  return (
    <div className={styles.page} data-page="home-signed-in">
      <h1>{t('home.signedIn.header')}</h1>
      <div role="tablist" aria-label={t('home.signedIn.tabs')} className={styles.tabs}>
        {tabs.map((item, i) => (
          <button
            key={item.label}
            type="button"
            role="tab"
            aria-selected={tab === i}
            className={styles.tab}
            onClick={() => setTab(i)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" className={styles.panel}>
        <p>{tabs[tab]?.empty}</p>
      </div>
    </div>
  );
}
