import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatRegistrationMark,
  isEmail,
  isPaymentToken,
  isPostcode,
  isRegistration,
  isUkMobile,
  isUkPhone,
  matchesPattern,
  nationalNumber,
  normalisePostcode,
  normaliseRegistration,
  postcodeArea,
  registrationFormat,
} from '../src/patterns.ts';

const pick = (chars: string) => fc.constantFrom(...chars.split(''));
const join = (...parts: fc.Arbitrary<string>[]) => fc.tuple(...parts).map((p) => p.join(''));
const repeat = (arb: fc.Arbitrary<string>, min: number, max: number) =>
  fc.array(arb, { minLength: min, maxLength: max }).map((a) => a.join(''));
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DATED = 'ABCDEFGHJKLMNOPRSTUVWXY'; // no I, Q, Z
const digit = pick('0123456789');
const nonZero = pick('123456789');
const space = fc.constantFrom('', ' ');

describe('postcode', () => {
  it.each(['SW1A 1AA', 'sw1a1aa', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'EC1A 1BB', ' W1A 0AX '])(
    'accepts %s',
    (value) => expect(isPostcode(value)).toBe(true),
  );
  it.each([
    '',
    'SW1A',
    '1AA SW1',
    'SW1A 1A',
    'SW1A  1AA',
    'SW1A-1AA',
    'ABC1 1AA',
    'SW1A 1AAA',
    'Q1 1AA',
    'V1 1AA',
    'X1 1AA',
    'AZ1 1AA',
    'BI1 1AA',
  ])('rejects %s', (value) => expect(isPostcode(value)).toBe(false));
  it('normalises case and spacing', () => {
    expect(normalisePostcode(' sw1a1aa ')).toBe('SW1A 1AA');
    expect(normalisePostcode('m1   1ae')).toBe('M1 1AE');
  });
  it('gives the postcode area', () => {
    expect(postcodeArea('SW1A 1AA')).toBe('SW');
    expect(postcodeArea('b33 8th')).toBe('B');
    expect(postcodeArea('nonsense')).toBe('');
  });

  const outward = join(
    pick('ABCDEFGHIJKLMNOPRSTUWYZ'), // never Q, V, X first
    fc.option(pick('ABCDEFGHKLMNOPQRSTUVWXY')).map((x) => x ?? ''), // never I, J, Z second
    digit,
    fc.constantFrom('', 'A', '1'),
  );
  const generated = join(outward, space, digit, pick(LETTERS), pick(LETTERS));
  it('property: generated postcodes pass in any case; normalise is idempotent and still valid', () => {
    fc.assert(
      fc.property(generated, fc.boolean(), (pc, lower) => {
        const typed = lower ? pc.toLowerCase() : pc;
        expect(isPostcode(typed)).toBe(true);
        const once = normalisePostcode(typed);
        expect(normalisePostcode(once)).toBe(once);
        expect(isPostcode(once)).toBe(true);
        expect(once).toMatch(/^[A-Z0-9]{2,4} [0-9][A-Z]{2}$/);
      }),
    );
  });
  it('property: a postcode starting with Q, V or X never passes', () => {
    fc.assert(
      fc.property(join(pick('QVXqvx'), generated), (pc) => {
        expect(isPostcode(pc.slice(0, 1) + pc.slice(2))).toBe(false);
      }),
    );
  });
  it('property: a postcode starting with a digit never passes', () => {
    fc.assert(
      fc.property(join(digit, generated), (pc) => {
        expect(isPostcode(pc)).toBe(false);
      }),
    );
  });
});

describe('phone', () => {
  it.each([
    '+447700900123',
    '07700 900123',
    '7700900123',
    '+44 20 7946 0958',
    '0121 496 0000',
    '01632960000',
  ])('accepts UK number %s', (value) => expect(isUkPhone(value)).toBe(true));
  it.each(['', '+4477009001', '0800 123 4567', '+33612345678', '03001234567', '077009001234'])(
    'rejects %s',
    (value) => expect(isUkPhone(value)).toBe(false),
  );
  it('mobiles are 7x but not 70 or 76 (except the 7624 Isle of Man range)', () => {
    expect(isUkMobile('07700 900123')).toBe(true);
    expect(isUkMobile('+447624123456')).toBe(true);
    expect(isUkMobile('07012345678')).toBe(false);
    expect(isUkMobile('07612345678')).toBe(false);
    expect(isUkMobile('02079460958')).toBe(false);
  });
  it('national number strips prefix, punctuation and one leading 0', () => {
    expect(nationalNumber('+44 (0)20 7946-0958')).toBe('2079460958');
    expect(nationalNumber('0044 7700 900123')).toBe('7700900123');
  });
  it('property: generated mobiles pass with +44, with 0 and bare', () => {
    const mobile = join(fc.constant('7'), pick('12345789'), repeat(digit, 8, 8));
    fc.assert(
      fc.property(mobile, (n) => {
        for (const form of [n, `0${n}`, `+44${n}`, `+44 ${n.slice(0, 4)} ${n.slice(4)}`]) {
          expect(isUkMobile(form)).toBe(true);
          expect(isUkPhone(form)).toBe(true);
        }
      }),
    );
  });
  it('property: a national number not starting with 1, 2 or 7 never passes', () => {
    const bad = join(pick('345689'), repeat(digit, 8, 9));
    fc.assert(
      fc.property(bad, (n) => {
        expect(isUkPhone(`+44${n}`)).toBe(false);
      }),
    );
  });
});

