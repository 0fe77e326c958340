import { useMemo } from 'react';
import { useAuth } from '../../../lib/auth/auth-context.tsx';
import { useConfig } from '../../../lib/config.tsx';
import type { FormContext } from '../engine/types.ts';
import { type ProposalDataLike, profileData } from '../engine/values.ts';

/** What the answers belong to: a proposal, or a policy's latest version (its management pages). */
export interface AnswersOwner {
  data: unknown;
  promoCode?: string | null | undefined;
  schemeCode: string;
}

/** The context conditions and cross-field rules read, built from the answers (spec 2 §5). */
export function useFormContext(owner: AnswersOwner): FormContext {
  const config = useConfig();
  const { user } = useAuth();
  const { data: answers, promoCode, schemeCode } = owner;
  return useMemo(() => {
    const data = (answers ?? {}) as ProposalDataLike;
    const promo = config.productConfig.promotions.find((p) => p.code === promoCode);
    return {
      anonymous: !user,
      admin: config.features.isAdmin,
      features: config.features as unknown as Record<string, boolean>,
      promotion: promo ? { code: promo.code, requiresTerms: promo.requiresTerms } : null,
      schemeCode,
      now: new Date(),
      data: {
        policyholder: profileData(data as ProposalDataLike, 'policyholder'),
        asset: data.asset,
        quote: data.quote,
      },
      inputRules: Object.fromEntries(Object.entries(config.inputs).map(([k, v]) => [k, v.rules])),
      phone: config.formats.phoneNumber,
    };
  }, [answers, promoCode, schemeCode, config, user]);
}
