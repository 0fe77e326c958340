import type { AdjustmentChange } from '@forecourt/contracts/adjustments';
import type { Policy } from '@forecourt/contracts/policies';
import type { Section } from '@forecourt/contracts/product-config';
import { additionalProfiles } from '@forecourt/domain/proposal/readers';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { AnswersSectionForm } from '../../../forms/disclosure/components/answers-section-form.tsx';
import { useFormContext } from '../../../forms/disclosure/components/use-form-context.ts';
import { managementSections, nextProfileCode } from '../../../forms/disclosure/engine/sections.ts';
import type { ProposalDataLike } from '../../../forms/disclosure/engine/values.ts';
import { useConfig } from '../../../lib/config.tsx';
import { Button, blocks, Notification } from '../../../ui/index.ts';
import '../change-texts.ts';
import { ChangeBlockedModal } from './change-blocked-modal.tsx';
import { WaitingChange } from './change-covers.tsx';
import { useSubmitChange } from './use-submit-change.tsx';

/**
 * What the cover is of (ADR 356): the car, how it is used and who drives it. "Change your cover" lists these;
 * "Update your details" the rest (you, your home, your driving, contact details).
 */
export const COVER_SECTIONS = ['your-car', 'using-the-car', 'additional-drivers'];
export type ManagementFocus = 'cover' | 'details';

const sectionTitle = (s: Section) => [`policy.manage.section.${s.id}`, `quote.progress.${s.progressStep}`];

/**
 * management/* of a live policy (spec 3 §2): the index lists the sections; section/{id} is the section's
 * form (the quote journey's, from `forms/`) over the policy's answers; an additional-driver section lists the
 * drivers, with profile/{code} to change one and profile to add one. Each change opens the review. In the
 * renewal window customers get the change-blocked modal (the API refuses too).
 */
