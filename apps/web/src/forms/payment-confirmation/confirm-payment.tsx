import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal, Notification } from '../../ui/index.ts';
import styles from './confirm-payment.module.css';
import './texts.ts';

export interface PaymentFact {
  label: string;
  value: ReactNode;
  /** A test hook: data-fact on the value. */
  id: string;
}

/**
 * The step before any action that takes money (issue 28 defect 7, ADR 353): what will be charged (the
 * server's figure), when cover starts and which card, then Confirm; or, once done, what happened (`done`),
 * with only a Done button. An error stays in the dialog.
 */
export function ConfirmPayment({
  open,
  title,
  intro,
  facts,
  confirmLabel,
  busy,
  error,
  done,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  intro?: ReactNode;
  facts: PaymentFact[] | undefined;
  confirmLabel: string;
  busy: boolean;
  error?: string;
  done?: { title: string; body: ReactNode };
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <div className={styles.footer}>
          {done ? (
            <Button onClick={onClose}>{t('payment.confirm.done')}</Button>
          ) : (
            <>
              <Button variant="secondary" onClick={onClose} disabled={busy}>
                {t('payment.confirm.cancel')}
              </Button>
              <Button onClick={onConfirm} loading={busy} disabled={!facts} data-testid="confirm-payment">
                {confirmLabel}
              </Button>
            </>
          )}
        </div>
      }
    >
      <div className={styles.stack} data-testid="payment-confirmation">
        {done ? (
          <div data-testid="payment-done">
            <Notification variant="success" title={done.title}>
              {done.body}
            </Notification>
          </div>
        ) : (
          <>
            {intro && <p>{intro}</p>}
            {facts && (
              <dl className={styles.facts}>
                {facts.map((f) => (
                  <div key={f.id}>
                    <dt>{f.label}</dt>
                    <dd data-fact={f.id}>{f.value}</dd>
                  </div>
                ))}
              </dl>
            )}
            {error && (
              <div role="alert">
                <Notification variant="critical">{error}</Notification>
              </div>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
