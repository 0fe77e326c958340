import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from '../checkout.module.css';

/** Lets the customer choose how the monthly payments are collected: card or Direct Debit (ADR 101). */
export function MethodSwitch({ to }: { to: 'dd' | 'card' }) {
  const { t } = useTranslation();
  return (
    <p className={styles.muted}>
      <Link className={styles.link} to={`?method=${to}`} replace data-testid={`method-${to}`}>
        {t(to === 'dd' ? 'checkout.method.dd' : 'checkout.method.card')}
      </Link>
    </p>
  );
}
