import type { StatementSummary } from '@forecourt/contracts/billing';
import { useTranslation } from 'react-i18next';
import { gbp, londonDay } from '../../../lib/policy-readers.ts';
import { blocks, StatusBadge } from '../../../ui/index.ts';
import styles from '../billing.module.css';

const BADGE = { settled: 'success', pending: 'info', failed: 'critical', draft: 'default' } as const;

/**
 * Statements as the billing tab lists them (issue 28 defect 10, ADR 355), in the order the API gives (newest
 * first by the statement's date): each with its number (opens it), its date (the day it was raised, the
 * one date the order follows), what it billed, paid or not (a credit as such), "due …" while something is
 * still to pay on it, and its status.
 */
export function StatementList({
  statements,
  onOpen,
  testId,
}: {
  statements: StatementSummary[];
  onOpen: (statementId: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <ul className={styles.statementList} data-testid={testId}>
      {statements.map((s) => (
        <li key={s.statementId} className={styles.statementRow} data-testid="statement-row">
          <button type="button" className={blocks.linkButton} onClick={() => onOpen(s.statementId)}>
            {t('policy.billing.statementTitle', { number: s.statementNumber })}
          </button>
          <span>{londonDay(s.createdAt)}</span>
          <span className={styles.statementAmount}>
            {s.amount < 0 ? t('policy.billing.statementCredit', { amount: gbp(-s.amount) }) : gbp(s.amount)}
            {s.amountOutstanding > 0 && s.paymentDueAt && (
              <span className={styles.statementDue}>
                {t('policy.billing.statementDue', { date: londonDay(s.paymentDueAt) })}
              </span>
            )}
          </span>
          <StatusBadge variant={BADGE[s.status]}>
            {/* A credit settled is not "Paid": the customer paid nothing on it. */}
            {t(
              s.amount < 0 && s.status === 'settled'
                ? 'policy.billing.status.settledCredit'
                : `policy.billing.status.${s.status}`,
            )}
          </StatusBadge>
        </li>
      ))}
    </ul>
  );
}
