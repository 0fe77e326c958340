import { isShown } from '@forecourt/domain/forms/conditions';
import { failedRule } from '@forecourt/domain/forms/rules';
import { z } from 'zod';
import type { FormContext, Question, Values } from './types.ts';

/**
 * The zod schema of a section's form: every visible question checked by its rules; the issue message is
 * the failed rule's name (the field shows the text keyed per question and rule). Hidden questions are
 * skipped, so a hidden answer never blocks submit.
 */
export function formSchema(questions: Question[], ctx: FormContext) {
  return z.record(z.string(), z.unknown()).superRefine((values, issues) => {
    for (const q of questions) {
      if (!isShown(q.conditions, values, ctx)) continue;
      const rule = failedRule(q, values[q.id], values as Values, ctx);
      if (rule) issues.addIssue({ code: 'custom', path: [q.id], message: rule });
    }
  });
}

/** Errors of one loop item, keyed by item question id (used by the loop's confirm). */
export function itemErrors(item: Question[], values: Values, ctx: FormContext): Record<string, string> {
  const out: Record<string, string> = {};
  for (const q of item) {
    if (!isShown(q.conditions, values, ctx)) continue;
    const rule = failedRule(q, values[q.id], values, ctx);
    if (rule) out[q.id] = rule === 'required' ? 'requiredToConfirm' : rule;
  }
  return out;
}
