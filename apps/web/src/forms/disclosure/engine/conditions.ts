import type { Condition } from '@forecourt/contracts/product-config';
import { type FormContext, getPath, isEmptyValue, type Values } from './types.ts';

/** One condition of spec 2 §5: input value, feature flag, anonymous, admin, scheme code or promotion. */
export function conditionHolds(condition: Condition, values: Values, ctx: FormContext): boolean {
  if ('anonymous' in condition) return ctx.anonymous === condition.anonymous;
  if ('admin' in condition) return ctx.admin === condition.admin;
  if ('feature' in condition) return Boolean(ctx.features[condition.feature]) === condition.enabled;
  if ('schemeCode' in condition) return ctx.schemeCode === condition.schemeCode;
  if ('promotion' in condition) {
    if (!ctx.promotion) return false;
    return condition.promotion === 'any' || ctx.promotion.requiresTerms;
  }
  const value = getPath(values[condition.field], condition.path);
  if (condition.empty !== undefined && isEmptyValue(value) !== condition.empty) return false;
  if ('equals' in condition && condition.equals !== undefined && value !== condition.equals) return false;
  if (condition.in && !condition.in.includes(value)) return false;
  if (condition.notIn?.includes(value)) return false;
  return true;
}

/** A question or section shows only when every one of its conditions holds. */
export function isShown(conditions: Condition[] | undefined, values: Values, ctx: FormContext): boolean {
  return (conditions ?? []).every((c) => conditionHolds(c, values, ctx));
}
