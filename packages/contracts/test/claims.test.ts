import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLAIM_REFERENCE_PATTERN, fnolRequestSchema, plainText } from '../src/claims.ts';
import { feedbackRequestSchema } from '../src/insights.ts';

const report = (over: Record<string, unknown> = {}) => ({
  policyId: '0b7a4c2e-9d1f-4c8e-8a55-2f5e1d3c4b6a',
  claimType: 'Theft',
  claimSubType: 'Vehicle',
  occurredAt: '2026-11-20T09:30:00+00:00',
  location: 'Leeds',
  description: 'Gone overnight',
  injuries: false,
  ...over,
});
const fieldsOf = (r: ReturnType<typeof fnolRequestSchema.safeParse>) =>
  r.success ? [] : r.error.issues.map((i) => String(i.path[0]));

describe('plainText', () => {
  it('keeps any text without control characters (line breaks and tabs allowed), trimmed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 50 }), (s) => {
        const clean = [...s]
          .filter((c) => {
            const code = c.charCodeAt(0);
            return !((code < 32 && !'\n\r\t'.includes(c)) || code === 127);
          })
          .join('');
        const parsed = plainText(100).safeParse(clean);
        expect(parsed.success).toBe(true);
        if (parsed.success) expect(parsed.data).toBe(clean.trim());
      }),
    );
    expect(plainText(100).safeParse('line one\nline two\tend').success).toBe(true);
  });

  it('refuses NUL and other control characters, and text over the limit', () => {
    for (const bad of ['a\u0000b', 'bell\u0007', 'del\u007f'])
      expect(plainText(100).safeParse(bad).success).toBe(false);
    expect(plainText(5).safeParse('123456').success).toBe(false);
    expect(plainText(5).safeParse('  12345  ').success).toBe(true);
  });
});

describe('fnolRequestSchema', () => {
  it('accepts a complete report', () => {
    expect(fnolRequestSchema.safeParse(report()).success).toBe(true);
  });

  it('needs a kind that belongs to the type, and details when someone was hurt', () => {
    expect(fieldsOf(fnolRequestSchema.safeParse(report({ claimSubType: undefined })))).toEqual([
      'claimSubType',
    ]);
    expect(fieldsOf(fnolRequestSchema.safeParse(report({ claimSubType: 'NotFault' })))).toEqual([
      'claimSubType',
    ]);
    expect(
      fnolRequestSchema.safeParse(report({ claimType: 'Windscreen', claimSubType: undefined })).success,
    ).toBe(true);
    expect(fieldsOf(fnolRequestSchema.safeParse(report({ injuries: true })))).toEqual(['injuryDetails']);
  });

  it('refuses blank answers, a time without an offset and too many witnesses', () => {
    expect(fieldsOf(fnolRequestSchema.safeParse(report({ location: '   ' })))).toEqual(['location']);
    expect(fieldsOf(fnolRequestSchema.safeParse(report({ occurredAt: '2026-11-20T09:30:00' })))).toEqual([
      'occurredAt',
    ]);
    const witnesses = Array.from({ length: 6 }, (_, i) => ({ name: `W${i}` }));
    expect(fieldsOf(fnolRequestSchema.safeParse(report({ witnesses })))).toEqual(['witnesses']);
  });
});

describe('claim references and feedback', () => {
  it('the reference pattern leaves out I, L, O and U', () => {
    expect(CLAIM_REFERENCE_PATTERN.test('CLM-7K3M-9QXD-2HPA')).toBe(true);
    for (const bad of ['CLM-7K3M-9QXD-2HPI', 'CLM-OOOO-0000-0000', 'clm-7k3m-9qxd-2hpa', 'CLM-7K3M9QXD2HPA'])
      expect(CLAIM_REFERENCE_PATTERN.test(bad)).toBe(false);
  });

  it('a rating is a whole number from 1 to 10', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), (rating) => {
        expect(feedbackRequestSchema.safeParse({ type: 'general', rating }).success).toBe(
          rating >= 1 && rating <= 10,
        );
      }),
    );
    expect(feedbackRequestSchema.safeParse({ type: 'general', rating: 2.5 }).success).toBe(false);
  });
});
