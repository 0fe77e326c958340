import type { Mandate } from '@forecourt/contracts/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { refetchAfterWrite } from '../../../lib/api/refetch-after-write.ts';
import { useConfig } from '../../../lib/config.tsx';
import { Button, Notification, Spinner, StatusBadge } from '../../../ui/index.ts';
import { createMandate, createRedirectFlow } from '../api/payments.ts';
import styles from '../checkout.module.css';
import { useMandates } from '../hooks/use-checkout-data.ts';
import { browser } from '../hooks/use-pay-by-card.ts';

const usable = (m: Mandate) => m.status === 'ACTIVE' || m.status === 'PENDING_CUSTOMER_APPROVAL';

/**
 * The Direct Debit mandate (spec 3 §7, spec 2 §4 "Redirect flow"): without a usable mandate, start a redirect
 * flow returning to this page; back with redirect_flow_id, complete it into a mandate. With one, show it and
 * the children (what comes next). `setupText` replaces the default words before the bank's page.
 */
export function MandateSetup({ children, setupText }: { children: ReactNode; setupText?: string }) {
  const { t } = useTranslation();
  const config = useConfig();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  // Back to this page with its query (method, tab) but without a previous flow id.
  const returnUrl = () => {
    const query = new URLSearchParams(params);
    query.delete('redirect_flow_id');
    const search = query.toString();
    return `${window.location.origin}${config.basename.replace(/\/$/, '')}${pathname}${search ? `?${search}` : ''}`;
  };
  const flowId = params.get('redirect_flow_id');
  const mandates = useMandates();
  const complete = useMutation({
    mutationFn: createMandate,
    // The list asked for when the page opened may have been read before this mandate was recorded.
    onSuccess: (mandate) =>
      refetchAfterWrite(client, queryKeys.mandates(), () =>
        client.setQueryData<Mandate[]>(queryKeys.mandates(), (list = []) => [
          mandate,
          ...list.filter((m) => m.mandateId !== mandate.mandateId),
        ]),
      ),
    onSettled: () =>
      setParams(
        (p) => {
          p.delete('redirect_flow_id');
          return p;
        },
        { replace: true },
      ),
  });
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (flowId && started.current !== flowId) {
      started.current = flowId;
      complete.mutate(flowId);
    }
  }, [flowId, complete]);
  const start = useMutation({
    mutationFn: () =>
      createRedirectFlow({
        mandateDescription: t('checkout.mandateDescription', { brand: config.name }),
        successUrl: returnUrl(),
      }),
    onSuccess: ({ redirectUrl }) => browser.go(redirectUrl),
  });

  if (complete.isPending || mandates.isPending || flowId)
    return <Spinner label={t('checkout.dd.completing')} />;
  const mandate = mandates.data?.find(usable);
  if (!mandate)
    return (
      <div className={styles.stack}>
        <p>{setupText ?? t('checkout.dd.body')}</p>
        {(start.isError || complete.isError) && (
          <Notification variant="critical">{t('checkout.error')}</Notification>
        )}
        <div>
          <Button loading={start.isPending} onClick={() => start.mutate()}>
            {t('checkout.dd.setup')}
          </Button>
        </div>
      </div>
    );
  return (
    <div className={styles.stack}>
      <p data-testid="mandate" className={styles.mandate}>
        {t('checkout.dd.mandate', {
          bank: mandate.bankName ?? '',
          ending: mandate.accountNumberEnding ?? '',
        })}{' '}
        <StatusBadge variant={mandate.status === 'ACTIVE' ? 'success' : 'warning'}>
          {t(`checkout.dd.mandateStatus.${mandate.status}`)}
        </StatusBadge>
      </p>
      {children}
    </div>
  );
}
