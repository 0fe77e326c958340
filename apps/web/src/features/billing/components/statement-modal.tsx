import { REFUND_KEPT_BACK_KEY } from '@forecourt/domain/billing/ledger';
import { useTranslation } from 'react-i18next';
import { gbp, londonDay } from '../../../lib/policy-readers.ts';
import { blocks, Modal, Spinner } from '../../../ui/index.ts';
import { useStatement } from '../api/billing.ts';
import styles from '../billing.module.css';

/**
 * How a line not posted is labelled: its status, or, for a refund not paid because the credit it was for is owed
 * again (a payment returned by the bank, ADR 386), that.
 */
const lineStatusOf = (l: { status: string; descriptionKey: string }) =>
  l.status === 'FAILED' && l.descriptionKey === REFUND_KEPT_BACK_KEY ? 'keptBack' : l.status;

/** A statement's detail (spec 2 §2): its figures and every line item, amounts in pounds, IPT on premium lines. */
export function StatementModal(props: {
  accountId: string;
  statementId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const statement = useStatement(props.accountId, props.statementId).data;
  return (
    <Modal
      open={props.statementId !== null}
      onClose={props.onClose}
      title={statement ? t('policy.billing.statementTitle', { number: statement.statementNumber }) : ''}
    >
      {!statement ? (
        <Spinner label={t('policy.billing.loading')} />
      ) : (
        <div className={blocks.grid} data-testid="statement-detail">
          <table className={styles.lines}>
            <thead>
              <tr>
                <th>{t('policy.billing.line.item')}</th>
                <th>{t('policy.billing.line.period')}</th>
                <th className={styles.amount}>{t('policy.billing.line.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {statement.lineItems.map((l, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the lines are a fixed list in ledger order, and two can be alike in every field (a refund paid back against two equal debits, ADR 380)
                <tr key={i}>
                  <td>
                    {t(`policy.billing.lineType.${l.type}`)}
                    {l.status !== 'POSTED' && ` (${t(`policy.billing.lineStatus.${lineStatusOf(l)}`)})`}
                    {l.ipt !== null && l.ipt !== 0 && (
                      <span className={blocks.muted}> {t('policy.billing.ipt', { amount: gbp(l.ipt) })}</span>
                    )}
                  </td>
                  <td>
                    {l.servicePeriodStart && l.servicePeriodEnd
                      ? `${londonDay(l.servicePeriodStart)} – ${londonDay(l.servicePeriodEnd)}`
                      : londonDay(l.effectiveAt)}
                  </td>
                  <td className={styles.amount}>{gbp(l.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className={blocks.facts}>
            <dt>{t('policy.billing.broughtForward')}</dt>
            <dd>{gbp(statement.broughtForwardBalance)}</dd>
            <dt>{t('policy.billing.subtotal')}</dt>
            <dd>{gbp(statement.subtotalBalance)}</dd>
            <dt>{t('policy.billing.carriedForward')}</dt>
            <dd>{gbp(statement.carriedForwardBalance)}</dd>
            <dt>{t('policy.billing.amountOutstanding')}</dt>
            <dd>{gbp(statement.amountOutstanding)}</dd>
          </dl>
        </div>
      )}
    </Modal>
  );
}
