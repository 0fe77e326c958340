import type { AddressFindItem } from '@forecourt/contracts/lookups';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../ui/index.ts';
import { findAddresses, getAddress } from '../../api/lookups.ts';
import styles from './inputs.module.css';
import own from './lookup-inputs.module.css';

export type AddressValue = Record<string, string | undefined>;
const KEEP = [
  'line1',
  'line2',
  'line3',
  'line4',
  'line5',
  'city',
  'postalCode',
  'countryName',
  'company',
  'department',
];

interface Props {
  id: string;
  value: AddressValue | undefined;
  onChange: (v: AddressValue | undefined) => void;
  invalid?: boolean;
  describedBy?: string;
}

/** Address search (spec 1 §2.5): 500 ms debounce, skipped for blank text, postcodes drill into addresses. */
export function AddressInput({ id, value, onChange, invalid, describedBy }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [container, setContainer] = useState<string | undefined>();
  const [items, setItems] = useState<AddressFindItem[] | null>(null);
  useEffect(() => {
    if (!text.trim() && !container) return setItems(null);
    const timer = setTimeout(
      () =>
        findAddresses(text.trim(), container)
          .then((r) => setItems(r.items))
          .catch(() => setItems([])),
      container ? 0 : 500,
    );
    return () => clearTimeout(timer);
  }, [text, container]);
  const pick = async (item: AddressFindItem) => {
    if (item.type === 'Postcode') return setContainer(item.id);
    const a = await getAddress(item.id);
    const chosen = Object.fromEntries(
      KEEP.map((k) => [k, (a as unknown as AddressValue)[k]]).filter(([, v]) => v),
    ) as AddressValue;
    setItems(null);
    setText('');
    setContainer(undefined);
    onChange(chosen);
  };
  if (value?.line1)
    return (
      <div className={own.chosen} data-testid="chosen-address">
        <p>
          {KEEP.filter((k) => k !== 'countryName' && value[k]).map((k) => (
            <span key={k}>
              {value[k]}
              <br />
            </span>
          ))}
        </p>
        <Button variant="tertiary" layout="small" onClick={() => onChange(undefined)}>
          {t('disclosure.lookup.change')}
        </Button>
      </div>
    );
  return (
    <div>
      <input
        id={id}
        className={styles.text}
        value={text}
        autoComplete="off"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        placeholder={t('disclosure.address.placeholder')}
        onChange={(e) => {
          setContainer(undefined);
          setText(e.target.value);
        }}
      />
      {items && items.length === 0 && <p className={own.muted}>{t('disclosure.lookup.noResults')}</p>}
      {items && items.length > 0 && (
        <ul className={own.results}>
          {items.map((item) => (
            <li key={item.id}>
              <button type="button" onClick={() => void pick(item)}>
                {item.text} <span className={own.muted}>{item.description}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
