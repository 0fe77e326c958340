import type { PolicyUploads, UploadSubmission } from '@forecourt/contracts/uploads';
import { useTranslation } from 'react-i18next';
import { londonDay } from '../../../lib/policy-readers.ts';
import { Button, blocks, Card, Notification, Spinner } from '../../../ui/index.ts';
import { usePolicyUploads } from '../api/uploads.ts';

/** One submission: when, why, by whom, the files and the comment. */
function Submission({ s }: { s: UploadSubmission }) {
  const { t } = useTranslation();
  return (
    <li data-testid="upload-submission">
      <strong>{t(`policy.uploads.purposes.${s.purpose}`, s.purpose)}</strong>{' '}
      <span className={blocks.muted}>
        {t(s.committedBy === 'staff' ? 'policy.uploads.sentByStaff' : 'policy.uploads.sentOn', {
          date: londonDay(s.committedAt),
        })}
      </span>
      <ul>
        {s.files.map((f) => (
          <li key={f.id}>{f.fileName}</li>
        ))}
      </ul>
      {s.comment && <p className={blocks.muted}>“{s.comment}”</p>}
    </li>
  );
}

/** What was sent about this policy, newest first: the customer and staff acting for them see the same. */
export function UploadsSent({ uploads }: { uploads: PolicyUploads; policyId: string }) {
  const { t } = useTranslation();
  if (uploads.submissions.length === 0) return null;
  return (
    <Card title={t('policy.uploads.sent')} level={3}>
      <ul className={blocks.list}>
        {uploads.submissions.map((s) => (
          <Submission key={s.id} s={s} />
        ))}
      </ul>
    </Card>
  );
}

/** The confirmation page after sending (spec 3 §4 Upload): the files just sent, with their purpose. */
export function UploadConfirmation({ policyId, root }: { policyId: string; root: string }) {
  const { t } = useTranslation();
  const uploads = usePolicyUploads(policyId);
  if (uploads.isPending) return <Spinner size="large" />;
  const latest = uploads.data?.submissions[0];
  return (
    <div className={blocks.stack} data-testid="upload-confirmation">
      <Notification variant="success" title={t('policy.uploads.confirmed.header')}>
        {t('policy.uploads.confirmed.body', { count: latest?.files.length ?? 0 })}
      </Notification>
      {latest && (
        <ul className={blocks.list}>
          <Submission s={latest} />
        </ul>
      )}
      <div className={blocks.actions}>
        <Button to={root}>{t('policy.uploads.confirmed.policy')}</Button>
        <Button to={`${root}/uploads`} variant="secondary">
          {t('policy.uploads.confirmed.more')}
        </Button>
      </div>
    </div>
  );
}
