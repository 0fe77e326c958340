import type { Policy } from '@forecourt/contracts/policies';
import { formatGBP } from '@forecourt/domain/money';
import { schemeOf } from '@forecourt/domain/policy/product-kind';
import { type ReactNode, useState } from 'react';
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
  const [dismissed, setDismissed] = useState(() => window.sessionStorage.getItem(SEEN) === '1');
  // Only a policy really in arrears (a failed statement), never one whose payment is being collected (ADR 352).
  const policy = policies.find((p) => standingOf(p).arrears);
  const owing = policy && standingOf(policy).arrears;
  if (dismissed || !owing || !policy) return null;
  const close = () => {
    window.sessionStorage.setItem(SEEN, '1');
    setDismissed(true);
  };
  return (
    <PayFirstModal policy={policy} open onClose={close}>
      <p>
        {t('home.outstanding.body', {
          amount: formatGBP(owing.amount),
          policyNumber: policy.policyNumber,
        })}
      </p>
    </PayFirstModal>
  );
}

/**
 * "You have a payment to make": what is owed (the children), Later, and Pay now to the policy's Billing tab. Home's
 * once-a-session modal and the lapsed renewal's blocked take-up (ADR 397) both use it.
 */
export function PayFirstModal({
  policy,
  open,
  onClose,
  children,
}: {
  policy: Policy;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const scheme = schemeOf(useConfig().schemes, policy.schemeCode);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('home.outstanding.title')}
      footer={
        <div className={styles.confirm}>
          <Button variant="secondary" onClick={onClose}>
            {t('home.outstanding.later')}
          </Button>
          {scheme && (
            <Button to={`/${scheme.productUrlName}/policy/${policy.policyId}/billing`} onClick={onClose}>
              {t('home.outstanding.pay')}
            </Button>
          )}
        </div>
      }
    >
      {children}
    </Modal>
  );
}
