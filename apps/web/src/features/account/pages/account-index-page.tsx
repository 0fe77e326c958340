import type { AccountSetting, Policyholder } from '@forecourt/contracts/identity';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../app/page/page.tsx';
import { usePolicyholder } from '../../../lib/auth/use-policyholder.ts';
import { useConfig } from '../../../lib/config.tsx';
import styles from '../account.module.css';
import '../page-texts.ts';
import { Button, Modal, Spinner } from '../../../ui/index.ts';

/** '+447700900123' → '07700 900123' (UK numbers shown the way people write them). */
export function displayPhone(phone: string): string {
  const m = /^\+44(\d{4})(\d+)$/.exec(phone);
  return m ? `0${m[1]} ${m[2]}` : phone;
}

export function settingValue(setting: AccountSetting, p: Policyholder, t: (k: string) => string): string {
  if (setting === 'email') return p.email ?? t('account.notSet');
  if (setting === 'phoneNumber') return p.phoneNumber ? displayPhone(p.phoneNumber) : t('account.notSet');
  const on = (['email', 'phone', 'sms'] as const).filter((c) => p.marketingPreferences[c]);
  return on.length ? on.map((c) => t(`account.marketing.${c}`)).join(', ') : t('account.marketing.none');
}

/** /account: each setting with Update; read-only settings explain themselves in a modal instead. */
export function AccountIndexPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useConfig();
  const { data } = usePolicyholder();
  const [readOnly, setReadOnly] = useState<AccountSetting | undefined>();
  const settings = config.account?.settings ?? [];
  return (
    <Page
      data-page="account"
      width="narrow"
      back={{ to: '/', label: t('account.back') }}
      header={t('account.header')}
      subheader={t('account.subheader')}
    >
      {!data ? (
        <Spinner />
      ) : (
        <ul className={styles.list}>
          {settings.map((s) => (
            <li key={s} className={styles.row} data-setting={s}>
              <div>
                <span className={styles.label}>{t(`account.setting.${s}`)}</span>
                <span className={styles.value}>{settingValue(s, data, t)}</span>
              </div>
              <Button
                variant="secondary"
                layout="small"
                data-testid={`update-${s}`}
                onClick={() =>
                  data.readOnlySettings.includes(s) ? setReadOnly(s) : navigate(`/account/${s}`)
                }
              >
                {t('account.update')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={readOnly !== undefined}
        onClose={() => setReadOnly(undefined)}
        variant="feedback"
        title={t('account.readOnly.header')}
        footer={<Button onClick={() => setReadOnly(undefined)}>{t('account.readOnly.ok')}</Button>}
      >
        <p>
          {t('account.readOnly.body', {
            setting: readOnly ? t(`account.setting.${readOnly}`).toLowerCase() : '',
          })}
        </p>
      </Modal>
    </Page>
  );
}
