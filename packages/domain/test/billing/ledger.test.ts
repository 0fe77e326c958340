import { LINE_ITEM_STATUSES, LINE_ITEM_TYPES } from '@forecourt/domain/enums';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  balanceOf,
  iptOfLine,
  type LedgerLine,
  LINE_SIGN,
  PREMIUM_LINES,
  reversalOf,
  signed,
  statementFigures,
} from '../../src/billing/ledger.ts';

const line = fc
  .record({
    type: fc.constantFrom(...LINE_ITEM_TYPES),
    status: fc.constantFrom(...LINE_ITEM_STATUSES),
    size: fc.integer({ min: 0, max: 5_000_000 }),
  })
  .map(({ type, status, size }): LedgerLine => ({ type, status, amount: signed(type, size) }));

describe('the ledger', () => {
  it('an account balance is the sum of its posted items, whatever else is on it', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 60 }), (lines) => {
        const posted = lines.filter((l) => l.status === 'POSTED').reduce((s, l) => s + l.amount, 0);
        expect(balanceOf(lines)).toBe(posted);
        expect(Number.isInteger(balanceOf(lines))).toBe(true);
      }),
    );
  });

  it('carried forward = brought forward + subtotal; outstanding is the positive part', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.array(line, { maxLength: 30 }),
        (bf, lines) => {
          const f = statementFigures(bf, lines);
          expect(f.carriedForward).toBe(f.broughtForward + f.subtotal);
          expect(f.subtotal).toBe(balanceOf(lines));
          expect(f.amountOutstanding).toBe(Math.max(0, f.carriedForward));
        },
      ),
    );
  });

  it('statements chained month after month carry the account balance exactly, to the penny', () => {
    fc.assert(
      fc.property(fc.array(fc.array(line, { maxLength: 8 }), { maxLength: 14 }), (months) => {
        let carried = 0;
        for (const lines of months) carried = statementFigures(carried, lines).carriedForward;
        expect(carried).toBe(balanceOf(months.flat()));
      }),
    );
  });

  it('a correction is a new line that cancels the first one', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LINE_ITEM_TYPES),
        fc.integer({ min: 0, max: 10_000_000 }),
        (type, size) => {
          const original: LedgerLine = { type, status: 'POSTED', amount: signed(type, size) };
          const correction: LedgerLine = {
            type: reversalOf(type),
            status: 'POSTED',
            amount: signed(reversalOf(type), size),
          };
          expect(balanceOf([original, correction])).toBe(0);
          expect(reversalOf(reversalOf(type))).toBe(type);
        },
      ),
    );
  });

  it('debits are positive and credits negative; fractions of a penny are refused', () => {
    expect(LINE_SIGN.invoice).toBe(1);
    expect(LINE_SIGN.payment).toBe(-1);
    expect(signed('credit_note', 1200)).toBe(-1200);
    expect(() => signed('invoice', 12.5)).toThrow();
    expect(() => signed('invoice', -1)).toThrow();
  });

  it('every premium line shows the 12% IPT it includes; net + IPT = the line; payments carry none', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LINE_ITEM_TYPES),
        fc.integer({ min: 0, max: 10_000_000 }),
        (type, size) => {
          const amount = signed(type, size);
          const ipt = iptOfLine({ type, amount });
          if (!PREMIUM_LINES.includes(type)) {
            expect(ipt).toBeNull();
            return;
          }
          expect(Number.isInteger(ipt)).toBe(true);
          const net = Math.abs(amount) - Math.abs(ipt ?? 0);
          expect(Math.abs(Math.abs(ipt ?? 0) - net * 0.12)).toBeLessThanOrEqual(0.5 + 1e-9 + 0.12);
          if (ipt) expect(Math.sign(ipt)).toBe(Math.sign(amount));
        },
      ),
    );
    // A £61.50 month: net £54.91, IPT £6.59.
    expect(iptOfLine({ type: 'invoice', amount: 6150 })).toBe(659);
  });
});
