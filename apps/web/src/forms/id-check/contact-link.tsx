import { useConfig } from '../../lib/config.tsx';
import styles from './contact-link.module.css';

/** A mailto link to the brand's contact e-mail. */
export function ContactLink({ label }: { label: string }) {
  const { contact } = useConfig();
  return (
    <a className={styles.link} href={`mailto:${contact.email}`}>
      {label}
    </a>
  );
}
