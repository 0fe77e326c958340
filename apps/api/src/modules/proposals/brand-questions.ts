import type { Brand } from '@forecourt/contracts/brand';
import { answerPathsOf, configuredRuleErrors } from '@forecourt/domain/forms/answers';
import type { FormContext, FormQuestion } from '@forecourt/domain/forms/types';
import type { Draft } from '@forecourt/domain/proposal/apply-changes';
import type { AnswerPaths } from '@forecourt/domain/proposal/bounds';
import { policyholderOf } from '@forecourt/domain/proposal/readers';
import { oncePer } from '../../lib/once-per.ts';

/** Every question of the brand's product: the disclosure sections' and the optional covers' inputs. */
function questionsOf(brand: Brand): FormQuestion[] {
  const { disclosures, covers } = brand.productConfig;
  return [...disclosures.flatMap((s) => s.questions), ...covers.optional.flatMap((c) => c.inputs)];
}

/** The paths a proposal change may write for this brand (ADR 137). */
export const brandAnswerPaths = oncePer((brand: Brand): AnswerPaths => answerPathsOf(questionsOf(brand)));

/** The brand's input rules by input, made once per brand (every PATCH asks, issue 15). */
const inputRulesOf = oncePer((brand: Brand): FormContext['inputRules'] =>
  Object.fromEntries(Object.entries(brand.inputs).map(([k, v]) => [k, v.rules])),
);

/**
 * The brand's configured input rules broken by the answers (ADR 136): the same rules the browser's form
 * checks, so a brand that narrows a rule is enforced by the server too.
 */
export function brandRuleErrors(
  brand: Brand,
  data: Draft,
  now: Date,
  /** Only the answers at these paths (those a change touched); all when left out. */
  only?: (path: string) => boolean,
): Record<string, string[]> {
  const ctx: FormContext = {
    anonymous: false,
    admin: false,
    features: brand.features,
    promotion: null,
    schemeCode: '',
    now,
    data: { policyholder: policyholderOf(data), asset: data.asset, quote: data.quote },
    inputRules: inputRulesOf(brand),
    phone: brand.formats.phoneNumber,
  };
  return configuredRuleErrors(brand.productConfig.disclosures, data, ctx, only);
}
