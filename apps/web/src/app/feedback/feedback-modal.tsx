import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api/endpoint.ts';
import { endpoints } from '../../lib/api/endpoints.ts';
import type { FeedbackRequest } from '../../lib/feedback.ts';
import { Button, Modal } from '../../ui/index.ts';
import styles from './feedback-modal.module.css';

const RATINGS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/**
 * The feedback modal (spec 2 §3): a rating from 1 to 10 in five columns and an optional comment, sent to
 * POST /api/insights/feedback. Enter never sends it (only the Send button does), so a key pressed while
 * choosing cannot send a rating by mistake.
 */
export function FeedbackModal({ request, onClose }: { request: FeedbackRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const [rating, setRating] = useState<number>();
  const [comment, setComment] = useState('');
  const [state, setState] = useState<'asking' | 'sending' | 'sent' | 'failed'>('asking');
  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!rating || state === 'sending') return;
    setState('sending');
    try {
      await call(endpoints.postFeedback, {
        body: {
          type: request.kind,
          rating,
          ...(comment.trim() ? { comment: comment.trim() } : {}),
          tags: request.tags,
        },
      });
      setState('sent');
    } catch {
      setState('failed');
    }
  };
  const noEnter = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key === 'Enter' && !(e.target instanceof HTMLTextAreaElement)) e.preventDefault();
  };
  return (
    <Modal open onClose={onClose} title={t(`feedback.title.${request.kind}`)} variant="feedback">
      {state === 'sent' ? (
        <div className={styles.done} data-testid="feedback-thanks">
          <p>{t('feedback.thanks')}</p>
          <Button onClick={onClose}>{t('feedback.close')}</Button>
        </div>
      ) : (
        <form className={styles.form} onSubmit={send} onKeyDown={noEnter} data-testid="feedback-form">
          <fieldset className={styles.ratings}>
            <legend>{t('feedback.question')}</legend>
            <div className={styles.grid}>
              {RATINGS.map((n) => (
                <label key={n} className={styles.rating} data-selected={rating === n}>
                  <input
                    type="radio"
                    name="rating"
                    value={n}
                    checked={rating === n}
                    onChange={() => setRating(n)}
                  />
                  <span>{n}</span>
                </label>
              ))}
            </div>
            <p className={styles.scale}>
              <span>{t('feedback.low')}</span>
              <span>{t('feedback.high')}</span>
            </p>
          </fieldset>
          <label className={styles.comment}>
            <span>{t('feedback.comment')}</span>
            <textarea
              value={comment}
              maxLength={1000}
              rows={3}
              onChange={(e) => setComment(e.target.value)}
            />
          </label>
          {state === 'failed' && <p role="alert">{t('feedback.failed')}</p>}
          <div className={styles.actions}>
            <Button type="button" variant="secondary" onClick={onClose}>
              {t('feedback.notNow')}
            </Button>
            <Button type="submit" disabled={!rating || state === 'sending'}>
              {t('feedback.send')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
