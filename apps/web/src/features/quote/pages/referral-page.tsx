import type { Proposal } from '@forecourt/contracts/proposals';
import { Trans, useTranslation } from 'react-i18next';
import { Page } from '../../../app/page/page.tsx';
import { useConfig } from '../../../lib/config.tsx';
import { Button, Notification } from '../../../ui/index.ts';
import { useProposalRoot } from '../hooks/use-proposal-root.ts';
import styles from './status-pages.module.css';

/**
 * Referral: we cannot insure yet, with the reasons listed (spec 3 §2 "Other screens"), the quote reference
 * to quote when calling, and tap-to-call and e-mail links.
 */
export function ReferralPage({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation();
  const { contact } = useConfig();
  const reasons = proposal.quote?.referralReasons ?? [];
  const root = useProposalRoot();
  return (
    <Page
      header={t('quote.referral.header')}
      subheader={t('quote.referral.subheader')}
      width="narrow"
      data-page="referral"
    >
      <div className={styles.stack}>
        {reasons.length > 0 && (
          <Notification variant="warning" title={t('quote.referral.reasons')}>
            <ul className={styles.reasons} data-testid="referral-reasons">
              {reasons.map((r) => (
                <li key={`${r.code}-${r.profileCode ?? ''}`}>
                  {t(`quote.referral.reason.${r.code}`, { defaultValue: r.message })}
                </li>
              ))}
            </ul>
          </Notification>
        )}
        <p data-testid="referral-reference">
          {t('quote.referral.reference', { reference: proposal.externalReference })}
        </p>
        <p>
          <Trans
            i18nKey="quote.referral.contactLinks"
            values={{ phone: contact.phone, email: contact.email }}
            components={{
              phone: <a href={`tel:${contact.phone.replace(/\s/g, '')}`}>{contact.phone}</a>,
              email: (
                <a href={`mailto:${contact.email}?subject=${encodeURIComponent(proposal.externalReference)}`}>
                  {contact.email}
                </a>
              ),
            }}
          />
        </p>
        <Button variant="secondary" to={`${root}/disclosure`}>
          {t('quote.referral.review')}
        </Button>
        <Button variant="ghost" to="/">
          {t('quote.referral.home')}
        </Button>
      </div>
    </Page>
  );
}
