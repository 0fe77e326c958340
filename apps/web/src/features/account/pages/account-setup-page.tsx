import type { RegisterAccountResponse, ValidateAccountResponse } from '@forecourt/contracts/identity';
import type { Proposal } from '@forecourt/contracts/proposals';
import { policyholderOf } from '@forecourt/domain/proposal/readers';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Page } from '../../../app/page/page.tsx';
import { api } from '../../../lib/api/client.ts';
import { useAuth } from '../../../lib/auth/auth-context.tsx';
import { Button } from '../../../ui/button/button.tsx';
import { Modal } from '../../../ui/modal/modal.tsx';
import { Spinner } from '../../../ui/spinner/spinner.tsx';
import { Notification } from '../../../ui/status/notification.tsx';
import styles from '../account.module.css';

/**
 * Account set-up in the quote flow (spec 3 §4 step 5): validates the account; OK registers the
 * policyholder as account holder and goes on (to summary by default); CONFLICT (the e-mail already has
 * an account) asks the visitor to sign in, after which the quote moves into that account.
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
  const proposal = useQuery({
    queryKey: ['proposal', code],
    queryFn: ({ signal }) => api<Proposal>(`/proposals/${encodeURIComponent(code)}`, { signal }),
    enabled: Boolean(code),
  });
  const email = policyholderOf(proposal.data?.data).email;
  const next = onContinue ?? (() => navigate('../summary', { relative: 'path' }));
  const proceed = useMutation({
    mutationFn: async () => {
      const check = await api<ValidateAccountResponse>('/policyholder/validateAccount', {
        method: 'POST',
        body: { source: code },
      });
      if (check.validationStatus === 'CONFLICT') return 'CONFLICT' as const;
      await api<RegisterAccountResponse>(`/proposals/${encodeURIComponent(code)}/account`, {
        method: 'POST',
      });
      return 'OK' as const;
    },
    onSuccess: (status) => (status === 'CONFLICT' ? setConflict(true) : next()),
  });
  return (
    <Page
      data-page="account-setup"
      width="narrow"
      header={t(user ? 'accountSetup.signedInHeader' : 'accountSetup.header')}
      subheader={t('accountSetup.subheader')}
    >
      {proposal.isPending ? (
        <Spinner />
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
