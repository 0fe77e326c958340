import { LAST_NAME_MIN_LENGTH } from '../constants.ts';
import { isIsoDate, isIsoMonth, shiftIso, todayInLondon } from '../dates.ts';
import {
  isCrownDependencyPostcode,
  isEmail,
  isName,
  isPostcode,
  isRegistration,
  nationalNumber,
} from '../patterns.ts';
import {
  type FormContext,
  type FormQuestion,
  type FormRules,
  getPath,
  isEmptyValue,
  type Values,
} from './types.ts';

/** A cross-field reference: a question of this form first, else an answer elsewhere in the proposal. */
export function resolveRef(ref: string, values: Values, ctx: FormContext): unknown {
  if (ref in values) return values[ref];
  return getPath(ctx.data, ref);
}

function isEmptyAnswer(q: FormQuestion, value: unknown): boolean {
  if (isEmptyValue(value)) return true;
  if (q.input === 'name') {
    const v = value as Values;
    return isEmptyValue(v.firstName) || isEmptyValue(v.lastName);
  }
  if (q.input === 'vehicleTabs') return isEmptyValue(getPath(value, 'specification.vehicleCode'));
  if (q.input === 'address') return isEmptyValue(getPath(value, 'line1'));
  return false;
}

function checkLength(text: unknown, min?: number, max?: number): string | undefined {
  const length = String(text ?? '').trim().length;
  if (min !== undefined && length < min) return 'minLength';
  if (max !== undefined && length > max) return 'maxLength';
  return undefined;
}

function checkDate(value: unknown, r: Record<string, unknown>, values: Values, ctx: FormContext) {
  if (!isIsoDate(value)) return 'date';
  const today = todayInLondon(ctx.now);
  if (typeof r.afterOrEqual === 'string' && value < shiftIso(today, r.afterOrEqual)) return 'afterOrEqual';
  if (typeof r.beforeOrEqual === 'string' && value > shiftIso(today, r.beforeOrEqual)) return 'beforeOrEqual';
  const field = r.afterOrEqualField as { ref: string; years?: number } | undefined;
  if (field) {
    const other = resolveRef(field.ref, values, ctx);
    if (isIsoDate(other) && value < shiftIso(other, `P${field.years ?? 0}Y`)) return 'afterOrEqualField';
  }
  return undefined;
}

/**
 * The first rule a visible answer breaks (spec 1 §5.2, rules keyed by input type), or undefined.
 * Rules: the brand's rules for the input type, overlaid by the question's own; required by default.
 */
export function failedRule(
  q: FormQuestion,
  value: unknown,
  values: Values,
  ctx: FormContext,
): string | undefined {
  const r: FormRules = { required: true, ...ctx.inputRules[q.input], ...q.rules };
  if (q.input === 'loop') {
    const items = Array.isArray(value) ? value : [];
    if (typeof r.minItems === 'number' && items.length < r.minItems) return 'minItems';
    if (typeof r.maxItems === 'number' && items.length > r.maxItems) return 'maxItems';
    return undefined;
  }
  if (r.onlyAccept !== undefined && value !== r.onlyAccept) return 'onlyAccept';
  if (isEmptyAnswer(q, value)) return r.required === false ? undefined : 'required';
  switch (q.input) {
    case 'name': {
      const v = value as Values;
      const min = r.minLength as number | undefined;
      const max = r.maxLength as number | undefined;
      // A surname may be one letter ('O'): the brand's minimum applies to first names (ADR 350).
      const lastMin = min === undefined ? undefined : Math.min(min, LAST_NAME_MIN_LENGTH);
      const length = checkLength(v.firstName, min, max) ?? checkLength(v.lastName, lastMin, max);
      if (length) return length;
      return isName(String(v.firstName)) && isName(String(v.lastName)) ? undefined : 'nameCharacters';
    }
    case 'vehicleTabs': {
      const vrn = getPath(value, 'vrn');
      return isEmptyValue(vrn) || isRegistration(String(vrn)) ? undefined : 'registration';
    }
    case 'text': {
      if (typeof r.regExp === 'string' && !new RegExp(r.regExp).test(String(value))) return 'regExp';
      if (typeof r.blacklist === 'string' && new RegExp(r.blacklist).test(String(value))) return 'regExp';
      return checkLength(value, r.minLength as number, r.maxLength as number);
    }
    case 'email':
      return isEmail(String(value)) ? undefined : 'email';
    case 'phoneNumber':
      return new RegExp(ctx.phone.regex).test(nationalNumber(String(value))) ? undefined : 'phoneNumber';
    case 'numberText': {
      const n = Number(value);
      if (!Number.isInteger(n)) return 'numberText';
      if (typeof r.greaterThanOrEqual === 'number' && n < r.greaterThanOrEqual) return 'greaterThanOrEqual';
      if (typeof r.lessThanOrEqual === 'number' && n > r.lessThanOrEqual) return 'lessThanOrEqual';
      return undefined;
    }
    case 'date':
    case 'dateOfBirth':
    case 'datePicker':
      return checkDate(value, r, values, ctx);
    case 'yearMonth': {
      if (!isIsoMonth(value)) return 'yearMonth';
      if (typeof r.minYear === 'number' && Number(value.slice(0, 4)) < r.minYear) return 'minYear';
      if (value > todayInLondon(ctx.now).slice(0, 7)) return 'beforeOrEqual';
      return undefined;
    }
    case 'radio': {
      const plus = r.beforeOrEqualPlusYears as { ref: string; years: number } | undefined;
      const other = plus && resolveRef(plus.ref, values, ctx);
      if (plus && isIsoDate(other)) {
        const limit = shiftIso(other, `P${plus.years + Number(value)}Y`);
        if (limit > todayInLondon(ctx.now)) return 'beforeOrEqualPlusYears';
      }
      return undefined;
    }
    case 'address': {
      const postcode = String(getPath(value, 'postalCode') ?? '');
      if (!isPostcode(postcode)) return 'postalCode';
      return isCrownDependencyPostcode(postcode) ? 'postcodeOutsideUk' : undefined;
    }
    default:
      return undefined;
  }
}
