import type { Policy } from '@forecourt/contracts/policies';
import { schemeOf } from '@forecourt/domain/policy/product-kind';
import { isEndedStatus } from '@forecourt/domain/status';
import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { Page } from '../../app/page/page.tsx';
import { useSessionUser } from '../../lib/auth/auth-context.tsx';
import { useConfig } from '../../lib/config.tsx';
import { londonDay, quoteOf } from '../../lib/policy-readers.ts';
import { schemeTerm } from '../../lib/price-term.ts';
import { Notification, Plate, Spinner, StatusBadge } from '../../ui/index.ts';
import { BillingTab, FINANCE_PERMISSION, FinanceTab, usePolicyAccount } from '../billing/index.ts';
import { CancelForm, CancellationConfirmation } from '../cancellation/index.ts';
import {
  AddOnsPage,
  AdjustmentPayment,
  AdjustmentResult,
  AdjustmentReview,
  AdjustmentsBlocked,
  adjustmentsBlocked,
  ExcessPage,
  ManagementPage,
  RenewalQuoted,
  renewalQuotedFor,
} from '../changes/index.ts';
import { DocumentsTab } from '../documents/index.ts';
import { UploadConfirmation, UploadsPage } from '../uploads/index.ts';
import { isMissing, usePolicy } from './api/policy.ts';
import { AutoRenewal, autoRenewalOffered } from './components/auto-renewal.tsx';
import { DetailsTab } from './components/details-tab.tsx';
import { StandingNotices } from './components/standing-notices.tsx';
import styles from './policy.module.css';
import { viewOf, visibleTabs } from './policy-view.ts';
import './texts.ts';

export type ClaimsSlot = (props: { policyId: string; policyNumber: string }) => ReactNode;

/**
 * The policy page /{product}/policy/{policyId}/* (spec 2 §2): the tabs its status allows, each a sub-path
 * (the first at the root); lifecycle sub-paths of a live policy; anything else back to the root. A missing
 * policy, or a RENEWED one, goes home. The claims tab is the claims area's, passed in by the route table.
 */
export function PolicyPage({ claims }: { claims?: ClaimsSlot }) {
  const { policyId = '', '*': subPath = '' } = useParams();
  const policy = usePolicy(policyId);
  const account = usePolicyAccount(policy.data?.policyNumber);
  if (policy.isError) {
    if (isMissing(policy.error)) return <Navigate to="/" replace />;
    return (
      <Page header="">
        <Notification variant="critical">{policy.error.message}</Notification>
      </Page>
    );
  }
  if (!policy.data || account.isPending) return <Spinner size="large" />;
  return (
    <PolicyView policy={policy.data} hasAccount={Boolean(account.data)} subPath={subPath} claims={claims} />
  );
}

