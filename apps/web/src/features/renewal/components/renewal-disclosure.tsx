import type { RenewalChangeRequest } from '@forecourt/contracts/policies';
import type { Section } from '@forecourt/contracts/product-config';
import type { Proposal } from '@forecourt/contracts/proposals';
import { additionalProfiles } from '@forecourt/domain/proposal/readers';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Page } from '../../../app/page/page.tsx';
import {
  type AnswersChange,
  AnswersSectionForm,
} from '../../../forms/disclosure/components/answers-section-form.tsx';
import { nextProfileCode } from '../../../forms/disclosure/engine/sections.ts';
import type { ProposalDataLike } from '../../../forms/disclosure/engine/values.ts';
import { useConfig } from '../../../lib/config.tsx';
import { Button, Notification } from '../../../ui/index.ts';
import { useChangeRenewal } from '../api/renewal.ts';
import styles from '../renewal.module.css';
import { sectionTitle, useRenewalSections } from './renewal-sections.ts';

/**
 * disclosure/* of a renewal (spec 3 §2 Renewal, ADR 330): the index goes to the first applicable section;
 * section/{id} is the section's form over the renewal's answers (read-only answers shown read-only); the
 * additional-drivers section lists the drivers, profile/{code} changes one and profile adds one. Saving
 * re-rates the renewal (capped) and returns to the renewal quote. Unknown sections go back to the renewal.
 */
export function RenewalDisclosure({
  proposal,
  root,
  path,
}: {
  proposal: Proposal;
  root: string;
  path: string;
}) {
  const { productConfig } = useConfig();
  const sections = useRenewalSections(proposal);
  const base = `${root}/disclosure`;
  const [, sectionId, profile, profileCode] =
    /^section\/([a-z0-9-]+)(?:\/(profile)(?:\/(p\d))?)?$/.exec(path) ?? [];
  if (path === '') return <Navigate to={sections[0] ? `${base}/section/${sections[0].id}` : root} replace />;
  const section = sections.find((s) => s.id === sectionId);
  if (!section) return <Navigate to={root} replace />;
  const here = `${base}/section/${section.id}`;
  const drivers = section.disclosureType === 'ADDITIONAL_PROFILE';
  if (drivers && !profile) return <DriverList proposal={proposal} root={root} section={section} />;
  if (!drivers && profile) return <Navigate to={here} replace />;
  const answers = proposal.data as ProposalDataLike;
  const code = drivers
    ? (profileCode ?? nextProfileCode(answers, productConfig.maxAdditionalProfiles))
    : 'policyholder';
  const exists = !profileCode || additionalProfiles(answers).some((p) => p.profileCode === profileCode);
  if (!code || !exists) return <Navigate to={here} replace />;
  return (
    <SectionPage
      key={`${section.id}/${code}`}
      proposal={proposal}
      back={drivers ? here : root}
      section={section}
      profileCode={code}
      isNew={drivers && !profileCode}
    />
  );
}

function SectionPage(props: {
  proposal: Proposal;
  back: string;
  section: Section;
  profileCode: string;
  isNew: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { proposal, section, profileCode, isNew } = props;
  const change = useChangeRenewal(proposal.proposalCode);
  // Saved (or nothing changed): back, where the renewal shows its new price or the referral; a refusal stays.
  const save = async (changes: AnswersChange[]) => {
    const saved =
      changes.length === 0 ||
      (await change.mutateAsync({ changes: changes as RenewalChangeRequest['changes'] }).then(
        () => true,
        () => false,
      ));
    if (saved) navigate(props.back);
  };
  const header = isNew
    ? t('quote.additionalDrivers.addHeader')
    : profileCode === 'policyholder'
      ? t(sectionTitle(section))
      : t('quote.additionalDrivers.editHeader');
  return (
    <Page
      back={{ to: props.back, label: t('renewal.disclosure.back') }}
      upperHeader={t('renewal.upperHeader')}
      header={header}
      subheader={t('renewal.disclosure.subheader')}
      width="narrow"
      data-page={`renewal-section-${section.id}`}
    >
      {change.isError && <Notification variant="critical">{change.error.message}</Notification>}
      <AnswersSectionForm
        section={section}
        answers={proposal.data as ProposalDataLike}
        schemeCode={proposal.schemeCode}
        profileCode={profileCode}
        isNew={isNew}
        submitLabel={t('renewal.disclosure.save')}
        onSave={save}
        actions={
          <Button to={props.back} variant="tertiary">
            {t('renewal.disclosure.cancel')}
          </Button>
        }
      />
    </Page>
  );
}

/** The named drivers of the renewal: change one, remove one (re-rated at once), add one. */
function DriverList({ proposal, root, section }: { proposal: Proposal; root: string; section: Section }) {
  const { t } = useTranslation();
  const { productConfig } = useConfig();
  const change = useChangeRenewal(proposal.proposalCode);
  const drivers = additionalProfiles(proposal.data as ProposalDataLike);
  const remaining = productConfig.maxAdditionalProfiles - drivers.length;
  const here = `${root}/disclosure/section/${section.id}`;
  return (
    <Page
      back={{ to: root, label: t('renewal.disclosure.back') }}
      upperHeader={t('renewal.upperHeader')}
      header={t(sectionTitle(section))}
      subheader={t('renewal.disclosure.subheader')}
      width="narrow"
      data-page={`renewal-section-${section.id}`}
    >
      <div className={styles.stack} data-testid="renewal-drivers">
        {drivers.length === 0 && <p className={styles.muted}>{t('renewal.disclosure.noDrivers')}</p>}
        <ul className={styles.list}>
          {drivers.map((p) => (
            <li key={p.profileCode} className={styles.row} data-profile={p.profileCode}>
              <strong>
                {String(p.data?.firstName ?? '')} {String(p.data?.lastName ?? '')}
              </strong>
              <span className={styles.actions}>
                <Button variant="tertiary" layout="small" to={`${here}/profile/${p.profileCode}`}>
                  {t('renewal.disclosure.change')}
                </Button>
                <Button
                  variant="ghost"
                  layout="small"
                  loading={change.isPending}
                  onClick={() =>
                    change.mutate({ changes: [{ changeType: 'REMOVE_PROFILE', profileCode: p.profileCode }] })
                  }
                >
                  {t('quote.additionalDrivers.remove')}
                </Button>
              </span>
            </li>
          ))}
        </ul>
        {change.isError && <Notification variant="critical">{change.error.message}</Notification>}
        <div className={styles.actions}>
          {remaining > 0 && (
            <Button variant="secondary" to={`${here}/profile`}>
              {t('quote.additionalDrivers.add')}
            </Button>
          )}
          <Button to={root} variant="tertiary">
            {t('renewal.disclosure.done')}
          </Button>
        </div>
        <p className={styles.muted}>
          {remaining > 0
            ? t('quote.additionalDrivers.remaining', { count: remaining })
            : t('quote.additionalDrivers.full')}
        </p>
      </div>
    </Page>
  );
}
