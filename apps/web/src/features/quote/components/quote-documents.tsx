import { quoteDocumentPath } from '@forecourt/contracts/documents';
import type { Quote } from '@forecourt/contracts/proposals';
import { useTranslation } from 'react-i18next';
import styles from './quote-components.module.css';

/** Quote documents: static pages (spec 3 §7), at the path quoteDocumentPath gives. */
export function QuoteDocuments({ quote, documents }: { quote: Quote; documents: string[] }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.docs}>
      {documents.map((id) => (
        <li key={id}>
          <a href={quoteDocumentPath(quote, id)} target="_blank" rel="noreferrer">
            {t(`quote.documents.${id}`)}
          </a>
        </li>
      ))}
    </ul>
  );
}
