import type { AdjustmentChange } from '@forecourt/contracts/adjustments';
import type { Policy } from '@forecourt/contracts/policies';
import type { Question, Section } from '@forecourt/contracts/product-config';
import { SPREAD_KEYS } from '@forecourt/domain/forms/types';
import {
  MTA_CLAIMS_PERMISSION,
  type PolicyEditor,
  readOnlyOnPolicy,
} from '@forecourt/domain/policy/read-only';
import { additionalProfiles } from '@forecourt/domain/proposal/readers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { DisclosureForm } from '../../../forms/disclosure/components/disclosure-form.tsx';
import { useFormContext } from '../../../forms/disclosure/components/use-form-context.ts';
import { applicableSections, nextProfileCode } from '../../../forms/disclosure/engine/sections.ts';
import { getPath } from '../../../forms/disclosure/engine/types.ts';
import {
  type Change,
  initialValues,
  type ProposalDataLike,
  profileData,
  toChanges,
} from '../../../forms/disclosure/engine/values.ts';
import { useSessionUser } from '../../../lib/auth/auth-context.tsx';
import { useConfig } from '../../../lib/config.tsx';
import { Button, Notification } from '../../../ui/index.ts';
import styles from '../policy.module.css';
import { ChangeBlockedModal } from './auto-renewal.tsx';
import { useSubmitChange } from './change-covers.tsx';

type Target = 'profile' | 'additionalProfile';

/**
 * The sections a policy's answers can be changed in (spec 3 §2 "Management"; ADR 255): the product
 * configuration's disclosure sections that apply to a signed-in holder and hold answers about the car or the
 * drivers. Promotions and the start date (its own change type, by phone for now) are not changed here.
 */
export function managementSections(sections: Section[], ctx: Parameters<typeof applicableSections>[1]) {
  return applicableSections(sections, ctx).filter(
    (s) =>
      s.disclosureType !== 'PROMOTION' &&
      s.questions.some((q) => q.target === 'asset' || q.target === 'profile' || q.target === undefined),
  );
}

/** Whether a question shows read-only for this editor (the domain's rule, per answer path it writes). */
export function questionReadOnly(q: Question, target: Target, editor: PolicyEditor): boolean {
  const where = q.target === 'asset' ? 'asset' : q.target === 'quote' ? 'quote' : target;
  const paths =
    q.target === 'none'
      ? q.derivedFrom
        ? [q.derivedFrom]
        : []
      : q.spread
        ? [...(SPREAD_KEYS[q.input] ?? [])]
        : [q.path ?? q.id];
  return paths.some((p) => readOnlyOnPolicy(where, p, editor));
}

/** Stable comparison of two answers (key order and missing versus null do not count). */
const canonical = (v: unknown): string =>
  JSON.stringify(v ?? null, (_, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(
          Object.entries(x as Record<string, unknown>)
            .filter(([, y]) => y !== null && y !== undefined)
            .sort(([a], [b]) => a.localeCompare(b)),
        )
      : x,
  );

/** The changes whose value differs from the policy's current answer (only what changed is sent). */
export function changedOnly(changes: Change[], answers: ProposalDataLike): Change[] {
  return changes.filter((c) => {
    const source =
      c.changeType === 'ASSET_DISCLOSURE_CHANGE'
        ? answers.asset
        : c.changeType === 'QUOTE_DISCLOSURE_CHANGE'
          ? answers.quote
          : profileData(answers, c.profileCode ?? 'policyholder');
    return canonical(getPath(source, c.update.path)) !== canonical(c.update.value);
  });
}

const changeTarget = (c: Change, target: Target) =>
  c.changeType === 'ASSET_DISCLOSURE_CHANGE'
    ? 'asset'
    : c.changeType === 'QUOTE_DISCLOSURE_CHANGE'
      ? 'quote'
      : target;

function useEditor(): PolicyEditor {
  const { features } = useConfig();
  const user = useSessionUser();
  const claims = features.isAdmin && (user?.permissions.includes(MTA_CLAIMS_PERMISSION) ?? false);
  return useMemo(() => ({ staff: features.isAdmin, claims }), [features.isAdmin, claims]);
}

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
      <div className={styles.stack} data-testid="management">
        <h2 className={styles.sectionTitle}>{t('policy.manage.header')}</h2>
        <p className={styles.muted}>{t('policy.manage.intro')}</p>
        <ul className={styles.list}>
          {sections.map((s) => (
            <li key={s.id}>
              <Link className={styles.sideLink} to={`${base}/section/${s.id}`}>
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
  const { productConfig } = useConfig();
  const editor = useEditor();
  const answers = (policy.answers ?? {}) as ProposalDataLike;
  const ctx = useFormContext({ data: answers, schemeCode: policy.schemeCode });
  const { submit, make, modal, blocked } = useSubmitChange(policy, root);
  const target: Target = profileCode === 'policyholder' ? 'profile' : 'additionalProfile';
  // A new driver discloses everything, claims included (ADR 255).
  const readOnly = useMemo(
    () =>
      new Set(
        isNew ? [] : section.questions.filter((q) => questionReadOnly(q, target, editor)).map((q) => q.id),
      ),
    [isNew, section, target, editor],
  );
  const defaults = useMemo(
    () => initialValues(section, answers, profileCode),
    [section, answers, profileCode],
  );
  const back = `${root}/management${isNew || target === 'additionalProfile' ? `/section/${section.id}` : ''}`;
  return (
    <div className={styles.stack} data-testid="management-section" data-section={section.id}>
      <h2 className={styles.sectionTitle}>
        {isNew
          ? t('policy.manage.addDriver')
          : target === 'additionalProfile'
            ? t('policy.manage.changeDriver')
            : t(sectionTitle(section))}
      </h2>
      {make.isError && !blocked && <Notification variant="critical">{make.error.message}</Notification>}
      <DisclosureForm
        section={section}
        defaultValues={defaults}
        ctx={ctx}
        optionSets={productConfig.optionSets}
        startDate={productConfig.startDate}
        readOnly={readOnly}
        submitLabel={t('policy.adjust.seePrice')}
        onSubmit={(values) => {
          const changes = toChanges(section, values, ctx, profileCode).filter(
            (c) => isNew || !readOnlyOnPolicy(changeTarget(c, target), c.update.path, editor),
          );
          if (isNew)
            return submit([
              { changeType: 'ADDITIONAL_PROFILE_CREATE_CHANGE', profileCode },
              ...(changes as AdjustmentChange[]),
            ]);
          return submit(changedOnly(changes, answers) as AdjustmentChange[]);
        }}
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
    <div className={styles.stack} data-testid="management-drivers">
      <h2 className={styles.sectionTitle}>{t(sectionTitle(section))}</h2>
      {drivers.length === 0 && <p className={styles.muted}>{t('policy.manage.noDrivers')}</p>}
      <ul className={styles.list}>
        {drivers.map((p) => (
          <li key={p.profileCode} className={styles.row} data-profile={p.profileCode}>
            <span>
              {String(p.data?.firstName ?? '')} {String(p.data?.lastName ?? '')}
            </span>
            <span className={styles.actions}>
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
      <div className={styles.actions}>
        {remaining > 0 && (
          <Button variant="secondary" to={`${here}/profile`}>
            {t('policy.manage.addDriver')}
          </Button>
        )}
        <Button to={`${root}/management`} variant="tertiary">
          {t('policy.manage.back')}
        </Button>
      </div>
      <p className={styles.muted}>{t('policy.manage.remaining', { count: remaining })}</p>
      {modal}
    </div>
  );
}