describe('registration', () => {
  it.each([
    ['AB12 CDE', 'current'],
    ['ab12cde', 'current'],
    ['A123 BCD', 'prefix'],
    ['ABC 123D', 'suffix'],
    ['1 AB', 'dateless'],
    ['ABZ 1234', 'northernIreland'],
    ['DAZ 1234', 'northernIreland'],
    ['AIZ 1234', 'northernIreland'],
    ['ABC 123', 'dateless'],
  ])('accepts %s as %s', (value, format) => expect(registrationFormat(value)).toBe(format));
  it.each([
    '',
    'NOT A PLATE',
    '1234',
    'Q123 ABC',
    'QA12 BCD',
    'ABC 123I',
    'IAB 123',
    'AB12 CD',
    'AB12  CDE',
    'ABCD 1234',
    '12345 A',
    'AB1 2CDE',
    'A0 BCD',
  ])('rejects %s', (value) => expect(isRegistration(value)).toBe(false));
  it('normalises to upper case without spaces or hyphens', () => {
    expect(normaliseRegistration(' ab12 cde ')).toBe('AB12CDE');
    expect(normaliseRegistration('ab-12-cde')).toBe('AB12CDE');
  });
  const current = join(pick(DATED), pick(DATED), digit, digit, space, repeat(pick(`${DATED}Z`), 3, 3));
  const prefix = join(pick(DATED), nonZero, repeat(digit, 0, 2), space, repeat(pick(DATED), 3, 3));
  const suffix = join(repeat(pick(DATED), 3, 3), space, nonZero, repeat(digit, 0, 2), pick(DATED));
  const anyPlate = fc.oneof(current, prefix, suffix);
  it('property: generated current, prefix and suffix plates pass and normalise idempotently', () => {
    fc.assert(
      fc.property(anyPlate, fc.boolean(), (plate, lower) => {
        const typed = lower ? plate.toLowerCase() : plate;
        expect(isRegistration(typed)).toBe(true);
        const once = normaliseRegistration(typed);
        expect(normaliseRegistration(once)).toBe(once);
        expect(isRegistration(once)).toBe(true);
      }),
    );
  });
  it('property: anything starting with Q fails', () => {
    fc.assert(
      fc.property(fc.oneof(anyPlate, fc.string()), (rest) => {
        expect(isRegistration(`Q${rest}`)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(anyPlate, (rest) => {
        expect(isRegistration(`q${rest.slice(1)}`)).toBe(false);
      }),
    );
  });
});

describe('e-mail (spec 1 §5.1)', () => {
  it.each([
    'jo@example.com',
    'jo.smith@example.co.uk',
    'a+b@mail-server.example.org',
    'jo@[192.168.0.1]',
    'j_o-e@x.io',
  ])('accepts %s', (value) => expect(isEmail(value)).toBe(true));
  it.each([
    '',
    'jo',
    'jo@',
    '@example.com',
    'jo@example',
    'jo@example.c',
    'jo@example.123',
    'jo..smith@example.com',
    '.jo@example.com',
    'jo.@example.com',
    'jo smith@example.com',
    'jo@@example.com',
    'jo@[999.1.1.1]',
    'jo@-example.com',
  ])('rejects %s', (value) => {
    expect(isEmail(value)).toBe(false);
  });
  it.each('<>()!#~`$^*?/|[]\\,;:'.split(''))('rejects %s in the local part', (ch) => {
    expect(isEmail(`jo${ch}n@example.com`)).toBe(false);
  });
  it('property: a local part of safe characters at a dotted domain passes', () => {
    const safe = repeat(pick('abcxyz0189_-+=%&'), 1, 12);
    const label = repeat(pick('abcxyz019'), 1, 10);
    const tld = repeat(pick('abcdefuk'), 2, 6);
    fc.assert(
      fc.property(safe, safe, label, tld, (a, b, d, t) => {
        expect(isEmail(`${a}.${b}@${d}.${t}`)).toBe(true);
      }),
    );
  });
});

describe('payment token and generic pattern', () => {
  it('accepts tok_ with 2+ word characters only', () => {
    expect(isPaymentToken('tok_1N3abc_DEF')).toBe(true);
    expect(isPaymentToken('tok_ab')).toBe(true);
    expect(isPaymentToken('tok_a')).toBe(false);
    expect(isPaymentToken('pm_abcdef')).toBe(false);
    expect(isPaymentToken('tok_ab-cd')).toBe(false);
  });
  it('property: tok_ + word chars passes', () => {
    fc.assert(
      fc.property(repeat(pick('abcXYZ019_'), 2, 30), (tail) => {
        expect(isPaymentToken(`tok_${tail}`)).toBe(true);
      }),
    );
  });
  it('passes on match and not blacklisted; accepts source strings and /g regexes repeatedly', () => {
    expect(matchesPattern('AB123', /^[A-Z]{2}\d+$/)).toBe(true);
    expect(matchesPattern('ab123', '^[A-Z]{2}\\d+$')).toBe(false);
    expect(matchesPattern('XX123', /^[A-Z]{2}\d+$/, /^XX/)).toBe(false);
    expect(matchesPattern('AB123', /^[A-Z]{2}\d+$/, '^XX')).toBe(true);
    const global = /\d/g;
    expect([1, 2, 3].map(() => matchesPattern('a1', global))).toEqual([true, true, true]);
  });
});

describe('formatRegistrationMark', () => {
  it.each([
    ['FD19FCS', 'FD19 FCS'],
    ['fd19 fcs', 'FD19 FCS'],
    ['A123BCD', 'A123 BCD'],
    ['MGB123K', 'MGB 123K'],
    ['ABX1234', 'ABX 1234'],
    ['1AB', '1 AB'],
    ['not a plate', 'NOTAPLATE'],
  ])('%s → %s', (value, out) => expect(formatRegistrationMark(value)).toBe(out));
});