export function ManagementPage({ policy, root, path }: { policy: Policy; root: string; path: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { productConfig, features } = useConfig();
  const answers = (policy.answers ?? {}) as ProposalDataLike;
  const ctx = useFormContext({ data: answers, schemeCode: policy.schemeCode });
  const sections = managementSections(productConfig.disclosures, ctx);
  const base = `${root}/management`;
  const [params] = useSearchParams();
  const focus = params.get('show') as ManagementFocus | null;
  const focused = sections.filter((s) => COVER_SECTIONS.includes(s.id) === (focus === 'cover'));
  const listed = focus && focused.length > 0 ? focused : sections;
  if (policy.inRenewalWindow === true && !features.isAdmin)
    return (
      <div data-testid="management-blocked">
        <Notification variant="warning" title={t('policy.changeBlocked.header')}>
          {t('policy.changeBlocked.body')}
        </Notification>
        <ChangeBlockedModal open onClose={() => navigate(root)} />
      </div>
    );
  const [, sectionId, profile, profileCode] =
    /^section\/([a-z0-9-]+)(?:\/(profile)(?:\/(p\d))?)?$/.exec(path) ?? [];
  if (path === '')
    return (
      <div className={blocks.stack} data-testid="management" data-focus={focus ?? 'all'}>
        <h2 className={blocks.sectionTitle}>
          {t(focus ? `policy.manage.header.${focus}` : 'policy.manage.header')}
        </h2>
        <p className={blocks.muted}>{t(focus ? `policy.manage.intro.${focus}` : 'policy.manage.intro')}</p>
        <WaitingChange policy={policy} what="details" />
        <ul className={blocks.list}>
          {listed.map((s) => (
            <li key={s.id}>
              <Link className={blocks.sideLink} to={`${base}/section/${s.id}`}>
                {t(sectionTitle(s))}
              </Link>
            </li>
          ))}
        </ul>
        <p>
          <Button to={root} variant="tertiary">
            {t('policy.adjust.back')}
          </Button>
        </p>
      </div>
    );
  const section = sections.find((s) => s.id === sectionId);
  if (!section) return <Navigate to={base} replace />;
  const profiles = section.disclosureType === 'ADDITIONAL_PROFILE';
  if (profiles && !profile) return <DriverList policy={policy} root={root} section={section} />;
  if (!profiles && profile) return <Navigate to={`${base}/section/${section.id}`} replace />;
  const code = profiles
    ? (profileCode ?? nextProfileCode(answers, productConfig.maxAdditionalProfiles))
    : 'policyholder';
  const exists = !profileCode || additionalProfiles(answers).some((p) => p.profileCode === profileCode);
  if (!code || !exists) return <Navigate to={`${base}/section/${section.id}`} replace />;
  return (
    <SectionForm
      key={`${section.id}/${code}`}
      policy={policy}
      root={root}
      section={section}
      profileCode={code}
      isNew={profiles && !profileCode}
    />
  );
}

function SectionForm({
  policy,
  root,
  section,
  profileCode,
  isNew,
}: {
  policy: Policy;
  root: string;
  section: Section;
  profileCode: string;
  isNew: boolean;
}) {
  const { t } = useTranslation();
  const answers = (policy.answers ?? {}) as ProposalDataLike;
  const { submit, make, modal, blocked } = useSubmitChange(policy, root);
  const driver = profileCode !== 'policyholder';
  const back = `${root}/management${isNew || driver ? `/section/${section.id}` : ''}`;
  return (
    <div className={blocks.stack} data-testid="management-section" data-section={section.id}>
      <h2 className={blocks.sectionTitle}>
        {isNew
          ? t('policy.manage.addDriver')
          : driver
            ? t('policy.manage.changeDriver')
            : t(sectionTitle(section))}
      </h2>
      {make.isError && !blocked && <Notification variant="critical">{make.error.message}</Notification>}
      <AnswersSectionForm
        section={section}
        answers={answers}
        schemeCode={policy.schemeCode}
        profileCode={profileCode}
        isNew={isNew}
        submitLabel={t('policy.adjust.seePrice')}
        onSave={(changes) => submit(changes as AdjustmentChange[])}
        actions={
          <Button to={back} variant="tertiary">
            {t('policy.adjust.back')}
          </Button>
        }
      />
      {modal}
    </div>
  );
}

/** The named drivers (spec 3 §2 additional profiles): change one, remove one (a change to review), add one. */
function DriverList({ policy, root, section }: { policy: Policy; root: string; section: Section }) {
  const { t } = useTranslation();
  const { productConfig } = useConfig();
  const answers = (policy.answers ?? {}) as ProposalDataLike;
  const drivers = additionalProfiles(answers);
  const remaining = productConfig.maxAdditionalProfiles - drivers.length;
  const here = `${root}/management/section/${section.id}`;
  const { submit, make, modal, blocked } = useSubmitChange(policy, root);
  return (
    <div className={blocks.stack} data-testid="management-drivers">
      <h2 className={blocks.sectionTitle}>{t(sectionTitle(section))}</h2>
      {drivers.length === 0 && <p className={blocks.muted}>{t('policy.manage.noDrivers')}</p>}
      <ul className={blocks.list}>
        {drivers.map((p) => (
          <li key={p.profileCode} className={blocks.row} data-profile={p.profileCode}>
            <span>
              {String(p.data?.firstName ?? '')} {String(p.data?.lastName ?? '')}
            </span>
            <span className={blocks.actions}>
              <Button variant="tertiary" layout="small" to={`${here}/profile/${p.profileCode}`}>
                {t('policy.manage.change')}
              </Button>
              <Button
                variant="ghost"
                layout="small"
                loading={make.isPending}
                onClick={() => submit([{ changeType: 'REMOVE_PROFILE', profileCode: p.profileCode }])}
              >
                {t('policy.manage.remove')}
              </Button>
            </span>
          </li>
        ))}
      </ul>
      {make.isError && !blocked && <Notification variant="critical">{make.error.message}</Notification>}
      <div className={blocks.actions}>
        {remaining > 0 && (
          <Button variant="secondary" to={`${here}/profile`}>
            {t('policy.manage.addDriver')}
          </Button>
        )}
        <Button to={`${root}/management`} variant="tertiary">
          {t('policy.manage.back')}
        </Button>
      </div>
      <p className={blocks.muted}>{t('policy.manage.remaining', { count: remaining })}</p>
      {modal}
    </div>
  );
}
