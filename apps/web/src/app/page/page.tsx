import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal } from '../../ui/index.ts';
import styles from './page.module.css';

export interface PageProps {
  /** Optional back link; text and target are per page. */
  back?: { to: string; label?: string };
  /** A small line above the header (e.g. the product or a step). */
  upperHeader?: ReactNode;
  header?: ReactNode;
  subheader?: ReactNode;
  /** Opens this URL in an overlay frame. */
  help?: { url: string; label?: string };
  /** Content width: narrow 420/552/584 by breakpoint (forms), wide 944/992 (default), full. */
  width?: 'narrow' | 'wide' | 'full';
  /** Page-level actions or notes under the content (the site footer is in the layout). */
  footer?: ReactNode;
  children?: ReactNode;
  'data-page'?: string;
}

/** The page shell of spec 1 §2.3: back link, upper header, header, subheader, help link, content, footer. */
export function Page({
  back,
  upperHeader,
  header,
  subheader,
  help,
  width = 'wide',
  footer,
  children,
  ...rest
}: PageProps) {
  const { t } = useTranslation();
  const [helpOpen, setHelpOpen] = useState(false);
  return (
    <div className={`${styles.page} ${styles[width]}`} data-page={rest['data-page']}>
      {back && (
        <Link to={back.to} className={styles.back}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              d="M15 5l-7 7 7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          {back.label ?? t('page.back')}
        </Link>
      )}
      {(upperHeader || header || subheader || help) && (
        <div className={styles.heading}>
          {upperHeader && <p className={styles.upper}>{upperHeader}</p>}
          {header && <h1 className={styles.header}>{header}</h1>}
          {subheader && <p className={styles.subheader}>{subheader}</p>}
          {help && (
            <button type="button" className={styles.help} onClick={() => setHelpOpen(true)}>
              <span aria-hidden="true" className={styles.helpIcon}>
                ?
              </span>
              {help.label ?? t('page.help')}
            </button>
          )}
        </div>
      )}
      <div className={styles.content}>{children}</div>
      {footer && <div className={styles.footer}>{footer}</div>}
      {help && (
        <Modal
          open={helpOpen}
          onClose={() => setHelpOpen(false)}
          variant="iframe"
          title={t('page.helpFrameTitle')}
        >
          <iframe className={styles.frame} src={help.url} title={t('page.helpFrameTitle')} />
        </Modal>
      )}
    </div>
  );
}
