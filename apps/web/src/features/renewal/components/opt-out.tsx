import type { Policy } from '@forecourt/contracts/policies';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type OptOutReason, OptOutReasonFields, optOutBody } from '../../../forms/opt-out/opt-out-reason.tsx';
import { useSetAutoRenewal } from '../../../lib/renewal/auto-renewal.ts';
import { Button, Card, Notification, useSnackbar } from '../../../ui/index.ts';
import styles from '../renewal.module.css';
import { renewalDay } from '../renewal-day.ts';

/**
 * The opt-out page (spec 3 §2 Renewal): a reason is required, the end date is shown, and a destructive
 * confirm turns auto-renewal off and goes home (ICOBS 6A.6: one step, no call needed).
 */
export function OptOut({ policy, root }: { policy: Policy; root: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const [reason, setReason] = useState<OptOutReason>({ reason: null, text: '' });
  const save = useSetAutoRenewal(policy.policyId);
  const date = renewalDay(policy.policyDetail.expiredAt);
  const body = optOutBody(reason);
  return (
    <Card>
      <div className={styles.stack}>
        <Notification variant="warning">{t('renewal.optOut.body', { date })}</Notification>
        <OptOutReasonFields value={reason} onChange={setReason} />
        {save.isError && <Notification variant="critical">{t('renewal.changeFailed')}</Notification>}
        <div className={styles.actions}>
          <Button
            variant="destructive"
            disabled={!body}
            loading={save.isPending}
            onClick={() =>
              body &&
              save.mutate(body, {
                onSuccess: () => {
                  snackbar.show(t('renewal.optOut.done', { date }), { variant: 'success' });
                  navigate('/', { replace: true });
                },
              })
            }
          >
            {t('renewal.optOut.confirm', { date })}
          </Button>
          <Button variant="secondary" to={root}>
            {t('renewal.optOut.cancel')}
          </Button>
        </div>
      </div>
    </Card>
  );
}
