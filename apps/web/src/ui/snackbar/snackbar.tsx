import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { modalZIndex, snackbarHideMs } from '../tokens.ts';
import styles from './snackbar.module.css';

export type SnackbarVariant = 'default' | 'success' | 'critical';
type Message = { id: number; text: ReactNode; variant: SnackbarVariant };
export type SnackbarApi = {
  show: (text: ReactNode, options?: { variant?: SnackbarVariant }) => void;
  hide: () => void;
};

const SnackbarContext = createContext<SnackbarApi | null>(null);

/** Holds the one snackbar of the page: top centre, hidden automatically after 4000 ms (spec 1 §4, §9). */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<Message | null>(null);
  const hide = useCallback(() => setMessage(null), []);
  const show = useCallback<SnackbarApi['show']>(
    (text, options) =>
      setMessage((m) => ({ id: (m?.id ?? 0) + 1, text, variant: options?.variant ?? 'default' })),
    [],
  );
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(hide, snackbarHideMs);
    return () => clearTimeout(timer);
  }, [message, hide]);
  const api = useMemo(() => ({ show, hide }), [show, hide]);
  return (
    <SnackbarContext.Provider value={api}>
      {children}
      {message &&
        createPortal(
          <div className={styles.region} style={{ zIndex: modalZIndex + 1 }}>
            <div key={message.id} className={`${styles.snackbar} ${styles[message.variant]}`} role="status">
              <span className={styles.text}>{message.text}</span>
              <button
                type="button"
                className={styles.dismiss}
                aria-label={t('ui.snackbar.dismiss')}
                onClick={hide}
              >
                ×
              </button>
            </div>
          </div>,
          document.body,
        )}
    </SnackbarContext.Provider>
  );
}

/** `const snackbar = useSnackbar(); snackbar.show('Saved')`. Throws outside SnackbarProvider. */
export function useSnackbar(): SnackbarApi {
  const api = useContext(SnackbarContext);
  if (!api) throw new Error('useSnackbar must be used inside <SnackbarProvider>');
  return api;
}
