import { type DataEntry, type DataTable, minimumLookupChars } from '@forecourt/contracts/lookups';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field } from '../../../ui/index.ts';
import { useDataEntryCheck, useDataSearch } from '../api/data-entries.ts';
import results from '../lookup-results.module.css';
import styles from './data-entry-lookup.module.css';

export type DataEntryLookupProps = {
  table: DataTable;
  label: string;
  value: DataEntry | undefined;
  onChange: (value: DataEntry | undefined) => void;
  /** Typing that would not match this pattern is rejected (e.g. ^[A-Z]{0,2}[0-9]{0,2}$ for conviction codes). */
  regExp?: string;
  /** A complete code must match this pattern for Check to be enabled; defaults to regExp. */
  pattern?: string;
  characterLimit?: number;
  /** Characters before the text search runs; defaults to the table's minimum (spec 3 §5). */
  minimumLookupChars?: number;
  id?: string;
};

/**
 * Data-entry lookup (spec 1 §5.3): input upper-cased, capped at characterLimit, typing off the regExp
 * rejected; Check (or Enter) fetches the code, a 404 shows not found; text search after the minimum
 * characters, 250 ms after typing stops.
 */
export function DataEntryLookup(props: DataEntryLookupProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const minimum = props.minimumLookupChars ?? minimumLookupChars[props.table];
  const check = useDataEntryCheck(props.table);
  const search = useDataSearch(props.table, text, minimum);
  const allowed = props.regExp ? new RegExp(props.regExp) : null;
  const full = props.pattern ? new RegExp(props.pattern) : allowed;
  const checkable = text.trim() !== '' && (!full || full.test(text));
  const choose = (entry: DataEntry) => {
    setText('');
    check.reset();
    props.onChange(entry);
  };
  const runCheck = () => {
    if (!checkable) return;
    check.mutate(text.trim(), { onSuccess: (entry) => entry && choose(entry) });
  };

  if (props.value)
    return (
      <div className={styles.chosen}>
        <p>
          <strong>{props.value.code}</strong> {props.value.name}
        </p>
        <Button variant="tertiary" layout="small" onClick={() => props.onChange(undefined)}>
          {t('lookups.data.change')}
        </Button>
      </div>
    );

  const notFound = check.isSuccess && check.data === null;
  const items = text.trim().length >= Math.max(1, minimum) ? search.data?.items : undefined;
  return (
    <div className={styles.lookup}>
      <Field id={props.id} label={props.label} error={notFound ? t('lookups.data.notFound') : undefined}>
        {(control) => (
          <div className={styles.row}>
            <input
              {...control}
              className={styles.input}
              value={text}
              autoComplete="off"
              maxLength={props.characterLimit}
              onChange={(e) => {
                let next = e.target.value.toUpperCase();
                if (props.characterLimit) next = next.slice(0, props.characterLimit);
                if (allowed && next !== '' && !allowed.test(next)) return;
                setText(next);
                check.reset();
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  runCheck();
                }
              }}
            />
            <Button variant="secondary" disabled={!checkable} loading={check.isPending} onClick={runCheck}>
              {t('lookups.data.check')}
            </Button>
          </div>
        )}
      </Field>
      {minimum > 0 && text.trim().length > 0 && text.trim().length < minimum && (
        <p className={styles.hint}>{t('lookups.data.minimum', { count: minimum })}</p>
      )}
      {items && items.length === 0 && <p className={styles.hint}>{t('lookups.data.noMatches')}</p>}
      {items && items.length > 0 && (
        <ul className={results.results}>
          {items.map((entry) => (
            <li key={entry.code}>
              <button type="button" className={results.result} onClick={() => choose(entry)}>
                <strong>{entry.code}</strong> {entry.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
