/**
 * The ledger's rules (spec 2 §3; ADR 201), pure: amounts in pence, a debit (invoice, debit journal, refund,
 * payment reversal) positive and a credit (payment, credit note, credit journal, refund reversal) negative.
 * Line items are immutable: a correction is a new item (a reversal or a journal), never an edit.
 */
import type { LineItemStatus, LineItemType } from '../enums.ts';
import { type Money, splitGross } from '../money.ts';

export interface LedgerLine {
  type: LineItemType;
  status: LineItemStatus;
  amount: Money;
}

/** The sign a line item of each type carries. */
export const LINE_SIGN: Record<LineItemType, 1 | -1> = {
  invoice: 1,
  debit_journal: 1,
  refund: 1,
  payment_reversal: 1,
  credit_note: -1,
  credit_journal: -1,
  payment: -1,
  refund_reversal: -1,
};

/** Premium lines carry insurance premium tax; payments and refunds move money, not cover. */
export const PREMIUM_LINES: readonly LineItemType[] = [
  'invoice',
  'credit_note',
  'debit_journal',
  'credit_journal',
];

/** A line's signed amount from its type and a positive size. */
export function signed(type: LineItemType, size: Money): Money {
  if (!Number.isInteger(size) || size < 0) throw new RangeError(`A line's size is whole pence >= 0: ${size}`);
  return size === 0 ? 0 : LINE_SIGN[type] * size;
}

/** What the customer owes (positive) or has in credit (negative): the sum of the posted items. */
export function balanceOf(lines: readonly LedgerLine[]): Money {
  return lines.reduce((sum, l) => (l.status === 'POSTED' ? sum + l.amount : sum), 0);
}

/** The IPT inside a premium line (12%, included in the amount); null for payments and refunds. */
export function iptOfLine(line: Pick<LedgerLine, 'type' | 'amount'>): Money | null {
  if (!PREMIUM_LINES.includes(line.type)) return null;
  const { ipt } = splitGross(Math.abs(line.amount));
  return line.amount < 0 ? -ipt : ipt;
}

export interface StatementFigures {
  broughtForward: Money;
  subtotal: Money;
  carriedForward: Money;
  /** What is still to pay on this statement: the carried-forward balance, never below nothing. */
  amountOutstanding: Money;
}

/**
 * A statement's figures from the balance brought forward and its own posted items: carried forward =
 * brought forward + subtotal; outstanding = the carried-forward balance when positive.
 */
export function statementFigures(broughtForward: Money, lines: readonly LedgerLine[]): StatementFigures {
  const subtotal = balanceOf(lines);
  const carriedForward = broughtForward + subtotal;
  return { broughtForward, subtotal, carriedForward, amountOutstanding: Math.max(carriedForward, 0) };
}

/** A correction of a line: the line that cancels it (payment → payment reversal, refund → refund reversal...). */
export function reversalOf(type: LineItemType): LineItemType {
  const map: Record<LineItemType, LineItemType> = {
    invoice: 'credit_note',
    credit_note: 'invoice',
    debit_journal: 'credit_journal',
    credit_journal: 'debit_journal',
    payment: 'payment_reversal',
    payment_reversal: 'payment',
    refund: 'refund_reversal',
    refund_reversal: 'refund',
  };
  return map[type];
}

/**
 * The description key of a refund line not paid because the credit it was for is owed again (a payment returned
 * by the bank, ADR 386): the API marks the line with it, and the Billing tab labels the line by it.
 */
export const REFUND_KEPT_BACK_KEY = 'billing.lineItem.refundKeptBack';
