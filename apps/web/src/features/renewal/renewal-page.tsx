import type { Policy } from '@forecourt/contracts/policies';
import type { Proposal } from '@forecourt/contracts/proposals';
import { formatRegistrationMark } from '@forecourt/domain/patterns';
import { schemeOf } from '@forecourt/domain/policy/product-kind';
import { isRenewal } from '@forecourt/domain/status';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { Page } from '../../app/page/page.tsx';
import { useConfig } from '../../lib/config.tsx';
import { journey } from '../../lib/i18n/journey.ts';
import { Button, Notification, Spinner } from '../../ui/index.ts';
import { useRenewalProposal, useRenewedPolicy } from './api/renewal.ts';
import { OptOut } from './components/opt-out.tsx';
import { RenewalQuote } from './components/renewal-quote.tsx';
import { renewalDay } from './renewal-day.ts';
import './texts.ts';

// The disclosure pages load with the journeys' texts (the questions), as the quote's and the policy's do.
const RenewalDisclosure = lazy(() =>
  journey(import('./components/renewal-disclosure.tsx')).then((m) => ({ default: m.RenewalDisclosure })),
);

/**
 * /{product}/renewal/{proposalCode}/* (spec 3 §2 Renewal): only for a renewal proposal whose policy is not
 * stopped and has auto-renewal on; otherwise home. Index: the renewal quote (QUOTE, POLICY), the referral
 * page (REFERRAL), or 'Renewal unsupported in status' (QUOTE_EXPIRED, INSUFFICIENT_ACCURACY); opt-out: the
 * opt-out page; disclosure/*: the sections of the renewal's answers while it is on offer (QUOTE; ADR 330).
 * Other sub-paths go back to the renewal.
 */
export function RenewalPage() {
  const { proposalCode = '', '*': subPath = '' } = useParams();
  const proposal = useRenewalProposal(proposalCode);
  const { schemes } = useConfig();
  const source = proposal.data?.sourcePolicy?.policyId;
  const policy = useRenewedPolicy(typeof source === 'string' ? source : undefined);
  if (proposal.isError || policy.isError) return <Navigate to="/" replace />;
  if (!proposal.data) return <Spinner size="large" />;
  if (!isRenewal(proposal.data) || typeof source !== 'string') return <Navigate to="/" replace />;
  const scheme = schemeOf(schemes, proposal.data.schemeCode)?.productUrlName;
  if (!policy.data) return <Spinner size="large" />;
  const detail = policy.data.policyDetail;
  if (detail.renewalStopped || !detail.autoRenewalEnabled) return <Navigate to="/" replace />;
  const path = subPath.replace(/^\/+|\/+$/g, '');
  if (path === 'opt-out') return <RenewalShell proposal={proposal.data} policy={policy.data} optOut />;
  const root = `/${scheme ?? ''}/renewal/${proposalCode}`;
  const disclosure = /^disclosure(?:\/(.*))?$/.exec(path);
  if (disclosure && proposal.data.status === 'QUOTE')
    return (
      <Suspense fallback={<Spinner size="large" />}>
        <RenewalDisclosure proposal={proposal.data} root={root} path={disclosure[1] ?? ''} />
      </Suspense>
    );
  if (path !== '') return <Navigate to={root} replace />;
  return <RenewalShell proposal={proposal.data} policy={policy.data} />;
}

function RenewalShell({
  proposal,
  policy,
  optOut,
}: {
  proposal: Proposal;
  policy: Policy;
  optOut?: boolean;
}) {
  const { t } = useTranslation();
  const { contact, schemes } = useConfig();
  const date = renewalDay(policy.policyDetail.expiredAt);
  const vrn = proposal.quote?.vrn ?? policy.currentPolicyVersion.quote.vrn;
  const scheme = schemeOf(schemes, proposal.schemeCode);
  const root = `/${scheme?.productUrlName ?? ''}/renewal/${proposal.proposalCode}`;
  const shell = (content: ReactNode, header: string) => (
    <Page
      data-page={optOut ? 'renewal-opt-out' : `renewal-${proposal.status.toLowerCase()}`}
      back={{ to: optOut ? root : '/', label: t('renewal.back') }}
      upperHeader={t('renewal.upperHeader')}
      header={header}
      subheader={t(
        // A referred renewal says one thing everywhere (ADR 352): it does not renew automatically.
        proposal.status === 'REFERRAL' || policy.standing?.renewal?.state === 'referred'
          ? 'standing.renewal.subheaderReferred'
          : policy.standing?.renewal?.state === 'owing'
            ? 'standing.renewal.subheaderOwing'
            : 'renewal.subheader',
        { policyNumber: policy.policyNumber, date },
      )}
    >
      {content}
    </Page>
  );
  const plate = typeof vrn === 'string' ? formatRegistrationMark(vrn) : '';
  if (optOut) return shell(<OptOut policy={policy} root={root} />, t('renewal.optOut.header'));
  if (proposal.status === 'REFERRAL')
    return shell(
      <Notification variant="critical" title={t('renewal.referral.header')}>
        <p>{t('renewal.referral.body', { date, phone: contact.phone })}</p>
        {(proposal.quote?.referralReasons ?? []).length > 0 && (
          <>
            <p>{t('renewal.referral.reasons')}</p>
            <ul>
              {proposal.quote?.referralReasons.map((r) => (
                <li key={`${r.code}-${r.profileCode ?? ''}`}>{r.message}</li>
              ))}
            </ul>
          </>
        )}
      </Notification>,
      t('renewal.header', { vrn: plate }),
    );
  if (proposal.status === 'QUOTE_EXPIRED' || proposal.status === 'INSUFFICIENT_ACCURACY')
    return shell(
      <div data-testid="renewal-unsupported">
        <Notification variant="warning" title={t('renewal.unsupported.header')}>
          {t('renewal.unsupported.body', { phone: contact.phone })}
        </Notification>
        <p>
          <Button to="/" variant="secondary">
            {t('renewal.home')}
          </Button>
        </p>
      </div>,
      t('renewal.header', { vrn: plate }),
    );
  return shell(
    <RenewalQuote proposal={proposal} policy={policy} root={root} />,
    t('renewal.header', { vrn: plate }),
  );
}
