import type { Policy } from '@forecourt/contracts/policies';
import { formatGBP } from '@forecourt/domain/money';
import { schemeOf } from '@forecourt/domain/policy/product-kind';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config.tsx';
import { standingOf } from '../../../lib/standing/standing.ts';
import { Button, Modal } from '../../../ui/index.ts';
import styles from './your-quotes.module.css';

const SEEN = 'forecourt.outstandingSeen';

/**
 * The outstanding-balance modal on home (spec 2 §2): when one of the customer's policies is in arrears, once per
 * session, with a way to the policy's billing tab, where it is paid (the billing area).
 */
export function OutstandingBalance({ policies }: { policies: Policy[] }) {
  const { t } = useTranslation();
  const { schemes } = useConfig();
  const [dismissed, setDismissed] = useState(() => window.sessionStorage.getItem(SEEN) === '1');
  // Only a policy really in arrears (a failed statement), never one whose payment is being collected (ADR 352).
  const policy = policies.find((p) => standingOf(p).arrears);
  const owing = policy && standingOf(policy).arrears;
  const scheme = policy && schemeOf(schemes, policy.schemeCode);
  if (dismissed || !owing || !policy) return null;
  const close = () => {
    window.sessionStorage.setItem(SEEN, '1');
    setDismissed(true);
  };
  return (
    <Modal
      open
      onClose={close}
      title={t('home.outstanding.title')}
      footer={
        <div className={styles.confirm}>
          <Button variant="secondary" onClick={close}>
            {t('home.outstanding.later')}
          </Button>
          {policy && scheme && (
            <Button to={`/${scheme.productUrlName}/policy/${policy.policyId}/billing`} onClick={close}>
              {t('home.outstanding.pay')}
            </Button>
          )}
        </div>
      }
    >
      <p>
        {t('home.outstanding.body', {
          amount: formatGBP(owing.amount),
          policyNumber: policy.policyNumber,
        })}
      </p>
    </Modal>
  );
}
