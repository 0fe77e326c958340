import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { reportGlobalError } from '../../../app/errors/global-errors.ts';
import { Page } from '../../../app/page/page.tsx';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { useOptionalAuthClient } from '../../../lib/auth/auth-context.tsx';
import { useConfig } from '../../../lib/config.tsx';
import { AnonymousSession } from '../../../lib/session/anonymous-session.ts';
import { savedTracking, saveTracking, sendImpressionOnce } from '../../../lib/tracking.ts';
import { Spinner } from '../../../ui/index.ts';
import { createProposal, listProposals, recordTracking } from '../api/proposals.ts';
import { useProduct } from '../hooks/use-product.ts';

/**
 * create-quote (spec 3 §2, §4 step 1): waits for the anonymous session refresh, then finds this scheme's
 * open proposal or creates one (with the promo passthrough), records tracking once, and redirects into it.
 * On a visitor's first page (ADR 274) the refresh is the app's own first token call, and the search is skipped
 * when nobody can be signed in here and that call made a new anonymous party (which has no proposals); the new
 * proposal goes straight into the query cache, so its page does not fetch it again.
 */
export function CreateQuotePage() {
  const { t } = useTranslation();
  const config = useConfig();
  const product = useProduct();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const started = useRef(false);
  const queryClient = useQueryClient();
  const auth = useOptionalAuthClient();
  const base = location.pathname.replace(/\/$/, '');
  const scheme = config.schemes.find((s) => base.endsWith(`/${s.productUrlName}`)) ?? config.schemes[0];
  useEffect(() => {
    if (started.current || !scheme) return;
    started.current = true;
    saveTracking(search, product.tracking.parameters);
    const promoCode = search.get('promo') ?? search.get('promoCode') ?? undefined;
    // The pages this one leads to download while the quote is being made, not after (issue 15).
    void import('./proposal-page.tsx').catch(() => undefined);
    void import('./before-we-begin-page.tsx').catch(() => undefined);
    (async () => {
      const session = new AnonymousSession();
      await session.freshToken();
      session.stop();
      const newVisitor = session.takeNewParty() && auth !== null && !auth.mayBeSignedIn();
      const open =
        promoCode || newVisitor ? undefined : await listProposals({ schemeCode: scheme.schemeCode });
      const existing = open?.items.find(
        (p) => (p.status === 'QUOTE' || p.status === 'INSUFFICIENT_ACCURACY') && !p.sourcePolicy,
      );
      const proposal =
        existing ??
        (await createProposal({
          schemeCode: scheme.schemeCode,
          promoCode,
          brand: config.id,
          source: 'web',
          // A new quote starts with the car asset and the lowest voluntary excess (ADR 061).
          data: {
            asset: { assetCode: 'Vehicle' },
            profiles: [],
            quote: { voluntaryExcess: product.excess.voluntaryExcess[0] as 0, optionalCovers: {} },
          },
        }));
      if (!existing) queryClient.setQueryData(queryKeys.proposal(proposal.proposalCode), proposal);
      const tracking = savedTracking();
      if (!existing && Object.keys(tracking).length > 0 && !proposal.trackingRecorded)
        await recordTracking(proposal.proposalCode, tracking).catch(() => undefined);
      await sendImpressionOnce(proposal.proposalCode);
      const next = existing ? '' : '/before-we-begin';
      navigate(`${base}/proposal/${proposal.proposalCode}${next}`, { replace: true });
    })().catch((err: unknown) => {
      reportGlobalError(err);
      navigate('/', { replace: true });
    });
  }, [scheme, search, product, config.id, base, navigate, queryClient, auth]);
  return (
    <Page header={t('quote.create.header')} width="narrow" data-page="create-quote">
      <Spinner size="large" label={t('quote.create.loading')} />
    </Page>
  );
}
