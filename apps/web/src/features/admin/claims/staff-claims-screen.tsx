import { CLAIM_REFERENCE_PATTERN, type StaffClaimDetail } from '@forecourt/contracts/claims';
import { formatLondon } from '@forecourt/domain/dates';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api/errors.ts';
import { useConfig } from '../../../lib/config.tsx';
import { Button, Checkbox, Field, Notification, RadioGroup, Spinner, TextArea } from '../../../ui/index.ts';
import { AdminFrame } from '../admin-frame.tsx';
import { useMoveStaffClaim, useStaffClaim, useStaffClaims } from '../api/staff-claims.ts';
import styles from './staff-claims.module.css';
import './texts.ts';

const NOTE_MAX = 2000;
const when = (iso: string) => formatLondon(iso, 'd MMM yyyy, HH:mm');

/**
 * {ADMIN_PATH}/claims[/{claimReference}] (issue 28 defect 9, ADR 354): the staff queue of claims (open first,
 * oldest first), and one claim with what the customer reported, the documents sent on the policy, its whole
 * history and the form that moves it on through the claim machine with a note, internal or for the customer.
 * No customer is impersonated; the API needs action:claims.
 */
export function StaffClaimsScreen({ path }: { path: string }) {
  const reference = path.replace(/^\/claims\/?/, '').split('/')[0] ?? '';
  return (
    <AdminFrame page={reference ? 'admin-claim' : 'admin-claims'} wide>
      {reference ? <ClaimDetail reference={reference} /> : <Queue />}
    </AdminFrame>
  );
}

function useBase() {
  const { basename } = useConfig();
  return basename.replace(/\/$/, '');
}

function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span className={styles.badge} data-status={status}>
      {t(`admin.claims.status.${status}`)}
    </span>
  );
}

