import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPolicyNumber, luhnCheckDigit, newPolicyNumber } from '../src/lib/policy-number.ts';
import { newExternalReference } from '../src/modules/proposals/references.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { SCHEME, visitor } from './proposals-helpers.ts';

/** Issue 9 item 10: numbers that cannot be walked, and mail that cannot be pumped at one inbox (ADR 122, 123). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('policy numbers', () => {
  it('keep the brand prefix, carry a check digit and are not sequential', () => {
    const numbers = Array.from({ length: 2000 }, newPolicyNumber);
    for (const n of numbers) {
      expect(n).toMatch(/^FCM\d{13}$/);
      expect(isPolicyNumber(n)).toBe(true);
    }
    expect(new Set(numbers).size).toBe(numbers.length);
    // Neighbours differ by far more than one: the next number cannot be guessed from the last.
    const gaps = numbers
      .slice(1)
      .map((n, i) => Math.abs(Number(n.slice(3, 15)) - Number(numbers[i]!.slice(3, 15))));
    expect(gaps.filter((g) => g < 1000)).toHaveLength(0);
    // Every digit position is used across the range (not a counter stuck in a corner).
    const firstDigits = new Set(numbers.map((n) => n[3]));
    expect(firstDigits.size).toBe(10);
  });

  it('a single mistyped digit fails the check digit', () => {
    fc.assert(
      fc.property(fc.nat({ max: 12 }), fc.integer({ min: 1, max: 9 }), (position, delta) => {
        const n = newPolicyNumber();
        const i = 3 + position;
        const typo = `${n.slice(0, i)}${(Number(n[i]) + delta) % 10}${n.slice(i + 1)}`;
        return !isPolicyNumber(typo);
      }),
    );
    expect(luhnCheckDigit('7992739871')).toBe('3');
  });
});

describe('quote references', () => {
  it('are 10 characters of the unambiguous alphabet, about 48 bits', () => {
    const refs = Array.from({ length: 2000 }, newExternalReference);
    for (const r of refs) expect(r).toMatch(/^FC-[2-9A-HJKMNP-TW-Z]{5}-[2-9A-HJKMNP-TW-Z]{5}$/);
    expect(new Set(refs).size).toBe(refs.length);
  });
});

describe('POST /api/proposals/{code}/retain per recipient', () => {
  it('three proposals cannot send one inbox more than 3 reference e-mails an hour', async () => {
    const v = await visitor(t.app);
    const statuses: number[] = [];
    for (let p = 0; p < 3; p++) {
      const code = (await v.call('POST', '/api/proposals', { schemeCode: SCHEME })).json().proposalCode;
      for (let i = 0; i < 5; i++)
        statuses.push(
          (await v.call('POST', `/api/proposals/${code}/retain`, { email: 'Inbox.Victim@example.com' }))
            .statusCode,
        );
    }
    expect(statuses.filter((s) => s === 202)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12);
    const sent = await t.database.query(
      "SELECT 1 FROM outbox WHERE lower(recipient) = 'inbox.victim@example.com'",
    );
    expect(sent.rows).toHaveLength(3);
    // Another inbox is not affected.
    const code = (await v.call('POST', '/api/proposals', { schemeCode: SCHEME })).json().proposalCode;
    expect(
      (await v.call('POST', `/api/proposals/${code}/retain`, { email: 'someone.else@example.com' }))
        .statusCode,
    ).toBe(202);
  });
});
