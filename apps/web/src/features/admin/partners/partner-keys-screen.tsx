import type { PartnerKey } from '@forecourt/contracts/partner-quotes';
import { formatLondon } from '@forecourt/domain/dates';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config.tsx';
import { Button, Field, Notification, Spinner, TextInput } from '../../../ui/index.ts';
import { AdminFrame } from '../admin-frame.tsx';
import { useCreatePartnerKey, usePartnerKeys, useRevokePartnerKey } from '../api/partner-keys.ts';
import styles from './partner-keys.module.css';
import './keys-texts.ts';

const when = (iso: string) => formatLondon(iso, 'd MMM yyyy, HH:mm');

/**
 * {ADMIN_PATH}/partners/keys (issue 31 part 2, ADR 363): the brand's partner API keys (prefixes only), a form
 * that creates one and shows it once, and revocation. No customer is impersonated; the API needs partner:admin
 * and audits each change.
 */
export function PartnerKeysScreen() {
  const { t } = useTranslation();
  const { basename } = useConfig();
  const keys = usePartnerKeys();
  return (
    <AdminFrame page="admin-partner-keys" wide>
      <h1>{t('admin.partnerKeys.header')}</h1>
      <p>{t('admin.partnerKeys.body')}</p>
      <CreateKey />
      {keys.isError ? (
        <Notification variant="warning">{t('admin.partnerKeys.loadError')}</Notification>
      ) : !keys.data ? (
        <Spinner label="" />
      ) : keys.data.keys.length === 0 ? (
        <Notification variant="info">{t('admin.partnerKeys.empty')}</Notification>
      ) : (
        <ul className={styles.keys} data-testid="partner-keys">
          {keys.data.keys.map((k) => (
            <KeyRow key={k.id} item={k} />
          ))}
        </ul>
      )}
      <p>
        <a href={`${basename.replace(/\/$/, '')}/partners`}>{t('admin.partnerKeys.webhooks')}</a> ·{' '}
        <a href={`${basename.replace(/\/$/, '')}/`}>{t('admin.partnerKeys.customers')}</a>
      </p>
    </AdminFrame>
  );
}

function CreateKey() {
  const { t } = useTranslation();
  const [partner, setPartner] = useState('');
  const create = useCreatePartnerKey();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (partner.trim()) create.mutate(partner.trim(), { onSuccess: () => setPartner('') });
  };
  return (
    <>
      <form className={styles.create} onSubmit={submit}>
        <Field label={t('admin.partnerKeys.partner')}>
          {(control) => <TextInput {...control} value={partner} onChange={setPartner} autoComplete="off" />}
        </Field>
        <Button type="submit" loading={create.isPending} disabled={!partner.trim()}>
          {t('admin.partnerKeys.create')}
        </Button>
      </form>
      {create.isError && <Notification variant="warning">{t('admin.partnerKeys.createError')}</Notification>}
      {create.data && (
        <Notification variant="success">
          {t('admin.partnerKeys.created', { partner: create.data.partner })}
          <code className={styles.secret} data-testid="new-partner-key">
            {create.data.key}
          </code>
        </Notification>
      )}
    </>
  );
}

function KeyRow({ item }: { item: PartnerKey }) {
  const { t } = useTranslation();
  const revoke = useRevokePartnerKey();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className={styles.key} data-key={item.keyPrefix}>
      <div>
        <strong>{item.partner}</strong>{' '}
        <span className={styles.prefix}>
          {t('admin.partnerKeys.prefix')} {item.keyPrefix}…
        </span>
        <div className={styles.muted}>
          {t('admin.partnerKeys.createdAt', { when: when(item.createdAt), by: item.createdBy })} ·{' '}
          {item.revokedAt
            ? t('admin.partnerKeys.revoked', { when: when(item.revokedAt) })
            : t('admin.partnerKeys.active')}
        </div>
        {revoke.isError && (
          <Notification variant="warning">{t('admin.partnerKeys.revokeError')}</Notification>
        )}
      </div>
      {!item.revokedAt &&
        (confirming ? (
          <Button
            variant="destructive"
            layout="small"
            loading={revoke.isPending}
            onClick={() => revoke.mutate(item.id)}
          >
            {t('admin.partnerKeys.confirmRevoke', { prefix: item.keyPrefix })}
          </Button>
        ) : (
          <Button variant="secondary" layout="small" onClick={() => setConfirming(true)}>
            {t('admin.partnerKeys.revoke')}
          </Button>
        ))}
    </li>
  );
}
