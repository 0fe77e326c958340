import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button/button.tsx';
import styles from './paste-button.module.css';

export type PasteButtonProps = { onPaste: (text: string) => void; label?: string };

const canRead = () => typeof navigator !== 'undefined' && typeof navigator.clipboard?.readText === 'function';
const isBlocked = (e: unknown) => {
  const name = typeof e === 'object' && e !== null ? (e as { name?: unknown }).name : undefined;
  return name === 'NotAllowedError' || name === 'SecurityError';
};

/**
 * Pastes the clipboard text (spec 1 §4, §8): shown only when the browser can read the clipboard; loading while
 * reading; a blocked read disables it for good with an alert telling the user how to allow it.
 */
export function PasteButton({ onPaste, label }: PasteButtonProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'reading' | 'blocked'>('idle');
  if (!canRead()) return null;
  const read = async () => {
    setState('reading');
    try {
      const text = await navigator.clipboard.readText();
      setState('idle');
      onPaste(text);
    } catch (e) {
      setState(isBlocked(e) ? 'blocked' : 'idle');
    }
  };
  return (
    <div className={styles.paste}>
      <Button
        variant="tertiary"
        layout="small"
        loading={state === 'reading'}
        disabled={state === 'blocked'}
        onClick={() => void read()}
        icon={
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              d="M9 4h6v3H9zM7 5H5v16h14V5h-2"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
        }
      >
        {label ?? t('ui.paste.label')}
      </Button>
      {state === 'blocked' && (
        <p role="alert" className={styles.alert}>
          {t('ui.paste.blocked')}
        </p>
      )}
    </div>
  );
}
