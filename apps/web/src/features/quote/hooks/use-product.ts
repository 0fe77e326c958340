import type { ProductConfig } from '@forecourt/contracts/product-config';
import type { Proposal } from '@forecourt/contracts/proposals';
import { useMemo } from 'react';
import type { FormContext, Values } from '../../../forms/disclosure/engine/types.ts';
import { profileData } from '../../../forms/disclosure/engine/values.ts';
import { useAuth } from '../../../lib/auth/auth-context.tsx';
import { useConfig } from '../../../lib/config.tsx';

export function useProduct(): ProductConfig {
  return useConfig().productConfig;
}

/** The context conditions and cross-field rules read, built from the proposal (spec 2 §5). */
export function useFormContext(proposal: Proposal): FormContext {
  const config = useConfig();
  const { user } = useAuth();
  return useMemo(() => {
    const data = proposal.data as { asset?: Values; quote?: Values };
    const promo = config.productConfig.promotions.find((p) => p.code === proposal.promoCode);
    return {
      anonymous: !user,
      admin: config.features.isAdmin,
      features: config.features as unknown as Record<string, boolean>,
      promotion: promo ? { code: promo.code, requiresTerms: promo.requiresTerms } : null,
      schemeCode: proposal.schemeCode,
      now: new Date(),
      data: {
        policyholder: profileData(proposal.data, 'policyholder'),
        asset: data.asset,
        quote: data.quote,
      },
      inputRules: Object.fromEntries(Object.entries(config.inputs).map(([k, v]) => [k, v.rules])),
      phone: config.formats.phoneNumber,
    };
  }, [proposal, config, user]);
}
