import type { AddressFindItem } from '@forecourt/contracts/lookups';
import { isPostcode } from '@forecourt/domain/patterns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config.tsx';
import { Button, Field, Spinner } from '../../../ui/index.ts';
import { useAddressFind, useAddressRetrieve } from '../api/addresses.ts';
import results from '../lookup-results.module.css';
import styles from './address-search.module.css';
import { ADDRESS_LINES, type AddressValue } from './address-value.ts';
import { ManualAddressForm } from './manual-address-form.tsx';

export type { AddressValue } from './address-value.ts';

export type AddressSearchProps = {
  value: AddressValue | undefined;
  onChange: (value: AddressValue | undefined) => void;
  /** The field allows an admin's manual override (spec 1 §6: admin, overridable field, policy loaded). */
  overridable?: boolean;
  id?: string;
  label?: string;
};

/** Typed in the shape of a full postcode (any letters), so a format message helps more than "not found". */
const POSTCODE_SHAPED = /^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/i;

/**
 * Address search (spec 1 §2.5): text search 500 ms after typing stops (never for blank text), results in a
 * list of at most 14rem, postcodes drill into their addresses, the chosen address as read-only lines.
 */
export function AddressSearch({ value, onChange, overridable, id, label }: AddressSearchProps) {
  const { t } = useTranslation();
  const admin = useConfig().features.isAdmin;
  const [text, setText] = useState('');
  const [container, setContainer] = useState<AddressFindItem | undefined>();
  const [manual, setManual] = useState(false);
  const find = useAddressFind(text, container?.id);
  const retrieve = useAddressRetrieve();
  const canOverride = overridable && admin;

  if (manual)
    return (
      <ManualAddressForm
        initial={value}
        onCancel={() => setManual(false)}
        onSave={(address) => {
          setManual(false);
          onChange(address);
        }}
      />
    );

  if (value?.line1)
    return (
      <div className={styles.chosen} data-testid="chosen-address">
        <address className={styles.lines}>
          {ADDRESS_LINES.filter((k) => value[k]).map((k) => (
            <span key={k}>{value[k]}</span>
          ))}
        </address>
        <div className={styles.actions}>
          <Button variant="tertiary" layout="small" onClick={() => onChange(undefined)}>
            {t('lookups.address.change')}
          </Button>
          {canOverride && (
            <Button variant="ghost" layout="small" onClick={() => setManual(true)}>
              {t('lookups.address.manual')}
            </Button>
          )}
        </div>
      </div>
    );

  const items = find.data?.items;
  const choose = (item: AddressFindItem) => {
    if (item.type === 'Postcode') return setContainer(item);
    retrieve.mutate(item.id, {
      onSuccess: ({ type: _type, ...address }) => {
        setText('');
        setContainer(undefined);
        onChange(address);
      },
    });
  };
  const searched = (text.trim() !== '' || container) && find.isSuccess && !find.isPlaceholderData;
  const badPostcode = !container && POSTCODE_SHAPED.test(text.trim()) && !isPostcode(text.trim());
  return (
    <div className={styles.search}>
      <Field
        id={id}
        label={label ?? t('lookups.address.label')}
        error={
          searched && items?.length === 0 && badPostcode
            ? t('lookups.address.invalidPostcode')
            : (searched && items?.length === 0) || retrieve.isError
              ? t('lookups.address.notFound')
              : undefined
        }
      >
        {(control) => (
          <input
            {...control}
            className={styles.input}
            value={text}
            autoComplete="off"
            placeholder={t('lookups.address.placeholder')}
            onChange={(e) => {
              setContainer(undefined);
              setText(e.target.value);
            }}
          />
        )}
      </Field>
      {(find.isFetching || retrieve.isPending) && (
        <Spinner size="small" label={t('lookups.address.searching')} />
      )}
      {container && (
        <Button variant="ghost" layout="small" onClick={() => setContainer(undefined)}>
          {t('lookups.address.back')}
        </Button>
      )}
      {text.trim() !== '' && items && items.length > 0 && (
        <ul className={results.results} aria-label={t('lookups.address.results')}>
          {items.map((item) => (
            <li key={item.id}>
              <button type="button" className={results.result} onClick={() => choose(item)}>
                <span>{item.text}</span> <span className={styles.description}>{item.description}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {canOverride && (
        <Button variant="ghost" layout="small" onClick={() => setManual(true)}>
          {t('lookups.address.manual')}
        </Button>
      )}
    </div>
  );
}
