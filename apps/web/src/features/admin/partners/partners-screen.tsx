import {
  PARTNER_EVENT_TYPES,
  type PartnerEndpoint,
  type PartnerEndpointWithSecret,
  type PartnerEventType,
} from '@forecourt/contracts/partners';
import { formatLondon } from '@forecourt/domain/dates';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api/errors.ts';
import { useConfig } from '../../../lib/config.tsx';
import {
  Button,
  Checkbox,
  Field,
  inputClasses,
  Notification,
  Spinner,
  TextInput,
} from '../../../ui/index.ts';
import { AdminFrame } from '../admin-frame.tsx';
import {
  useCreatePartnerEndpoint,
  usePartnerDeliveries,
  usePartnerEndpoints,
  useReplayPartnerEvents,
  useRollPartnerSecret,
  useSetPartnerEndpointEnabled,
} from '../api/partners.ts';
import styles from './partners.module.css';
import './texts.ts';

const when = (iso: string) => formatLondon(iso, 'd MMM yyyy, HH:mm:ss');
const failure = (t: (k: string, o?: Record<string, unknown>) => string, error: unknown) =>
  error ? t('admin.partners.actionFailed', { message: (error as Error).message }) : undefined;

/**
 * {ADMIN_PATH}/partners (issue 31, ADR 362): the brand's partner webhook endpoints. Staff with partner:admin
 * list and add endpoints (the signing secret is shown once), enable or disable them, roll the secret, read an
 * endpoint's deliveries and replay one event or every event since a time. No customer is impersonated.
 */
export function PartnersScreen() {
  const { t } = useTranslation();
  const { basename } = useConfig();
  const list = usePartnerEndpoints();
  const [secret, setSecret] = useState<PartnerEndpointWithSecret | undefined>();
  const [selected, setSelected] = useState<string | undefined>();
  return (
    <AdminFrame page="admin-partners" wide>
      <h1>{t('admin.partners.header')}</h1>
      <p>{t('admin.partners.body')}</p>
      {secret && <SecretOnce endpoint={secret} onDone={() => setSecret(undefined)} />}
      {list.isError ? (
        <Notification variant="warning">{t('admin.partners.loadError')}</Notification>
      ) : !list.data ? (
        <Spinner label="" />
      ) : list.data.length === 0 ? (
        <Notification variant="info">{t('admin.partners.empty')}</Notification>
      ) : (
        <ul className={styles.list} data-testid="partner-endpoints">
          {list.data.map((e) => (
            <EndpointItem
              key={e.id}
              endpoint={e}
              onSecret={setSecret}
              onDeliveries={() => setSelected(e.id)}
            />
          ))}
        </ul>
      )}
      {selected && list.data?.some((e) => e.id === selected) && (
        <Deliveries endpoint={list.data.find((e) => e.id === selected)!} />
      )}
      <CreateForm onCreated={setSecret} />
      <p className={styles.links}>
        <a href={`${basename.replace(/\/$/, '')}/partners/keys`}>{t('admin.partners.keys')}</a> ·{' '}
        <a href={`${basename.replace(/\/$/, '')}/`}>{t('admin.partners.customers')}</a>
      </p>
    </AdminFrame>
  );
}

function SecretOnce({ endpoint, onDone }: { endpoint: PartnerEndpointWithSecret; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Notification variant="info" title={t('admin.partners.secret.header')}>
      <span className={styles.url}>{endpoint.url}</span>
      <code className={styles.secret} data-testid="partner-secret">
        {endpoint.secret}
      </code>
      {t('admin.partners.secret.body')}{' '}
      <Button variant="secondary" layout="small" onClick={onDone}>
        {t('admin.partners.secret.done')}
      </Button>
    </Notification>
  );
}

function EndpointItem({
  endpoint: e,
  onSecret,
  onDeliveries,
}: {
  endpoint: PartnerEndpoint;
  onSecret: (s: PartnerEndpointWithSecret) => void;
  onDeliveries: () => void;
}) {
  const { t } = useTranslation();
  const toggle = useSetPartnerEndpointEnabled();
  const roll = useRollPartnerSecret();
  const error = failure(t, toggle.error ?? roll.error);
  return (
    <li className={styles.item} data-endpoint={e.id}>
      <span className={styles.url}>{e.url}</span>
      <span className={styles.badge} data-enabled={String(e.enabled)}>
        {e.enabled ? t('admin.partners.enabled') : t('admin.partners.disabled')}
      </span>
      <div className={styles.muted}>
        {t('admin.partners.events', { count: e.eventTypes.length })} · {t('admin.partners.contact')}{' '}
        {e.contactEmail}
        {e.disabledReason ? ` · ${e.disabledReason}` : ''}
      </div>
      <div className={styles.row}>
        <Button
          variant="secondary"
          layout="small"
          loading={toggle.isPending}
          onClick={() => toggle.mutate({ id: e.id, enabled: !e.enabled })}
        >
          {e.enabled ? t('admin.partners.disable') : t('admin.partners.enable')}
        </Button>
        <Button
          variant="secondary"
          layout="small"
          loading={roll.isPending}
          onClick={() => roll.mutate(e.id, { onSuccess: onSecret })}
        >
          {t('admin.partners.roll')}
        </Button>
        <Button variant="tertiary" layout="small" onClick={onDeliveries}>
          {t('admin.partners.deliveries')}
        </Button>
      </div>
      {error && <Notification variant="critical">{error}</Notification>}
    </li>
  );
}

