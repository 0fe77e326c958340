import { useState } from 'react';
import { Button, type ButtonVariant } from '../button/button.tsx';
import { Modal, type ModalVariant } from '../modal/modal.tsx';
import { Progress } from '../progress/progress.tsx';
import { useSnackbar } from '../snackbar/snackbar.tsx';
import { Spinner } from '../spinner/spinner.tsx';
import { Notification, type NotificationVariant } from '../status/notification.tsx';
import { StatusBadge, type StatusVariant } from '../status/status-badge.tsx';
import styles from './gallery.module.css';
import { Section, Specimen } from './specimen.tsx';

const variants: ButtonVariant[] = ['primary', 'secondary', 'tertiary', 'ghost', 'sso'];
const plus = (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
    <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

export function ButtonsSection() {
  return (
    <Section title="Buttons">
      {variants.map((variant) => (
        <Specimen key={variant} name={`${variant}: default, loading, disabled, small`}>
          <div className={styles.row}>
            <Button variant={variant}>Continue</Button>
            <Button variant={variant} loading>
              Saving
            </Button>
            <Button variant={variant} disabled>
              Disabled
            </Button>
            <Button variant={variant} layout="small">
              Small
            </Button>
          </div>
        </Specimen>
      ))}
      <Specimen name="icon: default, small, loading, disabled">
        <div className={styles.row}>
          <Button variant="icon" aria-label="Add" icon={plus} />
          <Button variant="icon" layout="small" aria-label="Add small" icon={plus} />
          <Button variant="icon" aria-label="Adding" loading />
          <Button variant="icon" aria-label="Add disabled" icon={plus} disabled />
        </div>
      </Specimen>
      <Specimen name="fixed layout (85%, max 262px) and a link button">
        <Button layout="fixed">Get a quote</Button>
        <Button layout="fixed" variant="secondary" to="/retrieve">
          Retrieve a quote
        </Button>
        <Button variant="primary" icon={plus}>
          With icon
        </Button>
      </Specimen>
    </Section>
  );
}

export function OverlaysSection() {
  const [modal, setModal] = useState<ModalVariant | null>(null);
  const snackbar = useSnackbar();
  const close = () => setModal(null);
  return (
    <Section title="Modal and snackbar">
      <Specimen name="modal variants (584 / 480px, z-index 1001)">
        <div className={styles.row}>
          <Button variant="secondary" onClick={() => setModal('default')}>
            Default modal
          </Button>
          <Button variant="secondary" onClick={() => setModal('iframe')}>
            Iframe modal
          </Button>
          <Button variant="secondary" onClick={() => setModal('feedback')}>
            Feedback modal
          </Button>
        </div>
      </Specimen>
      <Specimen name="snackbar (top centre, hides after 4 s)">
        <div className={styles.row}>
          <Button variant="tertiary" onClick={() => snackbar.show('Your details were saved')}>
            Show snackbar
          </Button>
          <Button variant="tertiary" onClick={() => snackbar.show('Payment taken', { variant: 'success' })}>
            Success
          </Button>
          <Button variant="tertiary" onClick={() => snackbar.show('Could not save', { variant: 'critical' })}>
            Critical
          </Button>
        </div>
      </Specimen>
      <Modal
        open={modal === 'default'}
        onClose={close}
        title="Promotion terms"
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button onClick={close}>I understand</Button>
          </>
        }
      >
        <p>The first month is free when you buy before 31 December. Cancel any time.</p>
      </Modal>
      <Modal open={modal === 'iframe'} onClose={close} title="Help" variant="iframe">
        <iframe title="Help page" srcDoc="<p style='font-family:sans-serif;padding:1rem'>Help content</p>" />
      </Modal>
      <Modal
        open={modal === 'feedback'}
        onClose={close}
        title="Your policy is cancelled"
        variant="feedback"
        icon={<span aria-hidden="true">✓</span>}
        footer={<Button onClick={close}>Back to dashboard</Button>}
      >
        <p>We have e-mailed you a confirmation.</p>
      </Modal>
    </Section>
  );
}

const statuses: StatusVariant[] = ['default', 'info', 'success', 'warning', 'critical'];
const notes: NotificationVariant[] = ['default', 'success', 'warning', 'critical', 'info'];

export function FeedbackSection() {
  return (
    <Section title="Status, notifications, progress">
      <Specimen name="status badges">
        <div className={styles.row}>
          {statuses.map((s) => (
            <StatusBadge key={s} variant={s}>
              {s === 'success' ? 'Active' : s === 'critical' ? 'Cancelled' : s === 'warning' ? 'Lapsing' : s}
            </StatusBadge>
          ))}
        </div>
      </Specimen>
      <Specimen name="spinner: small, medium, large">
        <div className={styles.row}>
          <Spinner size="small" />
          <Spinner />
          <Spinner size="large" />
        </div>
      </Specimen>
      <Specimen name="progress: 0, 0.5, 1.4 (capped at 1)">
        <div className={styles.full}>
          <Progress value={0} label="None" showValue />
          <Progress value={0.5} label="Half" showValue />
          <Progress value={1.4} label="Capped" showValue />
        </div>
      </Specimen>
      {notes.map((n) => (
        <Specimen key={n} name={`notification: ${n}`}>
          <div className={styles.full}>
            <Notification variant={n} title={`${n[0]!.toUpperCase()}${n.slice(1)} notice`}>
              Your next payment of £42.10 is due on 1 December.
            </Notification>
          </div>
        </Specimen>
      ))}
    </Section>
  );
}
