import type { Question, Section } from '@forecourt/contracts/product-config';

/** The form engine's pure parts live in the domain (conditions, rules, context); see ADR 135. */
export type { FormContext, Values } from '@forecourt/domain/forms/types';
export { getPath, isEmptyValue } from '@forecourt/domain/forms/types';
export type { Question, Section };
