/**
 * Validation patterns (spec 1 §5.1, spec 3 §5 "Patterns"). Pure: no I/O, no DOM.
 * Every predicate takes the raw string a user typed and tolerates surrounding whitespace.
 */

/**
 * UK postcode: letter, optional letter, digit, optional alphanumeric, optional space, digit, two letters.
 * The first letter is never Q, V or X and the second never I, J or Z (Royal Mail), so 'Q1 1AA' fails.
 */
export const POSTCODE_PATTERN = /^[A-PR-UWYZ][A-HK-Y]?[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/i;

export function isPostcode(value: string): boolean {
  return POSTCODE_PATTERN.test(value.trim());
}

/** 'sw1a1aa' / ' SW1A  1AA ' → 'SW1A 1AA' (upper-case, one space before the inward code). */
export function normalisePostcode(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  if (compact.length <= 3) return compact;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** Postcode area: the leading letters ('SW1A 1AA' → 'SW', 'B1 1AA' → 'B'). Empty when not a postcode. */
export function postcodeArea(value: string): string {
  const normalised = normalisePostcode(value);
  if (!isPostcode(normalised)) return '';
  return /^[A-Z]+/.exec(normalised)?.[0] ?? '';
}

/**
 * Postcode areas of the Crown Dependencies (Guernsey, Jersey, the Isle of Man): Royal Mail delivers there,
 * but they are outside the United Kingdom and have their own motor insurance law, so outside UK motor cover
 * (issue 27 §5, ADR 349).
 */
export const CROWN_DEPENDENCY_AREAS: readonly string[] = ['GY', 'JE', 'IM'];

/** A well-formed postcode of Guernsey, Jersey or the Isle of Man. */
export function isCrownDependencyPostcode(value: string): boolean {
  return CROWN_DEPENDENCY_AREAS.includes(postcodeArea(value));
}

/**
 * Names (issue 27 §6, ADR 350): letters of any alphabet, with the spaces, hyphens, apostrophes and full stops
 * names are written with ('Mary-Jane', "O'Brien", 'St. John'); they start with a letter. No digits, no markup.
 */
export const NAME_PATTERN = /^\p{L}[\p{L}\p{M} '’.-]*$/u;

export function isName(value: string): boolean {
  return NAME_PATTERN.test(value.trim());
}

export const PHONE_PREFIX = '+44';

/** The national number after +44: 1 or 2 then 8 or 9 digits (landline), or 7 then 9 digits (mobile). */
export const UK_PHONE_PATTERN = /^(?:[12][0-9]{8,9}|7[0-9]{9})$/;

/** Ofcom mobile ranges after +44: 71-75 and 77-79, plus the Isle of Man 7624 range (not 70 or 76 pagers). */
export const UK_MOBILE_PATTERN = /^7(?:[1-57-9][0-9]{8}|624[0-9]{6})$/;

/**
 * The national significant number of a typed UK phone number: strips spaces, hyphens and brackets,
 * then the +44 / 0044 prefix, then one leading 0 ('07700 900123' → '7700900123').
 */
export function nationalNumber(value: string): string {
  let digits = value.replace(/[\s\-().]/g, '');
  if (digits.startsWith(PHONE_PREFIX)) digits = digits.slice(PHONE_PREFIX.length);
  else if (digits.startsWith('0044')) digits = digits.slice(4);
  if (digits.startsWith('0')) digits = digits.slice(1);
  return digits;
}

/** True for a UK number given with +44, with a leading 0, or as the bare national number. */
export function isUkPhone(value: string): boolean {
  return UK_PHONE_PATTERN.test(nationalNumber(value));
}

export function isUkMobile(value: string): boolean {
  return UK_MOBILE_PATTERN.test(nationalNumber(value));
}

/**
 * UK registration formats (DVLA, DVA): the one definition the quote, the registration lookup, bind and the
 * web's plate input all use (issue 27 §4, ADR 349). Letters I and Q never appear in the Great Britain
 * formats (Z only among the random letters of the current format); I and Z mark Northern Ireland's marks. No
 * plate starts with Q: Q plates (vehicles of unknown age or identity) are outside the online product (spec 3
 * §5). One optional space between the two groups; case-insensitive. Capture groups are the two halves, so a
 * widget can format them with its divider.
 */
export const REGISTRATION_PATTERNS = {
  /** 2001 onwards: area code (2 letters), age identifier (2 digits), 3 random letters: 'AB12 CDE'. */
  current: /^([A-HJ-PR-Y]{2}[0-9]{2}) ?([A-HJ-PR-Z]{3})$/i,
  /** 1983-2001: age letter, 1-3 digits, 3 letters: 'A123 BCD'. */
  prefix: /^([A-HJ-PR-Y][1-9][0-9]{0,2}) ?([A-HJ-PR-Y]{3})$/i,
  /** 1963-1983: 3 letters, 1-3 digits, age letter: 'ABC 123D'. */
  suffix: /^([A-HJ-PR-Y]{3}) ?([1-9][0-9]{0,2}[A-HJ-PR-Y])$/i,
  /**
   * Northern Ireland (DVA): an optional letter and a two-letter county code holding I or Z, then 1-4 digits:
   * 'DAZ 1234', 'AIZ 1234', 'IA 123', 'ABZ 1'.
   */
  northernIreland: /^([A-HJ-PR-Y]?(?:[A-PR-Z][IZ]|[IZ][A-PR-Z])) ?([1-9][0-9]{0,3})$/i,
  /** Great Britain dateless: 1-3 letters and 1-4 digits, either way round: 'ABC 123', '1 AB'. */
  dateless: /^(?:([A-HJ-PR-Y]{1,3}) ?([1-9][0-9]{0,3})|([1-9][0-9]{0,3}) ?([A-HJ-PR-Y]{1,3}))$/i,
} as const;

/** The formats as pattern sources, for configuration that carries them as strings (the brand's plate input). */
export const REGISTRATION_FORMAT_SOURCES: readonly string[] = Object.values(REGISTRATION_PATTERNS).map((p) =>
  p.source.replace(/ \?/g, ''),
);

/** The answer to a registration in no UK format (the lookup, the quote and bind say the same). */
export const INVALID_REGISTRATION_MESSAGE = 'Enter a valid UK registration';

export type RegistrationFormat = keyof typeof REGISTRATION_PATTERNS;

/** 'ab12 cde' → 'AB12CDE'. */
export function normaliseRegistration(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/** Which format a registration is in, or null. Leading Q is always rejected. */
export function registrationFormat(value: string): RegistrationFormat | null {
  const trimmed = value.trim();
  if (/^q/i.test(trimmed)) return null;
  for (const [format, pattern] of Object.entries(REGISTRATION_PATTERNS)) {
    if (pattern.test(trimmed)) return format as RegistrationFormat;
  }
  return null;
}

export function isRegistration(value: string): boolean {
  return registrationFormat(value) !== null;
}

/**
 * A registration as printed on the plate: upper case, one space between its two groups ('fd19fcs' →
 * 'FD19 FCS', 'A123BCD' → 'A123 BCD'). A value in no known format is only normalised.
 */
export function formatRegistrationMark(value: string): string {
  const plate = normaliseRegistration(value);
  const format = registrationFormat(plate);
  if (!format) return plate;
  const m = REGISTRATION_PATTERNS[format].exec(plate);
  const groups = (m?.slice(1) ?? []).filter(Boolean);
  return groups.length === 2 ? groups.join(' ') : plate;
}

/**
 * E-mail (spec 1 §5.1): local-part@domain. The local part is one or more dot-separated atoms, none of
 * them containing < > ( ) ! # ~ ` $ ^ * ? / | [ ] \ . , ; : whitespace or @ (a dot only separates atoms).
 * The domain is an IPv4 literal ([1.2.3.4]) or dotted labels ending in a suffix of 2+ letters.
 */
const LOCAL_ATOM = '[^<>()!#~`$^*?/|\\[\\]\\\\.,;:\\s@]+';
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
export const EMAIL_PATTERN = new RegExp(
  `^${LOCAL_ATOM}(?:\\.${LOCAL_ATOM})*@(?:\\[${OCTET}(?:\\.${OCTET}){3}\\]|(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\\.)+[A-Za-z]{2,})$`,
);

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** Card-provider payment token (admin settle by phone): 'tok_' then at least two word characters. */
export const PAYMENT_TOKEN_PATTERN = /^tok_\w{2,}$/;

export function isPaymentToken(value: string): boolean {
  return PAYMENT_TOKEN_PATTERN.test(value.trim());
}

function testOnce(pattern: RegExp | string, value: string): boolean {
  const regex = typeof pattern === 'string' ? new RegExp(pattern) : pattern;
  regex.lastIndex = 0; // a /g or /y regex keeps state between calls
  const result = regex.test(value);
  regex.lastIndex = 0;
  return result;
}

/**
 * Generic pattern validator (spec 1 §5.1): passes when the value matches `pattern` and does not match the
 * optional `blacklist`. Patterns may be RegExps or source strings (as they come from brand config).
 */
export function matchesPattern(
  value: string,
  pattern: RegExp | string,
  blacklist?: RegExp | string,
): boolean {
  if (!testOnce(pattern, value)) return false;
  return blacklist === undefined ? true : !testOnce(blacklist, value);
}
