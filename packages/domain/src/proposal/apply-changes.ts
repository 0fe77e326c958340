import { ADDITIONAL_PROFILE_CODES, OPTIONAL_COVER_CODES, VOLUNTARY_EXCESS_OPTIONS } from '../risk/values.ts';
import { type AnswerPaths, answerPathAllowed, valueBoundError } from './bounds.ts';

/**
 * Proposal changes (spec 3 §3 "Changes"): the one implementation the API stores and the web previews
 * (ADR 135). A change is a path/value update of the asset, the policyholder's data, an additional driver's
 * data or the quote answers, or one of the structural changes (profiles, covers, voluntary excess).
 */

type Json = Record<string, unknown>;
export type ProfileJson = { profileCode: string; policyholder: boolean; data: Json };
/** The answers as stored: the shape of `risk/schema.ts`, read loosely while answers arrive. */
export interface Draft {
  asset: Json;
  profiles: ProfileJson[];
  quote: Json;
}

/** One change as the PATCH carries it (the contract's `proposalChangeSchema` is this shape). */
export interface ProposalChangeInput {
  changeType: string;
  assetCode?: string | undefined;
  profileCode?: string | undefined;
  coverCode?: string | undefined;
  excess?: number | undefined;
  selected?: boolean | null | undefined;
  update?: { path: string; value?: unknown } | undefined;
  data?: Record<string, unknown> | undefined;
}

export interface ApplyOptions {
  maxAdditionalProfiles: number;
  /** The product's question set: only these paths may be written (left out: any well-formed path). */
  answerPaths?: AnswerPaths | undefined;
  /**
   * Change `current` itself instead of a deep copy: for a caller that owns answers it has just parsed and
   * does not read them again (the PATCH that rates, issue 29). Left out: a copy, `current` untouched.
   */
  inPlace?: boolean | undefined;
}

export interface ApplyResult {
  data: Draft;
  /** Data paths the changes touched ('asset.annualMileage', 'profiles.1.data.firstName', 'profiles'). */
  touched: string[];
  /** Per bad change, keyed `changes.N.<field>`: message keys. Empty when every change applied. */
  errors: Record<string, string[]>;
}

const SEGMENT = /^(?:[A-Za-z_][A-Za-z0-9_]{0,63}|\d{1,3})$/;
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A dotted path the data may hold: identifier or array-index segments, no prototype keys. */
export function isWellFormedPath(path: string): boolean {
  return path.split('.').every((p) => SEGMENT.test(p) && !FORBIDDEN.has(p));
}

/**
 * Sets (or, for undefined/null, removes) a dotted path inside `target`, creating objects on the way, or
 * arrays where the next segment is an index ('drivingLicence.convictions.0.code').
 */
function setPath(target: Json, path: string, value: unknown) {
  const parts = path.split('.');
  let node: Json | unknown[] = target;
  for (let i = 0; i < parts.length - 1; i++) {
    const key = parts[i] as string;
    const next: unknown = (node as Json)[key];
    if (isObject(next) || Array.isArray(next)) node = next;
    else {
      const created = /^\d+$/.test(parts[i + 1] as string) ? [] : {};
      (node as Json)[key] = created;
      node = created;
    }
  }
  const last = parts[parts.length - 1] as string;
  if (value === undefined || value === null) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete (node as Json)[last];
  } else (node as Json)[last] = value;
}

/** The answers in their stored shape (missing parts filled), as a deep copy (or `current` itself, inPlace). */
export function toDraft(current: unknown, inPlace = false): Draft {
  const src = isObject(current) ? (inPlace ? current : structuredClone(current)) : {};
  return {
    asset: isObject(src.asset) ? src.asset : { assetCode: 'Vehicle' },
    profiles: Array.isArray(src.profiles) ? (src.profiles as ProfileJson[]) : [],
    quote: isObject(src.quote) ? src.quote : {},
  };
}

/**
 * Applies changes, in order, to a copy of the answers. The API stores the result only when `errors` is
 * empty (one bad change: nothing is written); the web uses it to preview what a section submit leaves.
 */
