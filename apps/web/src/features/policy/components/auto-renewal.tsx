import type { Policy } from '@forecourt/contracts/policies';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type OptOutReason, OptOutReasonFields, optOutBody } from '../../../forms/opt-out/opt-out-reason.tsx';
import { londonDay } from '../../../lib/policy-readers.ts';
import { useSetAutoRenewal } from '../../../lib/renewal/auto-renewal.ts';
import { autoRenewalToggle, standingOf } from '../../../lib/standing/standing.ts';
import { Button, Modal, RadioGroup, useSnackbar } from '../../../ui/index.ts';
import styles from '../policy.module.css';

/**
 * Offered only while the policy renews at its anniversary as the API's standing says (spec 2 §4, ADR 352): live,
 * renewal not stopped, reviewed for renewal, no cancellation set. A referred renewal shows the referred panel.
 */
export function autoRenewalOffered(policy: Policy): boolean {
  return standingOf(policy).renewal !== null && !standingOf(policy).ending;
}

/**
 * Auto-renewal on the policy page (spec 2 §4): the current setting and a modal with the two options; turning
 * it off asks why (spec 3 §3 reasons) and says when cover ends.
 */
export function AutoRenewal({ policy }: { policy: Policy }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const [open, setOpen] = useState(false);
  const enabled = policy.policyDetail.autoRenewalEnabled;
  const [choice, setChoice] = useState<string | null>(enabled ? 'on' : 'off');
  const [reason, setReason] = useState<OptOutReason>({ reason: null, text: '' });
  const save = useSetAutoRenewal(policy.policyId);
  const standing = standingOf(policy);
  const end = standing.renewal ? londonDay(standing.renewal.anniversaryAt) : '';
  // Opted in, but money is owed: the renewal waits on it (ADR 400).
  const owing = standing.renewal?.state === 'owing';
  const body = choice === 'on' ? { enabled: true } : optOutBody(reason);
  const unchanged = (choice === 'on') === enabled;
  const submit = () => {
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => {
        setOpen(false);
        snackbar.show(t(body.enabled ? 'policy.autoRenewal.savedOn' : 'policy.autoRenewal.savedOff'), {
          variant: 'success',
        });
      },
    });
  };
  // A referred renewal says one thing everywhere: we cannot renew automatically; no toggle.
  if (!autoRenewalToggle(standing))
    return (
      <div className={styles.autoRenewal} data-testid="auto-renewal">
        <p>
          <strong>{t('standing.referred.title')}</strong>{' '}
          <span data-auto-renewal="referred">{t('standing.referred.body', { date: end })}</span>
        </p>
      </div>
    );
  return (
    <div className={styles.autoRenewal} data-testid="auto-renewal">
      <p>
        <strong>{t('policy.autoRenewal.label')}</strong>{' '}
        <span data-auto-renewal={owing ? 'owing' : enabled ? 'on' : 'off'}>
          {t(
            owing ? 'policy.autoRenewal.owing' : enabled ? 'policy.autoRenewal.on' : 'policy.autoRenewal.off',
            {
              date: end,
            },
          )}
        </span>
      </p>
      <Button
        variant="secondary"
        onClick={() => {
          setChoice(enabled ? 'on' : 'off');
          setOpen(true);
        }}
      >
        {t('policy.autoRenewal.change')}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('policy.autoRenewal.modalHeader')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('policy.autoRenewal.cancel')}
            </Button>
            <Button
              variant={choice === 'off' ? 'destructive' : 'primary'}
              disabled={unchanged || !body}
              loading={save.isPending}
              onClick={submit}
            >
              {t('policy.autoRenewal.confirm')}
            </Button>
          </>
        }
      >
        <RadioGroup
          name="auto-renewal"
          aria-label={t('policy.autoRenewal.label')}
          value={choice}
          onChange={setChoice}
          options={[
            {
              value: 'on',
              label: t('policy.autoRenewal.optionOn'),
              hint: t('policy.autoRenewal.optionOnHint'),
            },
            {
              value: 'off',
              label: t('policy.autoRenewal.optionOff'),
              hint: t('policy.autoRenewal.optionOffHint', { date: end }),
            },
          ]}
        />
        {choice === 'off' && enabled && <OptOutReasonFields value={reason} onChange={setReason} />}
      </Modal>
    </div>
  );
}
