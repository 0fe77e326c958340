import type { DataEntry } from '@forecourt/contracts/lookups';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../ui/index.ts';
import { getDataEntry, searchDataTable } from '../../api/lookups.ts';
import styles from './inputs.module.css';
import own from './lookup-inputs.module.css';

interface Props {
  id: string;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
  lookup: { table: string; minimumLookupChars: number; regExp?: string; characterLimit?: number };
  invalid?: boolean;
  describedBy?: string;
}

/**
 * A reference-data answer (occupation, industry, conviction code: spec 1 §5.3): text search after the
 * table's minimum characters; the answer is the chosen entry's code, which must exist in the table.
 */
export function DataLookupInput({ id, value, onChange, lookup, invalid, describedBy }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [items, setItems] = useState<DataEntry[] | null>(null);
  const [chosen, setChosen] = useState<DataEntry | null>(null);
  useEffect(() => {
    if (!value) return setChosen(null);
    if (chosen?.code === value) return;
    getDataEntry(lookup.table, value)
      .then(setChosen)
      .catch(() => setChosen({ code: value, name: value }));
  }, [value, lookup.table, chosen?.code]);
  useEffect(() => {
    if (text.trim().length < lookup.minimumLookupChars) return setItems(null);
    const timer = setTimeout(() => {
      searchDataTable(lookup.table, text.trim())
        .then((r) => setItems(r.items.slice(0, 30)))
        .catch(() => setItems([]));
    }, 250);
    return () => clearTimeout(timer);
  }, [text, lookup.table, lookup.minimumLookupChars]);
  if (value && chosen)
    return (
      <div className={own.chosen}>
        <p>
          <strong>{chosen.name}</strong>
          {chosen.code !== chosen.name && <span className={own.muted}> ({chosen.code})</span>}
        </p>
        <Button variant="tertiary" layout="small" onClick={() => onChange(undefined)}>
          {t('disclosure.lookup.change')}
        </Button>
      </div>
    );
  const onType = (raw: string) => {
    let next = lookup.regExp ? raw.toUpperCase() : raw;
    if (lookup.characterLimit) next = next.slice(0, lookup.characterLimit);
    setText(next);
  };
  return (
    <div>
      <input
        id={id}
        className={styles.text}
        value={text}
        autoComplete="off"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        placeholder={t('disclosure.lookup.placeholder', { count: lookup.minimumLookupChars })}
        onChange={(e) => onType(e.target.value)}
      />
      {items && items.length === 0 && <p className={own.muted}>{t('disclosure.lookup.noResults')}</p>}
      {items && items.length > 0 && (
        <ul className={own.results}>
          {items.map((item) => (
            <li key={item.code}>
              <button
                type="button"
                onClick={() => {
                  setChosen(item);
                  setText('');
                  onChange(item.code);
                }}
              >
                {item.name}
                {item.code !== item.name && <span className={own.muted}> ({item.code})</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
