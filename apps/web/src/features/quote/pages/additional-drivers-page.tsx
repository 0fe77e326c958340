import type { Section } from '@forecourt/contracts/product-config';
import type { Proposal } from '@forecourt/contracts/proposals';
import { additionalProfiles } from '@forecourt/domain/proposal/readers';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../app/page/page.tsx';
import { Button } from '../../../ui/index.ts';
import { useUpdateProposal } from '../api/use-proposal.ts';
import { ProgressSteps } from '../components/progress-steps.tsx';
import { useProduct } from '../hooks/use-product.ts';
import styles from './quote-pages.module.css';
import { useSectionNav } from './use-section-nav.ts';

/** The additional-drivers section: the list (up to the product's cap) with add, update and remove. */
export function AdditionalDriversPage({ proposal, section }: { proposal: Proposal; section: Section }) {
  const { t } = useTranslation();
  const product = useProduct();
  const nav = useSectionNav(proposal, section);
  const update = useUpdateProposal(proposal.proposalCode);
  const profiles = additionalProfiles(proposal.data);
  const remaining = product.maxAdditionalProfiles - profiles.length;
  const here = nav.sectionPath(section.id);
  return (
    <Page
      back={{ to: nav.backTo, label: t('quote.section.back') }}
      header={t('quote.section.additional-drivers.header')}
      subheader={t('quote.additionalDrivers.subheader')}
      width="narrow"
      data-page="section-additional-drivers"
    >
      <ProgressSteps sections={nav.sections} currentId={section.id} />
      <div className={styles.stack}>
        {profiles.length > 0 && (
          <ul className={styles.profiles}>
            {profiles.map((p) => (
              <li key={p.profileCode} className={styles.profile} data-profile={p.profileCode}>
                <strong>
                  {String(p.data.firstName ?? '')} {String(p.data.lastName ?? '')}
                </strong>
                <span className={styles.actions}>
                  <Button variant="tertiary" layout="small" to={`${here}/profile/${p.profileCode}`}>
                    {t('quote.additionalDrivers.update')}
                  </Button>
                  <Button
                    variant="ghost"
                    layout="small"
                    loading={update.isPending && update.variables?.changes[0]?.profileCode === p.profileCode}
                    onClick={() =>
                      update.mutate({
                        changes: [{ changeType: 'REMOVE_PROFILE', profileCode: p.profileCode }],
                      })
                    }
                  >
                    {t('quote.additionalDrivers.remove')}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
        {remaining > 0 ? (
          <>
            <Button variant="secondary" to={`${here}/profile`}>
              {t('quote.additionalDrivers.add')}
            </Button>
            <p className={styles.muted}>{t('quote.additionalDrivers.remaining', { count: remaining })}</p>
          </>
        ) : (
          <p className={styles.muted}>{t('quote.additionalDrivers.full')}</p>
        )}
        <Button layout="fixed" onClick={nav.goNext}>
          {t(
            profiles.length > 0
              ? 'quote.additionalDrivers.continue'
              : 'quote.additionalDrivers.continueWithout',
          )}
        </Button>
      </div>
    </Page>
  );
}