function PolicyView({
  policy,
  hasAccount,
  subPath,
  claims,
}: {
  policy: Policy;
  hasAccount: boolean;
  subPath: string;
  claims?: ClaimsSlot | undefined;
}) {
  const { t } = useTranslation();
  const { schemes, features } = useConfig();
  const user = useSessionUser();
  const location = useLocation();
  const nav = useRef<HTMLElement>(null);
  // On a phone the tabs scroll sideways: keep the current one in sight.
  // biome-ignore lint/correctness/useExhaustiveDependencies: after each navigation between tabs.
  useEffect(() => {
    nav.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [location.pathname]);
  const status = policy.policyDetail.policyStatus;
  // The finance team's impersonate-billing tab: staff with `finance`, in the admin app, on a policy with an account.
  const finance = features.isAdmin && hasAccount && (user?.permissions.includes(FINANCE_PERMISSION) ?? false);
  const onFinance = finance && subPath.replace(/^\/+|\/+$/g, '') === 'finance';
  if (status === 'RENEWED') return <Navigate to="/" replace />;
  const scheme = schemeOf(schemes, policy.schemeCode);
  const product = scheme?.productUrlName ?? location.pathname.split('/')[1] ?? '';
  const root = `/${product}/policy/${policy.policyId}`;
  const tabs = visibleTabs(policy, scheme?.product ?? 'SUBSCRIPTION', hasAccount);
  const view = onFinance ? ({ kind: 'none' } as const) : viewOf(subPath, policy, tabs);
  if (view.kind === 'root') return <Navigate to={root} replace />;
  const vrn = quoteOf(policy).vrn;
  const ending =
    policy.policyDetail.terminatedAt && !isEndedStatus(status) ? policy.policyDetail.terminatedAt : null;
  const confirming = view.kind === 'lifecycle' && view.path === 'cancel/confirm';

  // The change routes need the permission flag (spec 3 §4 step 9, ADR 301); a change already paid shows on.
  const changeRoute =
    view.kind === 'management' ||
    (view.kind === 'adjustment' && !view.result && !view.payment) ||
    (view.kind === 'lifecycle' && (view.path === 'excess' || view.path === 'add-ons'));

  // Staff changing a policy whose renewal is quoted are told the change does not reach it (ADR 404).
  const renewalQuoted =
    changeRoute || (view.kind === 'adjustment' && view.result)
      ? renewalQuotedFor(policy, features.isAdmin)
      : null;

  let content: ReactNode = <p>{t('policy.noTabs')}</p>;
  if (changeRoute && adjustmentsBlocked(policy, features.isAdmin))
    content = <AdjustmentsBlocked root={root} />;
  else if (view.kind === 'lifecycle' && view.path === 'cancel')
    content = <CancelForm policy={policy} root={root} />;
  else if (view.kind === 'lifecycle' && view.path === 'cancel/confirm')
    content = <CancellationConfirmation policy={policy} root={root} />;
  else if (view.kind === 'lifecycle' && view.path === 'add-ons')
    content = <AddOnsPage policy={policy} root={root} />;
  else if (view.kind === 'lifecycle' && view.path === 'excess')
    content = <ExcessPage policy={policy} root={root} />;
  else if (view.kind === 'adjustment' && view.payment)
    content = <AdjustmentPayment adjustmentId={view.adjustmentId} policyId={policy.policyId} root={root} />;
  else if (view.kind === 'adjustment' && view.result)
    content = <AdjustmentResult adjustmentId={view.adjustmentId} root={root} />;
  else if (view.kind === 'adjustment')
    content = <AdjustmentReview adjustmentId={view.adjustmentId} root={root} policy={policy} />;
  else if (view.kind === 'management')
    content = (
      <Suspense fallback={<Spinner size="large" />}>
        <ManagementPage policy={policy} root={root} path={view.path} />
      </Suspense>
    );
  else if (view.kind === 'lifecycle' && view.path === 'uploads')
    content = <UploadsPage policy={policy} root={root} />;
  else if (view.kind === 'lifecycle' && view.path === 'uploads/confirm')
    content = <UploadConfirmation policyId={policy.policyId} root={root} />;
  else if (view.kind === 'tab' && view.tab === 'details')
    content = (
      <DetailsTab
        policy={policy}
        root={root}
        productName={scheme?.name ?? policy.schemeCode}
        term={schemeTerm(scheme)}
      />
    );
  else if (view.kind === 'tab' && view.tab === 'documents') content = <DocumentsTab policy={policy} />;
  else if (view.kind === 'tab' && view.tab === 'billing') content = <BillingTab policy={policy} />;
  else if (view.kind === 'tab' && view.tab === 'claims')
    content = claims?.({ policyId: policy.policyId, policyNumber: policy.policyNumber }) ?? null;
  else if (onFinance) content = <FinanceTab policy={policy} />;

  return (
    <Page
      data-page="policy"
      back={{ to: '/', label: t('policy.back') }}
      upperHeader={scheme?.name}
      header={t('policy.header', { policyNumber: policy.policyNumber })}
      subheader={
        <span className={styles.subheader}>
          {vrn && <Plate vrn={String(vrn)} />}
          <StatusBadge variant={status === 'ACTIVE' ? 'success' : status === 'PENDING' ? 'info' : 'default'}>
            {t(`policy.status.${status}`)}
          </StatusBadge>
        </span>
      }
    >
      {ending && !confirming && (
        <Notification variant="warning" title={t('policy.ending.header')}>
          {t('policy.ending.body', { date: londonDay(ending) })}
        </Notification>
      )}
      {!confirming && (
        <StandingNotices
          policy={policy}
          root={root}
          onBilling={view.kind === 'tab' && view.tab === 'billing'}
        />
      )}
      {autoRenewalOffered(policy) && <AutoRenewal policy={policy} />}
      {tabs.length > 0 && (
        <nav ref={nav} aria-label={t('policy.tabs')} className={styles.tabs}>
          {tabs.map((tab, i) => {
            const to = i === 0 ? root : `${root}/${tab}`;
            const current = view.kind === 'tab' && view.tab === tab;
            return (
              <Link
                key={tab}
                to={to}
                className={styles.tab}
                aria-current={current ? 'page' : undefined}
                data-tab={tab}
              >
                {t(`policy.tab.${tab}`)}
              </Link>
            );
          })}
          {finance && (
            <Link
              to={`${root}/finance`}
              className={styles.tab}
              aria-current={onFinance ? 'page' : undefined}
              data-tab="finance"
            >
              {t('policy.tab.finance')}
            </Link>
          )}
        </nav>
      )}
      <div
        className={styles.panel}
        data-view={onFinance ? 'finance' : view.kind === 'tab' ? view.tab : view.kind}
      >
        {renewalQuoted && <RenewalQuoted code={renewalQuoted} product={product} />}
        {content}
      </div>
    </Page>
  );
}
