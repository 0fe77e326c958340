import type { Quote } from '@forecourt/contracts/proposals';
import { useTranslation } from 'react-i18next';
import styles from './quote-components.module.css';

/** Quote documents: static pages at /documents/{wordingVersion}/{insurer}.{documentId}.html (spec 3 §7). */
export function QuoteDocuments({ quote, documents }: { quote: Quote; documents: string[] }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.docs}>
      {documents.map((id) => (
        <li key={id}>
          <a
            href={`/documents/${encodeURIComponent(quote.wordingVersion)}/${encodeURIComponent(quote.mainInsurer)}.${id}.html`}
            target="_blank"
            rel="noreferrer"
          >
            {t(`quote.documents.${id}`)}
          </a>
        </li>
      ))}
    </ul>
  );
}
