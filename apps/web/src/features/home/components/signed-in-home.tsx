import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config.tsx';
import { Notification } from '../../../ui/index.ts';
import { useMyPolicies } from '../api/list-my-policies.ts';
import { useMyProposals } from '../api/list-my-proposals.ts';
import { useRedirectFlowLanding } from '../api/redirect-flow-landing.ts';
import { homeProposals } from '../proposal-cards.ts';
import { startableSchemes, takenSchemeCodes } from '../startable-schemes.ts';
import { HomeBanners } from './home-banners.tsx';
import { OutstandingBalance } from './outstanding-balance.tsx';
import { PolicyCards } from './policy-cards.tsx';
import { RenewalBanners } from './renewal-banners.tsx';
import styles from './signed-in-home.module.css';
import { StartAQuote } from './start-a-quote.tsx';
import { YourQuotes } from './your-quotes.tsx';

/**
 * The signed-in home (spec 2 §2): Policies and Proposals tabs, each with its count, filled from
 * GET /api/policies and GET /api/proposals, with the banners above and the start-a-quote cards below.
 */
export function SignedInHome() {
  const { t } = useTranslation();
  const [tab, setTab] = useState(0);
  const policies = useMyPolicies();
  const allProposals = useMyProposals().data ?? [];
  const proposals = homeProposals(allProposals);
  const policyList = policies.data ?? [];
  const directDebit = useRedirectFlowLanding();
  const config = useConfig();
  const schemes = startableSchemes(config.schemes, {
    multiQuote: config.features.multiQuote,
    takenSchemeCodes: takenSchemeCodes(allProposals, policyList),
  });
  const tabs = [
    { id: 'policies', label: t('home.signedIn.policies', { count: policyList.length }) },
    { id: 'proposals', label: t('home.signedIn.proposals', { count: proposals.length }) },
  ];
  return (
    <div className={styles.page} data-page="home-signed-in">
      <h1>{t('home.signedIn.header')}</h1>
      {directDebit === 'done' && <Notification variant="success">{t('home.directDebit.done')}</Notification>}
      {directDebit === 'failed' && (
        <Notification variant="critical">{t('home.directDebit.failed')}</Notification>
      )}
      <OutstandingBalance policies={policyList} />
      <HomeBanners policies={policyList} proposals={allProposals} />
      <RenewalBanners policies={policyList} proposals={allProposals} />
      <div role="tablist" aria-label={t('home.signedIn.tabs')} className={styles.tabs}>
        {tabs.map((item, i) => (
          <button
            key={item.id}
            id={`home-tab-${item.id}`}
            type="button"
            role="tab"
            aria-selected={tab === i}
            aria-controls={`home-panel-${item.id}`}
            className={styles.tab}
            onClick={() => setTab(i)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`home-panel-${tabs[tab]?.id}`}
        aria-labelledby={`home-tab-${tabs[tab]?.id}`}
        className={styles.panel}
      >
        {tab === 0 ? (
          policies.isError ? (
            <p role="alert">{t('home.signedIn.loadError')}</p>
          ) : policyList.length > 0 ? (
            <PolicyCards policies={policyList} />
          ) : (
            policies.isSuccess && <p>{t('home.signedIn.noPolicies')}</p>
          )
        ) : proposals.length > 0 ? (
          <YourQuotes proposals={proposals} bare />
        ) : (
          <p>{t('home.signedIn.noProposals')}</p>
        )}
      </div>
      <StartAQuote schemes={schemes} />
    </div>
  );
}
