import { isShown } from '@forecourt/domain/forms/conditions';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/index.ts';
import { formSchema } from '../engine/schema.ts';
import type { FormContext, Section, Values } from '../engine/types.ts';
import styles from './disclosure-form.module.css';
import { EngineContext, type EngineEnv } from './engine-context.tsx';
import { ErrorBar } from './error-bar.tsx';
import { QuestionField } from './question-field.tsx';

export interface DisclosureFormProps {
  section: Section;
  defaultValues: Values;
  ctx: FormContext;
  optionSets: EngineEnv['optionSets'];
  startDate: EngineEnv['startDate'];
  onSubmit: (values: Values) => Promise<void> | void;
  submitLabel: string;
  /** Extra actions beside submit (e.g. 'skip for now'). */
  actions?: ReactNode;
  /** Questions shown but not editable (a policy's read-only answers, spec 3 §5), by question id. */
  readOnly?: ReadonlySet<string>;
}

/**
 * Renders a section of the product configuration (spec 2 §5 "Dynamic forms"): validates on change,
 * submit disabled until valid, a fixed bar with the error count and 'show me', hidden questions
 * unregistered (their answers dropped unless `preserve`), loops with add/confirm/cancel/remove.
 */
export function DisclosureForm(props: DisclosureFormProps) {
  const { t } = useTranslation();
  const { section, ctx } = props;
  const schema = useMemo(() => formSchema(section.questions, ctx), [section, ctx]);
  const form = useForm<Values>({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: props.defaultValues,
  });
  const watched = useWatch({ control: form.control }) as Values;
  const [editing, setEditingState] = useState<Record<string, boolean>>({});
  const setEditing = useCallback(
    (id: string, on: boolean) => setEditingState((s) => (Boolean(s[id]) === on ? s : { ...s, [id]: on })),
    [],
  );
  const env = useMemo<EngineEnv>(
    () => ({
      sectionId: section.id,
      ctx,
      optionSets: props.optionSets,
      startDate: props.startDate,
      setEditing,
    }),
    [section.id, ctx, props.optionSets, props.startDate, setEditing],
  );
  const visible = section.questions.filter((q) => isShown(q.conditions, watched, ctx));
  const parsed = schema.safeParse(watched);
  const failing = parsed.success ? [] : [...new Set(parsed.error.issues.map((i) => String(i.path[0])))];
  const openLoops = Object.values(editing).some(Boolean);
  const [submitting, setSubmitting] = useState(false);
  const submit = form.handleSubmit(async (values) => {
    setSubmitting(true);
    try {
      await props.onSubmit(values);
    } finally {
      setSubmitting(false);
    }
  });
  const showMe = () => {
    const first = visible.find((q) => failing.includes(q.id));
    if (!first) return;
    void form.trigger(failing);
    const el = document.getElementById(`field-q-${first.id}`);
    el?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    el?.querySelector<HTMLElement>('input, select, button')?.focus({ preventScroll: true });
  };
  return (
    <EngineContext.Provider value={env}>
      <form className={styles.form} onSubmit={submit} noValidate data-section={section.id}>
        {visible.map((q) => (
          <Controller
            key={q.id}
            name={q.id}
            control={form.control}
            shouldUnregister={!q.preserve}
            render={({ field, fieldState }) => {
              const question = (
                <QuestionField
                  question={q}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              );
              if (!props.readOnly?.has(q.id)) return question;
              // A disabled fieldset disables every control inside, whatever the widget.
              return (
                <fieldset disabled className={styles.readOnly} data-read-only={q.id}>
                  {question}
                  <p className={styles.readOnlyNote}>{t('disclosure.readOnly')}</p>
                </fieldset>
              );
            }}
          />
        ))}
        <div className={styles.actions}>
          <Button
            type="submit"
            layout="fixed"
            disabled={failing.length > 0 || openLoops}
            loading={submitting}
          >
            {props.submitLabel}
          </Button>
          {props.actions}
        </div>
        <ErrorBar
          count={failing.length}
          onShowMe={showMe}
          label={t('disclosure.errorBar.count', { count: failing.length })}
        />
      </form>
    </EngineContext.Provider>
  );
}
