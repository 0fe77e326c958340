import type { Policy } from '@forecourt/contracts/policies';
import type { PolicyUploads } from '@forecourt/contracts/uploads';
import type { UploadRejectionReason } from '@forecourt/domain/enums';
import { preUploadRejection, type UploadPurpose, uploadProgress } from '@forecourt/domain/uploads';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  Button,
  blocks,
  Field,
  Notification,
  Progress,
  Select,
  Spinner,
  TextInput,
} from '../../../ui/index.ts';
import { stageFile, useCommitUpload, usePolicyUploads } from '../api/uploads.ts';
import u from './uploads.module.css';
import { UploadsSent } from './uploads-sent.tsx';

type Row =
  | { name: string; size: number; state: 'uploading'; progress: number }
  | { name: string; size: number; state: 'staged' }
  | { name: string; size: number; state: 'rejected'; reason: UploadRejectionReason };

/** A file size as people read it: whole KB (at least 1) under a megabyte, else MB to one decimal. */
const megabytes = (bytes: number) =>
  bytes < 1_048_576 ? `${Math.max(1, Math.ceil(bytes / 1024))} KB` : `${(bytes / 1_048_576).toFixed(1)} MB`;

/**
 * The uploads page (spec 3 §4 Upload, §5 Uploads): files are checked as chosen (type by name, size, count),
 * then staged one by one with their progress to 2 decimals; the server checks each by content and a refused
 * one is listed with its reason. Purpose (proof of no-claims bonus first) and an optional comment; send is
 * disabled until at least one file is staged and none is on its way. Then the confirmation page.
 */
export function UploadsPage({ policy, root }: { policy: Policy; root: string }) {
  const uploads = usePolicyUploads(policy.policyId);
  if (uploads.isPending) return <Spinner size="large" />;
  if (uploads.isError) return <Notification variant="critical">{uploads.error.message}</Notification>;
  return <UploadForm policy={policy} root={root} uploads={uploads.data} />;
}

function UploadForm({ policy, root, uploads }: { policy: Policy; root: string; uploads: PolicyUploads }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { limits } = uploads;
  const [rows, setRows] = useState<Row[]>(() =>
    uploads.staged.map((f) => ({ name: f.fileName, size: f.sizeBytes, state: 'staged' as const })),
  );
  const [purpose, setPurpose] = useState<string | null>(limits.purposes[0] ?? null);
  const [comment, setComment] = useState('');
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const commit = useCommitUpload(policy.policyId, idempotencyKey, () => navigate(`${root}/uploads/confirm`));
  const update = (name: string, row: Row) => setRows((all) => all.map((r) => (r.name === name ? row : r)));

  const choose = async (chosen: File[]) => {
    const kept = rows.filter((r) => r.state !== 'rejected' && !chosen.some((f) => f.name === r.name));
    let index = 0;
    const next: Row[] = chosen.map((file) => {
      const reason = preUploadRejection(file, {
        index,
        alreadyStaged: kept.length,
        maxFiles: limits.maxFiles,
      });
      if (reason) return { name: file.name, size: file.size, state: 'rejected', reason };
      index++;
      return { name: file.name, size: file.size, state: 'uploading', progress: 0 };
    });
    setRows([...kept, ...next]);
    for (const file of chosen) {
      if (next.find((r) => r.name === file.name)?.state !== 'uploading') continue;
      const base = { name: file.name, size: file.size };
      try {
        const answer = await stageFile(policy.policyId, file, (loaded, total) =>
          update(file.name, { ...base, state: 'uploading', progress: uploadProgress(loaded, total) }),
        );
        const refused = answer.rejected.find((r) => r.fileName === file.name) ?? answer.rejected[0];
        update(
          file.name,
          refused ? { ...base, state: 'rejected', reason: refused.reason } : { ...base, state: 'staged' },
        );
      } catch {
        update(file.name, { ...base, state: 'rejected', reason: 'unknown' });
      }
    }
  };

  const staged = rows.filter((r) => r.state === 'staged');
  const busy = rows.some((r) => r.state === 'uploading');
  const valid = staged.length > 0 && !busy && purpose !== null;
  const rejected = rows.filter((r) => r.state === 'rejected').length;

  return (
    <div className={blocks.stack}>
      <form
        className={blocks.stack}
        data-testid="upload-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!valid || purpose === null) return;
          commit.mutate({
            fileNames: staged.map((r) => r.name),
            purpose: purpose as UploadPurpose,
            ...(comment.trim() ? { comment: comment.trim() } : {}),
          });
        }}
      >
        <h2 className={blocks.sectionTitle}>{t('policy.uploads.header')}</h2>
        <p>{t('policy.uploads.intro', { max: limits.maxFiles })}</p>
        <Field label={t('policy.uploads.purpose')} required>
          {(control) => (
            <Select
              {...control}
              name="purpose"
              value={purpose}
              onChange={setPurpose}
              options={limits.purposes.map((p) => ({
                value: p,
                label: t(`policy.uploads.purposes.${p}`, p),
              }))}
            />
          )}
        </Field>
        <label className={u.picker}>
          <span>{t('policy.uploads.choose')}</span>
          <span className={blocks.muted}>
            {t('policy.uploads.hint', { max: megabytes(limits.maxBytes) })}
          </span>
          <input
            type="file"
            multiple
            accept={limits.extensions.map((e) => `.${e}`).join(',')}
            data-testid="upload-input"
            onChange={(e) => {
              const files = [...(e.currentTarget.files ?? [])];
              e.currentTarget.value = '';
              if (files.length) void choose(files);
            }}
          />
        </label>
        {rows.length > 0 && (
          <ul className={u.files} aria-label={t('policy.uploads.files')}>
            {rows.map((r) => (
              <li key={r.name} className={u.file} data-state={r.state} data-testid="upload-file">
                <span className={u.name}>{r.name}</span>
                <span className={u.state}>
                  {r.state === 'uploading'
                    ? `${r.progress.toFixed(2)}%`
                    : r.state === 'staged'
                      ? t('policy.uploads.ready', { size: megabytes(r.size) })
                      : t(`policy.uploads.rejected.${r.reason}`, {
                          max: megabytes(limits.maxBytes),
                          count: limits.maxFiles,
                        })}
                </span>
                {r.state === 'uploading' && (
                  <span className={u.bar}>
                    <Progress
                      value={r.progress / 100}
                      label={t('policy.uploads.progress', { name: r.name })}
                    />
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
        {rejected > 0 && (
          <Notification variant="warning" title={t('policy.uploads.someRejected', { count: rejected })}>
            {t('policy.uploads.someRejectedBody')}
          </Notification>
        )}
        <Field label={t('policy.uploads.comment')} optional>
          {(control) => (
            <TextInput {...control} name="comment" value={comment} onChange={setComment} maxLength={500} />
          )}
        </Field>
        {commit.isError && (
          <Notification variant="critical" title={t('policy.uploads.failed')}>
            {commit.error.message}
          </Notification>
        )}
        <div className={blocks.actions}>
          <Button type="submit" disabled={!valid} loading={commit.isPending} data-testid="send-uploads">
            {t('policy.uploads.submit', { count: staged.length })}
          </Button>
          <Button to={root} variant="tertiary">
            {t('policy.uploads.back')}
          </Button>
        </div>
      </form>
      <UploadsSent uploads={uploads} policyId={policy.policyId} />
    </div>
  );
}
