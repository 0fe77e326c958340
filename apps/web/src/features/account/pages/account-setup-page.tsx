import type {
  RegisterAccountCodeSent,
  RegisterAccountResponse,
  ValidateAccountResponse,
} from '@forecourt/contracts/identity';
import type { Proposal } from '@forecourt/contracts/proposals';
import { policyholderOf } from '@forecourt/domain/proposal/readers';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Page } from '../../../app/page/page.tsx';
import { api } from '../../../lib/api/client.ts';
import { useAuth } from '../../../lib/auth/auth-context.tsx';
import { ANONYMOUS_TOKEN_KEY } from '../../../lib/session/anonymous-session.ts';
import styles from '../account.module.css';
import { CodeEntry, codeErrorOf } from '../components/code-entry.tsx';
import '../page-texts.ts';
import { Button, Modal, Notification, Spinner } from '../../../ui/index.ts';

type Registration = RegisterAccountCodeSent | RegisterAccountResponse;

/**
 * Account set-up in the quote flow (spec 3 §4 step 5; ADR 120): Continue validates the account and
 * asks for a code to the policyholder's e-mail; the visitor enters it, the account is made, and the
 * visitor is signed in (the one-use ticket saves a second code) and goes on to the summary. A visitor
 * who already has an account was e-mailed instead: "Sign in instead" moves the quote into it.
 */
export function AccountSetupPage({
  proposalCode: given,
  onContinue,
}: {
  proposalCode?: string;
  onContinue?: () => void;
}) {
  const { t } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { user, client } = useAuth();
  const code = given ?? params.proposalCode ?? params.code ?? '';
  const [conflict, setConflict] = useState(false);
  const [sentTo, setSentTo] = useState<string>();
  const [codeError, setCodeError] = useState<string>();
  const proposal = useQuery({
    queryKey: ['proposal', code],
    queryFn: ({ signal }) => api<Proposal>(`/proposals/${encodeURIComponent(code)}`, { signal }),
    enabled: Boolean(code),
  });
  const email = policyholderOf(proposal.data?.data).email;
  const next = onContinue ?? (() => navigate('../summary', { relative: 'path' }));
  const accountUrl = `/proposals/${encodeURIComponent(code)}/account`;
  // Where the visitor carries on once signed in: this page's sibling, the summary.
  const summaryPath = location.pathname.replace(/\/account-setup\/?$/, '/summary');

  const finish = async (done: RegisterAccountResponse) => {
    if (user) return next();
    // The anonymous session ended with the account (its token reaches nothing now): forget it.
    window.sessionStorage.removeItem(ANONYMOUS_TOKEN_KEY);
    await client.signIn(summaryPath, done.signInTicket ? { loginHint: `ticket:${done.signInTicket}` } : {});
  };
  const proceed = useMutation({
    mutationFn: async () => {
      const check = await api<ValidateAccountResponse>('/policyholder/validateAccount', {
        method: 'POST',
        body: { source: code },
      });
      if (check.validationStatus === 'CONFLICT') return 'CONFLICT' as const;
      return api<Registration>(accountUrl, { method: 'POST' });
    },
    onSuccess: async (result) => {
      if (result === 'CONFLICT') return setConflict(true);
      if (result.status === 'CODE_SENT') return setSentTo(result.email);
      await finish(result);
    },
    meta: { errorModal: false },
  });
  const confirm = useMutation({
    mutationFn: (entered: string) =>
      api<RegisterAccountResponse>(accountUrl, { method: 'POST', body: { code: entered } }),
    onMutate: () => setCodeError(undefined),
    onSuccess: finish,
    onError: (e) => setCodeError(codeErrorOf(e)),
    meta: { errorModal: false },
  });
  const resend = useMutation({
    mutationFn: () => api<Registration>(accountUrl, { method: 'POST' }),
    onSuccess: () => setCodeError(t('code.resent')),
    onError: (e) => setCodeError(codeErrorOf(e)),
    meta: { errorModal: false },
  });
  const signingIn = confirm.isSuccess && !user;

  return (
    <Page
      data-page="account-setup"
      width="narrow"
      header={t(
        user ? 'accountSetup.signedInHeader' : sentTo ? 'accountSetup.verifyHeader' : 'accountSetup.header',
      )}
      subheader={t('accountSetup.subheader')}
    >
      {proposal.isPending || signingIn ? (
        <Spinner label={signingIn ? t('accountSetup.signingIn') : undefined} />
      ) : sentTo && !user ? (
        <div className={styles.form}>
          <CodeEntry
            destination={sentTo}
            error={codeError}
            busy={confirm.isPending || resend.isPending}
            onSubmit={(entered) => confirm.mutate(entered)}
            onResend={() => resend.mutate()}
          />
          <p className={styles.note}>{t('accountSetup.alreadyHave')}</p>
          <div className={styles.actions}>
            <Button
              variant="secondary"
              onClick={() => void client.signIn(location.pathname)}
              data-testid="account-setup-sign-in"
            >
              {t('accountSetup.signIn')}
            </Button>
          </div>
        </div>
      ) : (
        <div className={styles.form}>
          {user ? (
            <Notification variant="success">
              {t('accountSetup.signedIn', { username: user.username })}
            </Notification>
          ) : email ? (
            <div>
              <p className={styles.note}>{t('accountSetup.email')}</p>
              <p className={styles.email} data-testid="account-email">
                {email}
              </p>
              <p className={styles.note}>{t('accountSetup.noPassword')}</p>
            </div>
          ) : (
            <Notification variant="warning">{t('accountSetup.missingEmail')}</Notification>
          )}
          {proceed.isError && <Notification variant="critical">{codeErrorOf(proceed.error)}</Notification>}
          <div className={styles.actions}>
            <Button
              layout="fixed"
              loading={proceed.isPending}
              disabled={!user && !email}
              onClick={() => proceed.mutate()}
              data-testid="account-setup-continue"
            >
              {t('accountSetup.continue')}
            </Button>
          </div>
        </div>
      )}
      <Modal
        open={conflict}
        onClose={() => setConflict(false)}
        variant="feedback"
        title={t('accountSetup.conflict.header')}
        footer={
          <div className={styles.actions}>
            <Button onClick={() => void client.signIn(location.pathname)} data-testid="conflict-sign-in">
              {t('accountSetup.conflict.signIn')}
            </Button>
            <Button variant="tertiary" onClick={() => setConflict(false)}>
              {t('accountSetup.conflict.cancel')}
            </Button>
          </div>
        }
      >
        <p>{t('accountSetup.conflict.body')}</p>
      </Modal>
    </Page>
  );
}
