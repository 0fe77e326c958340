import { isShown } from '@forecourt/domain/forms/conditions';
import { format, parseISO } from 'date-fns';
import { type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/index.ts';
import { itemErrors } from '../engine/schema.ts';
import type { Question, Values } from '../engine/types.ts';
import styles from './disclosure-form.module.css';
import { textKeys, useEngine } from './engine-context.tsx';

/** What the loop needs of the field component that renders each item's questions (QuestionField). */
export interface LoopItemFieldProps {
  question: Question;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  idPrefix?: string;
}

interface Props {
  question: Question;
  value: Values[];
  onChange: (items: Values[]) => void;
  /** The field component for the items' questions, passed in so that the loop and the field do not import each other. */
  Field: ComponentType<LoopItemFieldProps>;
}

/** A question loop (claims, convictions): add, confirm, cancel and remove items (spec 2 §5). */
export function QuestionLoop({ question: q, value, onChange, Field }: Props) {
  const { t } = useTranslation();
  const env = useEngine();
  const [draft, setDraft] = useState<Values | null>(value.length === 0 ? {} : null);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const item = q.item ?? [];
  const max = q.rules?.maxItems ?? 10;
  useEffect(() => env.setEditing(q.id, draft !== null), [draft, q.id, env.setEditing]);
  useEffect(() => () => env.setEditing(q.id, false), [q.id, env.setEditing]);
  const errors = draft ? itemErrors(item, draft, env.ctx) : {};
  const confirm = () => {
    if (!draft) return;
    if (Object.keys(errors).length > 0) {
      setTouched(Object.fromEntries(item.map((iq) => [iq.id, true])));
      return;
    }
    onChange([...value, draft]);
    setDraft(null);
    setTouched({});
  };
  const title = (it: Values) => {
    const key = q.itemTitle ?? item[0]?.id ?? '';
    const titleQ = item.find((iq) => iq.id === key);
    const raw = String(it[key] ?? '');
    return titleQ?.options ? t(`disclosure.option.${titleQ.options}.${raw}`, { defaultValue: raw }) : raw;
  };
  const dateOf = (it: Values) => {
    const iso = item.filter((iq) => iq.input === 'date').map((iq) => it[iq.id])[0];
    return typeof iso === 'string' && iso ? format(parseISO(iso), 'd MMM yyyy') : '';
  };
  return (
    <div className={styles.loop} data-loop={q.id}>
      {value.length > 0 && (
        <ul className={styles.loopItems}>
          {value.map((it, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: items have no identity of their own
            <li key={i} className={styles.loopItem}>
              <span>
                <strong>{title(it)}</strong> {dateOf(it) && <span className={styles.hint}>{dateOf(it)}</span>}
              </span>
              <Button
                variant="tertiary"
                layout="small"
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              >
                {t('disclosure.loop.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {draft ? (
        <fieldset className={styles.loopDraft}>
          <legend>{t(textKeys(env.sectionId, q.id, 'itemHeader'))}</legend>
          {item
            .filter((iq) => isShown(iq.conditions, draft, env.ctx))
            .map((iq) => (
              <Field
                key={iq.id}
                idPrefix={`${q.id}-item`}
                question={iq}
                value={draft[iq.id]}
                onChange={(v) => {
                  setDraft({ ...draft, [iq.id]: v });
                  setTouched({ ...touched, [iq.id]: true });
                }}
                error={touched[iq.id] ? errors[iq.id] : undefined}
              />
            ))}
          <div className={styles.loopActions}>
            <Button variant="secondary" onClick={confirm}>
              {t('disclosure.loop.confirm')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setDraft(null);
                setTouched({});
              }}
            >
              {t('disclosure.loop.cancel')}
            </Button>
          </div>
        </fieldset>
      ) : (
        value.length < max && (
          <Button variant="secondary" onClick={() => setDraft({})}>
            {t(textKeys(env.sectionId, q.id, 'add'))}
          </Button>
        )
      )}
    </div>
  );
}
