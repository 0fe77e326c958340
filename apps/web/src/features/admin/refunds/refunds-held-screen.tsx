import type { RefundHeld } from '@forecourt/contracts/billing';
import { formatLondon } from '@forecourt/domain/dates';
import { formatGBP, pence } from '@forecourt/domain/money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { useConfig } from '../../../lib/config.tsx';
import { Button, Notification, Spinner } from '../../../ui/index.ts';
import { actFor } from '../act-for.ts';
import { AdminFrame } from '../admin-frame.tsx';
import styles from '../claims/staff-claims.module.css';
import './texts.ts';

/**
 * {ADMIN_PATH}/refunds (ADR 411): the money customers are owed back and did not get (a refund failed or came
 * back; the hourly job leaves it to staff), for the finance team, the longest waiting first. Each names the
 * customer and the policy, and acts for that customer (the same audited check as the impersonation screen),
 * opening the policy's page, which tells the customer the same amount. The API needs finance.
 */
export function RefundsHeldScreen() {
  const { t } = useTranslation();
  const { basename } = useConfig();
  const base = basename.replace(/\/$/, '');
  const list = useQuery({
    queryKey: queryKeys.refundsHeld(),
    queryFn: ({ signal }) => call(endpoints.listRefundsHeld, { signal }),
    meta: { errorModal: false },
    retry: false,
  });
  return (
    <AdminFrame page="admin-refunds" wide>
      <h1>{t('admin.refunds.header')}</h1>
      <p>{t('admin.refunds.body')}</p>
      <p className={styles.links}>
        <a href={`${base}/`}>{t('admin.refunds.customers')}</a>
      </p>
      {list.isError ? (
        <Notification variant="warning">{t('admin.refunds.loadError')}</Notification>
      ) : !list.data ? (
        <Spinner label="" />
      ) : list.data.length === 0 ? (
        <Notification variant="info">{t('admin.refunds.empty')}</Notification>
      ) : (
        <ul className={styles.queue} data-testid="refunds-held">
          {list.data.map((r) => (
            <Held key={r.policyId} held={r} base={base} />
          ))}
        </ul>
      )}
    </AdminFrame>
  );
}

function Held({ held, base }: { held: RefundHeld; base: string }) {
  const { t } = useTranslation();
  const [acting, setActing] = useState(false);
  const [failed, setFailed] = useState(false);
  // Acting for the customer is checked (and audited) as on the impersonation screen, then their policy opens.
  const act = async () => {
    setActing(true);
    setFailed(false);
    try {
      await actFor(held.partyId, `${base}/policy/${held.policyId}`);
    } catch {
      setActing(false);
      setFailed(true);
    }
  };
  return (
    <li className={styles.item} data-policy={held.policyNumber}>
      <div>
        <strong>{formatGBP(pence(held.amount))}</strong> · {held.holderName}
        {held.email ? ` (${held.email})` : ''}
        <div className={styles.muted}>
          {t(`admin.refunds.method.${held.method ?? 'both'}`)} · {t('admin.refunds.since')}{' '}
          {formatLondon(held.since, 'd MMM yyyy')}
        </div>
        <div className={styles.muted}>
          {t('admin.refunds.policy')} <span className={styles.reference}>{held.policyNumber}</span>
        </div>
        {failed && <Notification variant="warning">{t('admin.refunds.actFailed')}</Notification>}
      </div>
      <Button variant="secondary" onClick={() => void act()} disabled={acting}>
        {t('admin.refunds.act', { name: held.holderName })}
      </Button>
    </li>
  );
}
