import type { Proposal } from '@forecourt/contracts/proposals';
import { isEmail } from '@forecourt/domain/patterns';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api/client.ts';
import { isApiError } from '../../../lib/api/errors.ts';
import { Button, Field, Notification, TextInput } from '../../../ui/index.ts';
import styles from './quote-components.module.css';

const retainQuote = (code: string, email: string) =>
  api<unknown>(`/proposals/${encodeURIComponent(code)}/retain`, { method: 'POST', body: { email } });

function holderEmail(proposal: Proposal): string {
  const profiles = (proposal.data as { profiles?: { policyholder?: boolean; data?: { email?: unknown } }[] })
    .profiles;
  const email = profiles?.find((p) => p.policyholder)?.data?.email;
  return typeof email === 'string' ? email : '';
}

/**
 * Save my quote (spec 3 §7 retain): e-mails the customer their quote reference with a link to pick it up
 * again; the address starts as the one given in the quote.
 */
export function SaveQuote({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(() => holderEmail(proposal));
  const [checked, setChecked] = useState(false);
  const save = useMutation({ mutationFn: (to: string) => retainQuote(proposal.proposalCode, to) });
  const valid = isEmail(email);
  const limited = isApiError(save.error) && save.error.status === 429;
  return (
    <div className={styles.saveQuote}>
      <p>{t('quote.save.intro', { reference: proposal.externalReference })}</p>
      <Field
        label={t('quote.save.email')}
        error={checked && !valid ? t('quote.save.invalidEmail') : undefined}
      >
        {(control) => (
          <TextInput
            {...control}
            type="email"
            autoComplete="email"
            value={email}
            onBlur={() => setChecked(true)}
            onChange={(v) => {
              setEmail(v);
              save.reset();
            }}
          />
        )}
      </Field>
      <Button
        variant="secondary"
        loading={save.isPending}
        onClick={() => {
          setChecked(true);
          if (valid) save.mutate(email.trim());
        }}
      >
        {t('quote.save.send')}
      </Button>
      <div aria-live="polite">
        {save.isSuccess && (
          <Notification variant="success">
            {t('quote.save.sent', { email: email.trim(), reference: proposal.externalReference })}
          </Notification>
        )}
        {save.isError && (
          <Notification variant="critical">
            {t(limited ? 'quote.save.limited' : 'quote.save.failed')}
          </Notification>
        )}
      </div>
    </div>
  );
}