function Queue() {
  const { t } = useTranslation();
  const base = useBase();
  const queue = useStaffClaims();
  return (
    <>
      <h1>{t('admin.claims.header')}</h1>
      <p>{t('admin.claims.body')}</p>
      {queue.isError ? (
        <Notification variant="warning">{t('admin.claims.loadError')}</Notification>
      ) : !queue.data ? (
        <Spinner label="" />
      ) : queue.data.length === 0 ? (
        <Notification variant="info">{t('admin.claims.empty')}</Notification>
      ) : (
        <ul className={styles.queue} data-testid="claims-queue">
          {queue.data.map((c) => (
            <li key={c.claimReference} className={styles.item} data-claim={c.claimReference}>
              <div>
                <strong>{t(`admin.claims.claimType.${c.claimType}`, { defaultValue: c.claimType })}</strong>{' '}
                <StatusBadge status={c.status} />
                <div className={styles.muted}>
                  <span className={styles.reference}>{c.claimReference}</span> · {t('admin.claims.policy')}{' '}
                  {c.policyNumber}
                </div>
                <div className={styles.muted}>
                  {t('admin.claims.customer')} {c.insuredName}
                  {c.customerEmail ? ` (${c.customerEmail})` : ''} · {t('admin.claims.notified')}{' '}
                  {when(c.notifiedAt)}
                </div>
              </div>
              <a
                className={styles.open}
                href={`${base}/claims/${c.claimReference}`}
                aria-label={t('admin.claims.open', { reference: c.claimReference })}
              >
                {t('admin.claims.view')}
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.links}>
        <a href={`${base}/`}>{t('admin.claims.customers')}</a>
      </p>
    </>
  );
}

function ClaimDetail({ reference }: { reference: string }) {
  const { t } = useTranslation();
  const base = useBase();
  const valid = CLAIM_REFERENCE_PATTERN.test(reference);
  const claim = useStaffClaim(valid ? reference : 'CLM-0000-0000-0000');
  // Kept here: the form starts afresh (keyed by status) after each move.
  const [moved, setMoved] = useState<string | undefined>();
  const back = (
    <p className={styles.links}>
      <a href={`${base}/claims`}>{t('admin.claims.back')}</a>
    </p>
  );
  if (!valid || claim.isError)
    return (
      <>
        {back}
        <Notification variant="warning">{t('admin.claims.missing')}</Notification>
      </>
    );
  if (!claim.data) return <Spinner label="" />;
  const c = claim.data;
  return (
    <>
      {back}
      <h1>
        <span className={styles.reference}>{c.claimReference}</span> <StatusBadge status={c.status} />
      </h1>
      <p>
        {t(`admin.claims.claimType.${c.claimType}`, { defaultValue: c.claimType })} ·{' '}
        {t('admin.claims.policy')} {c.policyNumber} · {c.insuredName}
        {c.customerEmail ? ` (${c.customerEmail})` : ''}
      </p>
      <Report claim={c} />
      <h2>{t('admin.claims.uploads')}</h2>
      {c.uploads.length === 0 ? (
        <p>{t('admin.claims.uploads.none')}</p>
      ) : (
        <ul data-testid="claim-uploads">
          {c.uploads.map((u) => (
            <li key={u.committedAt}>
              {t('admin.claims.uploads.item', {
                date: when(u.committedAt),
                purpose: t(`admin.claims.purpose.${u.purpose}`, { defaultValue: u.purpose }),
                files: u.fileNames.join(', '),
              })}
              {u.comment ? ` (${u.comment})` : ''}
            </li>
          ))}
        </ul>
      )}
      <History claim={c} />
      {moved && <Notification variant="success">{t('admin.claims.moved', { status: moved })}</Notification>}
      {c.moves.length === 0 ? (
        <Notification variant="info">{t('admin.claims.settled')}</Notification>
      ) : (
        <MoveForm key={c.status} claim={c} onMoved={setMoved} />
      )}
    </>
  );
}

function Report({ claim }: { claim: StaffClaimDetail }) {
  const { t } = useTranslation();
  const r = claim.report;
  const other = r.otherParty
    ? [r.otherParty.name, r.otherParty.vehicleRegistration, r.otherParty.insurer, r.otherParty.contact]
        .filter(Boolean)
        .join(' · ')
    : '';
  return (
    <>
      <h2>{t('admin.claims.report')}</h2>
      <dl className={styles.facts} data-testid="claim-report">
        <dt>{t('admin.claims.type')}</dt>
        <dd>
          {t(`admin.claims.claimType.${claim.claimType}`, { defaultValue: claim.claimType })}
          {claim.claimSubType
            ? ` (${t(`admin.claims.subType.${claim.claimSubType}`, { defaultValue: claim.claimSubType })})`
            : ''}
        </dd>
        <dt>{t('admin.claims.occurred')}</dt>
        <dd>{when(claim.occurredAt)}</dd>
        <dt>{t('admin.claims.notified')}</dt>
        <dd>
          {when(claim.notifiedAt)} · {t(`admin.claims.source.${claim.source}`)}
        </dd>
        <dt>{t('admin.claims.location')}</dt>
        <dd>{r.location}</dd>
        <dt>{t('admin.claims.description')}</dt>
        <dd>{r.description}</dd>
        <dt>{t('admin.claims.otherParty')}</dt>
        <dd>{other || t('admin.claims.none')}</dd>
        <dt>{t('admin.claims.witnesses')}</dt>
        <dd>
          {r.witnesses.length
            ? r.witnesses.map((w) => [w.name, w.contact].filter(Boolean).join(', ')).join('; ')
            : t('admin.claims.none')}
        </dd>
        <dt>{t('admin.claims.injuries')}</dt>
        <dd>
          {r.injuries
            ? t('admin.claims.injuries.yes', { details: r.injuryDetails ?? '' })
            : t('admin.claims.injuries.no')}
        </dd>
        <dt>{t('admin.claims.police')}</dt>
        <dd>{r.policeReference ?? t('admin.claims.none')}</dd>
      </dl>
    </>
  );
}

function History({ claim }: { claim: StaffClaimDetail }) {
  const { t } = useTranslation();
  return (
    <>
      <h2>{t('admin.claims.history')}</h2>
      <ol className={styles.history} data-testid="claim-history">
        {claim.events.map((e) => {
          const who =
            e.actorKind === 'staff'
              ? (e.actorEmail ?? t('admin.claims.who.staff'))
              : t(`admin.claims.who.${e.actorKind}`);
          const status = (s: string) => t(`admin.claims.status.${s}`);
          return (
            <li key={`${e.createdAt}-${e.toStatus}`}>
              <div className={styles.muted}>
                {e.fromStatus
                  ? t('admin.claims.event', {
                      date: when(e.createdAt),
                      from: status(e.fromStatus),
                      to: status(e.toStatus),
                      who,
                    })
                  : t('admin.claims.event.first', { date: when(e.createdAt), to: status(e.toStatus), who })}
                {e.actorKind === 'staff' && (
                  <>
                    {' '}
                    ·{' '}
                    <strong>
                      {e.customerVisible ? t('admin.claims.forCustomer') : t('admin.claims.internal')}
                    </strong>
                  </>
                )}
              </div>
              {e.note && <p className={styles.note}>{e.note}</p>}
            </li>
          );
        })}
      </ol>
    </>
  );
}

function MoveForm({ claim, onMoved }: { claim: StaffClaimDetail; onMoved: (status?: string) => void }) {
  const { t } = useTranslation();
  const moveClaim = useMoveStaffClaim(claim.claimReference);
  const [to, setTo] = useState<'active' | 'settled'>(claim.moves[0] ?? 'active');
  const [note, setNote] = useState('');
  const [customerVisible, setCustomerVisible] = useState(false);
  const [noteError, setNoteError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const given = note.trim();
    if (!given) return setNoteError(t('admin.claims.note.required'));
    if (given.length > NOTE_MAX) return setNoteError(t('admin.claims.note.tooLong'));
    moveClaim.mutate(
      { to, note: given, customerVisible },
      { onSuccess: (moved) => onMoved(t(`admin.claims.status.${moved.status}`)) },
    );
  };
  const failure = moveClaim.error
    ? isApiError(moveClaim.error) && moveClaim.error.status === 409
      ? t('admin.claims.conflict')
      : t('admin.claims.failed', { message: moveClaim.error.message })
    : undefined;
  return (
    <form onSubmit={submit} noValidate className={styles.form} data-testid="claim-move">
      <h2>{t('admin.claims.move')}</h2>
      <Field label={t('admin.claims.move.to')} group required>
        {(control) => (
          <RadioGroup
            {...control}
            name="to"
            value={to}
            onChange={(v) => setTo(v === 'settled' ? 'settled' : 'active')}
            options={claim.moves.map((m) => ({ value: m, label: t(`admin.claims.move.${m}`) }))}
          />
        )}
      </Field>
      <Field label={t('admin.claims.note')} hint={t('admin.claims.note.hint')} error={noteError} required>
        {(control) => (
          <TextArea
            {...control}
            aria-required
            name="note"
            value={note}
            maxLength={NOTE_MAX}
            onChange={(v) => {
              setNote(v);
              setNoteError(undefined);
              onMoved(undefined);
            }}
          />
        )}
      </Field>
      <Checkbox
        name="customerVisible"
        value={customerVisible}
        onChange={setCustomerVisible}
        label={t('admin.claims.customerVisible')}
        hint={t('admin.claims.customerVisible.hint')}
      />
      {failure && <Notification variant="critical">{failure}</Notification>}
      <div className={styles.actions}>
        <Button type="submit" data-testid="claim-move-submit" loading={moveClaim.isPending}>
          {t('admin.claims.submit')}
        </Button>
      </div>
    </form>
  );
}
