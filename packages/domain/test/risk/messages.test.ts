import { describe, expect, it } from 'vitest';
import { riskMessage } from '../../src/risk/messages.ts';

describe('server field error texts', () => {
  it('has an English default for every key the proposal bounds and the configured rules give', () => {
    const bounds = ['unknownQuestion', 'tooLong', 'tooMany', 'tooDeep', 'path', 'type'];
    const rules = [
      'minLength',
      'maxLength',
      'greaterThanOrEqual',
      'lessThanOrEqual',
      'regExp',
      'email',
      'phoneNumber',
      'postalCode',
      'numberText',
      'date',
      'afterOrEqual',
      'beforeOrEqual',
      'afterOrEqualField',
      'beforeOrEqualPlusYears',
      'yearMonth',
      'minYear',
      'onlyAccept',
      'minItems',
      'maxItems',
    ];
    for (const key of [...bounds, ...rules].map((k) => `validation.${k}`))
      expect(riskMessage(key), key).not.toBe(key);
  });
});