function Deliveries({ endpoint }: { endpoint: PartnerEndpoint }) {
  const { t } = useTranslation();
  const log = usePartnerDeliveries(endpoint.id);
  const replay = useReplayPartnerEvents(endpoint.id);
  const [since, setSince] = useState('');
  const [sinceError, setSinceError] = useState<string | undefined>();
  const replayAll = (ev: FormEvent) => {
    ev.preventDefault();
    const at = since ? new Date(since) : undefined;
    if (!at || Number.isNaN(at.getTime())) return setSinceError(t('admin.partners.since.required'));
    replay.mutate({ since: at.toISOString() });
  };
  return (
    <section className={styles.section} data-testid="partner-deliveries">
      <h2>{t('admin.partners.log.header', { url: endpoint.url })}</h2>
      {replay.data && (
        <Notification variant="success">
          {t('admin.partners.replayed', { count: replay.data.queued })}
        </Notification>
      )}
      {replay.error && <Notification variant="critical">{failure(t, replay.error)}</Notification>}
      {log.isError ? (
        <Notification variant="warning">{t('admin.partners.log.loadError')}</Notification>
      ) : !log.data ? (
        <Spinner label="" />
      ) : log.data.length === 0 ? (
        <Notification variant="info">{t('admin.partners.log.empty')}</Notification>
      ) : (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>{t('admin.partners.log.event')}</th>
                <th>{t('admin.partners.log.policy')}</th>
                <th>{t('admin.partners.log.status')}</th>
                <th>{t('admin.partners.log.code')}</th>
                <th>{t('admin.partners.log.duration')}</th>
                <th>{t('admin.partners.log.attempts')}</th>
                <th>{t('admin.partners.log.when')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {log.data.map((d) => (
                <tr key={d.id} data-delivery={d.id}>
                  <td>{d.eventType}</td>
                  <td>{d.policyNumber}</td>
                  <td title={d.lastError ?? undefined}>{t(`admin.partners.log.${d.status}`)}</td>
                  <td>{d.lastResponseCode ?? '–'}</td>
                  <td>{d.durationMs === null ? '–' : `${d.durationMs} ms`}</td>
                  <td>{d.attempts}</td>
                  <td>{when(d.createdAt)}</td>
                  <td>
                    <Button
                      variant="tertiary"
                      layout="small"
                      aria-label={t('admin.partners.log.replayEvent', {
                        type: d.eventType,
                        policy: d.policyNumber ?? '',
                      })}
                      onClick={() => replay.mutate({ eventId: d.eventId })}
                    >
                      {t('admin.partners.log.replay')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form onSubmit={replayAll} noValidate>
        <Field label={t('admin.partners.since')} error={sinceError}>
          {(control) => (
            <input
              id={control.id}
              aria-describedby={control['aria-describedby']}
              aria-invalid={control['aria-invalid'] || undefined}
              type="datetime-local"
              className={inputClasses.input}
              value={since}
              onChange={(ev) => {
                setSince(ev.target.value);
                setSinceError(undefined);
              }}
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" loading={replay.isPending}>
          {t('admin.partners.since.submit')}
        </Button>
      </form>
    </section>
  );
}

function CreateForm({ onCreated }: { onCreated: (s: PartnerEndpointWithSecret) => void }) {
  const { t } = useTranslation();
  const create = useCreatePartnerEndpoint();
  const [url, setUrl] = useState('');
  const [email, setEmail] = useState('');
  const [types, setTypes] = useState<PartnerEventType[]>([...PARTNER_EVENT_TYPES]);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const apiErrors = isApiError(create.error) ? create.error.fieldErrors : undefined;
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const found = {
      url: url.trim() ? undefined : t('admin.partners.url.required'),
      contactEmail: email.trim() ? undefined : t('admin.partners.email.required'),
      eventTypes: types.length > 0 ? undefined : t('admin.partners.types.required'),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    create.mutate(
      { url: url.trim(), contactEmail: email.trim(), eventTypes: types },
      {
        onSuccess: (created) => {
          onCreated(created);
          setUrl('');
          setEmail('');
        },
      },
    );
  };
  const otherError = create.error && !apiErrors ? failure(t, create.error) : undefined;
  return (
    <form onSubmit={submit} noValidate className={styles.section} data-testid="partner-create">
      <h2>{t('admin.partners.create')}</h2>
      <Field
        label={t('admin.partners.url')}
        hint={t('admin.partners.url.hint')}
        error={errors.url ?? apiErrors?.url?.[0]}
        required
      >
        {(control) => <TextInput {...control} name="url" value={url} onChange={setUrl} />}
      </Field>
      <Field
        label={t('admin.partners.email')}
        hint={t('admin.partners.email.hint')}
        error={errors.contactEmail ?? apiErrors?.contactEmail?.[0]}
        required
      >
        {(control) => (
          <TextInput {...control} type="email" name="contactEmail" value={email} onChange={setEmail} />
        )}
      </Field>
      <Field label={t('admin.partners.types')} error={errors.eventTypes} group required>
        {() => (
          <div className={styles.types}>
            {PARTNER_EVENT_TYPES.map((type) => (
              <Checkbox
                key={type}
                name={type}
                value={types.includes(type)}
                onChange={(on) => setTypes((now) => (on ? [...now, type] : now.filter((x) => x !== type)))}
                label={type}
              />
            ))}
          </div>
        )}
      </Field>
      {otherError && <Notification variant="critical">{otherError}</Notification>}
      <Button type="submit" loading={create.isPending}>
        {t('admin.partners.submit')}
      </Button>
    </form>
  );
}
