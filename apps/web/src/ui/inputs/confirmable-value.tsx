import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button/button.tsx';
import styles from './confirmable-value.module.css';

export type ConfirmableMode = 'view' | 'change' | 'override';

export type ConfirmableValueProps<T> = {
  value: T | null;
  onChange: (value: T | null) => void;
  /** How a chosen value reads (view mode). */
  renderValue: (value: T) => ReactNode;
  /** The search that finds a value (change mode); call set(value) with the result. */
  renderSearch: (set: (value: T) => void) => ReactNode;
  /** Offers a manual override (e.g. an admin's address form) when true. */
  overridable?: boolean;
  renderOverride?: (set: (value: T) => void) => ReactNode;
  changeLabel?: string;
  overrideLabel?: string;
  /** Reports mode changes (e.g. to disable a Continue button while searching). */
  onModeChange?: (mode: ConfirmableMode) => void;
};

/**
 * A value confirmed by a search (an address, a vehicle) with modes view, change and override (spec 1 §4): starts
 * in view when a value exists, else change; setting a value moves to view; change clears the value and shows the
 * search; override (only when overridable) shows the override form; reset returns to view with the previous value.
 */
export function ConfirmableValue<T>(props: ConfirmableValueProps<T>) {
  const { t } = useTranslation();
  const { value, onChange, overridable = false } = props;
  const hasValue = value !== null && value !== undefined;
  const [chosenMode, setModeState] = useState<ConfirmableMode>(hasValue ? 'view' : 'change');
  // A value cleared from outside cannot be viewed: show the search.
  const mode = chosenMode === 'view' && !hasValue ? 'change' : chosenMode;
  const previous = useRef<T | null>(value);
  const setMode = (m: ConfirmableMode) => {
    setModeState(m);
    props.onModeChange?.(m);
  };
  const set = (v: T) => {
    previous.current = v;
    onChange(v);
    setMode('view');
  };
  const leave = (m: 'change' | 'override') => {
    if (hasValue) previous.current = value;
    onChange(null);
    setMode(m);
  };
  const reset = () => {
    onChange(previous.current);
    setMode('view');
  };
  const canReset = mode !== 'view' && previous.current !== null && previous.current !== undefined;
  return (
    <div className={styles.confirmable} data-mode={mode}>
      {mode === 'view' && hasValue && (
        <div className={styles.view}>
          <div className={styles.value}>{props.renderValue(value)}</div>
          <div className={styles.actions}>
            <Button variant="ghost" layout="small" onClick={() => leave('change')}>
              {props.changeLabel ?? t('ui.confirmable.change')}
            </Button>
          </div>
        </div>
      )}
      {mode === 'change' && props.renderSearch(set)}
      {mode === 'override' && props.renderOverride?.(set)}
      {(canReset || (overridable && mode === 'change' && props.renderOverride)) && (
        <div className={styles.actions}>
          {overridable && mode === 'change' && props.renderOverride && (
            <Button variant="ghost" layout="small" onClick={() => leave('override')}>
              {props.overrideLabel ?? t('ui.confirmable.override')}
            </Button>
          )}
          {canReset && (
            <Button variant="ghost" layout="small" onClick={reset}>
              {t('ui.confirmable.reset')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
