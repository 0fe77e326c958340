import type { Proposal } from '@forecourt/contracts/proposals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { reportGlobalError } from '../../../app/errors/global-errors.ts';
import { isApiError } from '../../../lib/api/errors.ts';
import { Button, Field, TextInput } from '../../../ui/index.ts';
import { activatePromotion } from '../api/proposals.ts';
import { proposalKey } from '../api/use-proposal.ts';
import styles from './quote-components.module.css';

/**
 * A promotion code entered on the quote (spec 3 §7 PATCH …/promotions/{id}); the quote is re-rated so its
 * free months show at once. A code whose terms must be accepted then shows the promotional offer step.
 */
export function PromotionCode({ proposal, termsPath }: { proposal: Proposal; termsPath?: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [code, setCode] = useState('');
  const apply = useMutation({
    mutationFn: () => activatePromotion(proposal.proposalCode, 'promotional-offer', code.trim()),
    onSuccess: (p) => {
      client.setQueryData(proposalKey(proposal.proposalCode), p);
      setCode('');
    },
    onError: (err) => {
      if (!(isApiError(err) && err.status === 400)) reportGlobalError(err);
    },
    meta: { errorModal: false },
  });
  const invalid = isApiError(apply.error) && apply.error.status === 400;
  const pending = proposal.quote?.promotion && !proposal.quote.promotion.applied;
  return (
    <div className={styles.section}>
      {proposal.promoCode && (
        <p data-testid="promotion-status">
          {t(pending ? 'quote.promotionCode.pending' : 'quote.promotionCode.applied', {
            code: proposal.promoCode,
          })}{' '}
          {pending && termsPath && proposal.quote?.promotion?.requiresTerms && (
            <Link to={termsPath}>{t('quote.promotionCode.acceptTerms')}</Link>
          )}
        </p>
      )}
      <form
        className={styles.promoForm}
        onSubmit={(e) => {
          e.preventDefault();
          if (code.trim()) apply.mutate();
        }}
      >
        <Field
          label={t('quote.promotionCode.label')}
          error={invalid ? t('quote.promotionCode.invalid') : undefined}
        >
          {(control) => (
            <TextInput
              {...control}
              value={code}
              onChange={setCode}
              transform={(v) => v.toUpperCase()}
              maxLength={32}
            />
          )}
        </Field>
        <Button
          type="submit"
          layout="small"
          variant="secondary"
          loading={apply.isPending}
          disabled={!code.trim()}
        >
          {t('quote.promotionCode.apply')}
        </Button>
      </form>
    </div>
  );
}
