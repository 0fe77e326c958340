import type { Claim, ClaimEvent } from '@forecourt/contracts/claims';
import { formatLondon } from '@forecourt/domain/dates';
import type { ClaimStatus } from '@forecourt/domain/enums';
import { useTranslation } from 'react-i18next';
import { useClaim } from '../api/claims.ts';
import styles from './claim-tracker.module.css';

/** The tracker's steps, in the claim machine's order (packages/domain/lifecycle/claim.ts). */
const STEPS: readonly ClaimStatus[] = ['pending', 'active', 'settled'];
const day = (iso: string) => formatLondon(iso, 'd MMMM yyyy');

/**
 * A claim's progress as the customer sees it (issue 28 defect 9, ADR 354): reported → being handled →
 * settled, each step reached with its date, and under it the handler's notes meant for the customer. Notes
 * staff kept internal are never shown (the API leaves them out for customers; staff acting for the customer
 * see what the customer sees).
 */
export function ClaimTracker({ claim }: { claim: Claim }) {
  const { t } = useTranslation();
  const detail = useClaim(claim.claimReference);
  const events: ClaimEvent[] = detail.data?.events ?? [];
  const reached = STEPS.indexOf(claim.status);
  const dateOf = (step: ClaimStatus) =>
    events.find((e) => e.toStatus === step)?.createdAt ?? (step === 'pending' ? claim.notifiedAt : undefined);
  const notesOf = (step: ClaimStatus) =>
    events.filter((e) => e.toStatus === step && e.actorKind === 'staff' && e.customerVisible && e.note);
  return (
    <ol
      className={styles.tracker}
      aria-label={t('claims.tracker.label', { reference: claim.claimReference })}
      data-testid="claim-tracker"
    >
      {STEPS.map((step, i) => {
        const state =
          i < reached ? 'done' : i === reached ? (step === 'settled' ? 'done' : 'current') : 'todo';
        const date = i <= reached ? dateOf(step) : undefined;
        return (
          <li
            key={step}
            className={styles.step}
            data-state={state}
            data-step={step}
            aria-current={i === reached ? 'step' : undefined}
          >
            <span className={styles.marker} aria-hidden="true" />
            <div className={styles.body}>
              <strong>{t(`claims.tracker.step.${step}`)}</strong>
              <span className={styles.when}>
                {date ? t('claims.tracker.on', { date: day(date) }) : t('claims.tracker.todo')}
              </span>
              {notesOf(step).map((e) => (
                <p key={e.createdAt} className={styles.note}>
                  <span className={styles.noteHead}>
                    {t('claims.tracker.note', { date: day(e.createdAt) })}
                  </span>{' '}
                  {e.note}
                </p>
              ))}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