export function applyChanges(
  current: unknown,
  changes: readonly ProposalChangeInput[],
  options: ApplyOptions,
): ApplyResult {
  const data = toDraft(current, options.inPlace);
  const touched: string[] = [];
  const errors: Record<string, string[]> = {};
  const fail = (i: number, field: string, message: string): undefined => {
    errors[`changes.${i}.${field}`] = [message];
  };
  const covers = (): Json => {
    if (!isObject(data.quote.optionalCovers)) data.quote.optionalCovers = {};
    return data.quote.optionalCovers as Json;
  };
  const profileIndex = (code: string) => data.profiles.findIndex((p) => p.profileCode === code);

  const applyOne = (change: ProposalChangeInput, i: number): undefined => {
    const update = (target: Json, kind: keyof AnswerPaths, prefix: string): undefined => {
      if (!change.update) return fail(i, 'update', 'validation.required');
      const { path, value } = change.update;
      if (!isWellFormedPath(path)) return fail(i, 'update.path', 'validation.path');
      if (options.answerPaths && !answerPathAllowed(options.answerPaths[kind], path, value))
        return fail(i, 'update.path', 'validation.unknownQuestion');
      const tooBig = valueBoundError(value);
      if (tooBig) return fail(i, 'update.value', tooBig);
      setPath(target, path, structuredClone(value));
      touched.push(`${prefix}.${path}`);
    };
    switch (change.changeType) {
      case 'ASSET_DISCLOSURE_CHANGE':
        if (change.assetCode && change.assetCode !== 'Vehicle')
          return fail(i, 'assetCode', 'validation.unknownAsset');
        return update(data.asset, 'asset', 'asset');
      case 'QUOTE_DISCLOSURE_CHANGE':
        return update(data.quote, 'quote', 'quote');
      case 'PROFILE_DISCLOSURE_CHANGE': {
        // Spec 3 §3: a profile disclosure change has no profile code; it is the policyholder's.
        let at = data.profiles.findIndex(isPolicyholder);
        if (at < 0)
          at = data.profiles.push({ profileCode: 'policyholder', policyholder: true, data: {} }) - 1;
        const profile = data.profiles[at] as ProfileJson;
        if (!isObject(profile.data)) profile.data = {};
        return update(profile.data, 'profile', `profiles.${at}.data`);
      }
      case 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE': {
        // An additional driver's answers go to an existing additional profile (created by ADD_PROFILE).
        const at = profileIndex(change.profileCode ?? '');
        const profile = data.profiles[at];
        if (!profile || isPolicyholder(profile)) return fail(i, 'profileCode', 'validation.unknownProfile');
        if (!isObject(profile.data)) profile.data = {};
        return update(profile.data, 'profile', `profiles.${at}.data`);
      }
      case 'ADD_PROFILE':
      case 'ADDITIONAL_PROFILE_CREATE_CHANGE': {
        const additional = data.profiles.filter((p) => !isPolicyholder(p)).length;
        if (additional >= options.maxAdditionalProfiles)
          return fail(i, 'profileCode', 'validation.tooManyAdditionalDrivers');
        const code = change.profileCode ?? ADDITIONAL_PROFILE_CODES.find((c) => profileIndex(c) < 0);
        if (!code || !(ADDITIONAL_PROFILE_CODES as readonly string[]).includes(code))
          return fail(i, 'profileCode', 'validation.profileCode');
        if (profileIndex(code) >= 0) return fail(i, 'profileCode', 'validation.duplicateProfile');
        const first = change.data ?? {};
        for (const [path, value] of Object.entries(first)) {
          if (options.answerPaths && !answerPathAllowed(options.answerPaths.profile, path, value))
            return fail(i, `data.${path}`, 'validation.unknownQuestion');
          const tooBig = valueBoundError(value);
          if (tooBig) return fail(i, `data.${path}`, tooBig);
        }
        const at =
          data.profiles.push({ profileCode: code, policyholder: false, data: structuredClone(first) }) - 1;
        touched.push(`profiles.${at}`);
        return;
      }
      case 'REMOVE_PROFILE': {
        const at = profileIndex(change.profileCode ?? '');
        const profile = data.profiles[at];
        if (!profile || isPolicyholder(profile)) return fail(i, 'profileCode', 'validation.unknownProfile');
        data.profiles.splice(at, 1);
        touched.push('profiles');
        return;
      }
      case 'ADD_COVER':
      case 'REMOVE_COVER':
      case 'REQUEST_COVER_OPTION': {
        const code = change.coverCode ?? '';
        if (!(OPTIONAL_COVER_CODES as readonly string[]).includes(code))
          return fail(i, 'coverCode', 'validation.unknownCover');
        covers()[code] =
          change.changeType === 'ADD_COVER'
            ? true
            : change.changeType === 'REMOVE_COVER'
              ? false
              : (change.selected ?? null);
        touched.push(`quote.optionalCovers.${code}`);
        return;
      }
      case 'SELECT_VOLUNTARY_EXCESS':
        if (!(VOLUNTARY_EXCESS_OPTIONS as readonly number[]).includes(change.excess ?? -1))
          return fail(i, 'excess', 'validation.invalidOption');
        data.quote.voluntaryExcess = change.excess;
        touched.push('quote.voluntaryExcess');
        return;
      default:
        return fail(i, 'changeType', 'validation.invalidOption');
    }
  };
  for (const [i, change] of changes.entries()) applyOne(change, i);
  return { data, touched, errors };
}

/** The policyholder's profile: flagged so, or (answers still arriving) coded so. */
export function isPolicyholder(profile: {
  policyholder?: boolean | undefined;
  profileCode?: string | undefined;
}) {
  return profile.policyholder === true || profile.profileCode === 'policyholder';
}

/**
 * The browser's entry: the answers as they will be once the server applies these changes (for a
 * validation call before the PATCH). The same function as the server's; changes the server would refuse
 * are left out here, and the PATCH then reports them.
 */
export function previewChanges(
  current: unknown,
  changes: readonly ProposalChangeInput[],
  maxAdditionalProfiles: number = ADDITIONAL_PROFILE_CODES.length,
): Draft {
  return applyChanges(current, changes, { maxAdditionalProfiles }).data;
}
