import { createContext, useContext } from 'react';
import type { FormContext } from '../engine/types.ts';

/** What every question of a form needs besides its own answer. */
export interface EngineEnv {
  sectionId: string;
  ctx: FormContext;
  optionSets: Record<string, (string | number)[]>;
  startDate: { daysInFuture: number; days: number };
  /** Loops report an item being edited: the form cannot be submitted until it is confirmed or cancelled. */
  setEditing: (questionId: string, editing: boolean) => void;
}

export const EngineContext = createContext<EngineEnv | null>(null);

export function useEngine(): EngineEnv {
  const env = useContext(EngineContext);
  if (!env) throw new Error('useEngine must be used inside a disclosure form');
  return env;
}

/** Keys tried in order: the section's own text, then the question's generic text. */
export const textKeys = (sectionId: string, questionId: string, suffix: string) => [
  `disclosure.${sectionId}.${questionId}.${suffix}`,
  `disclosure.q.${questionId}.${suffix}`,
];

/** A failed rule's message: per question and rule, falling back to defaults.validation.{rule}. */
export const messageKeys = (questionId: string, rule: string) => [
  `disclosure.q.${questionId}.validation.${rule}`,
  `defaults.validation.${rule}`,
];
