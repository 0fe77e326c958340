import type { ProposalChange } from '@forecourt/contracts/proposals';
import {
  ADDITIONAL_PROFILE_CODES,
  OPTIONAL_COVER_CODES,
  VOLUNTARY_EXCESS_OPTIONS,
} from '@forecourt/domain/risk/values';
import { validation } from '../../lib/errors.ts';

type Json = Record<string, unknown>;
type ProfileJson = { profileCode: string; policyholder: boolean; data: Json };
export interface Draft {
  asset: Json;
  profiles: ProfileJson[];
  quote: Json;
}

const SEGMENT = /^(?:[A-Za-z_][A-Za-z0-9_]{0,63}|\d{1,3})$/;
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Sets (or, for undefined/null, removes) a dotted path inside `target`, creating objects/arrays on the way. */
function setPath(target: Json, path: string, value: unknown): boolean {
  const parts = path.split('.');
  if (parts.some((p) => !SEGMENT.test(p) || FORBIDDEN.has(p))) return false;
  let node: Json | unknown[] = target;
  for (let i = 0; i < parts.length - 1; i++) {
    const key = parts[i]!;
    const next: unknown = (node as Json)[key];
    if (isObject(next) || Array.isArray(next)) node = next;
    else {
      const created = /^\d+$/.test(parts[i + 1]!) ? [] : {};
      (node as Json)[key] = created;
      node = created;
    }
  }
  const last = parts[parts.length - 1]!;
  if (value === undefined || value === null) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete (node as Json)[last];
  } else (node as Json)[last] = value;
  return true;
}

/**
 * Applies a PATCH's changes, in order, to a copy of the answers. Returns the new answers and the data
 * paths touched (so validation can report on them); any malformed change is a 400 naming `changes.N.*`,
 * and nothing is applied.
 */
export function applyChanges(
  current: Json,
  changes: ProposalChange[],
  options: { maxAdditionalProfiles: number },
): { data: Draft; touched: string[] } {
  const src = structuredClone(current);
  const data: Draft = {
    asset: isObject(src.asset) ? src.asset : { assetCode: 'Vehicle' },
    profiles: Array.isArray(src.profiles) ? (src.profiles as ProfileJson[]) : [],
    quote: isObject(src.quote) ? src.quote : {},
  };
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

  const applyOne = (change: ProposalChange, i: number): undefined => {
    const update = (target: Json, prefix: string): undefined => {
      if (!change.update) return fail(i, 'update', 'validation.required');
      if (!setPath(target, change.update.path, change.update.value))
        return fail(i, 'update.path', 'validation.path');
      touched.push(`${prefix}.${change.update.path}`);
    };
    switch (change.changeType) {
      case 'ASSET_DISCLOSURE_CHANGE':
        if (change.assetCode && change.assetCode !== 'Vehicle')
          return fail(i, 'assetCode', 'validation.unknownAsset');
        return update(data.asset, 'asset');
      case 'QUOTE_DISCLOSURE_CHANGE':
        return update(data.quote, 'quote');
      case 'PROFILE_DISCLOSURE_CHANGE': {
        let at = data.profiles.findIndex((p) => p.policyholder);
        if (at < 0)
          at = data.profiles.push({ profileCode: 'policyholder', policyholder: true, data: {} }) - 1;
        return update(data.profiles[at]!.data, `profiles.${at}.data`);
      }
      case 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE': {
        const at = profileIndex(change.profileCode ?? '');
        if (at < 0 || data.profiles[at]!.policyholder)
          return fail(i, 'profileCode', 'validation.unknownProfile');
        return update(data.profiles[at]!.data, `profiles.${at}.data`);
      }
      case 'ADD_PROFILE':
      case 'ADDITIONAL_PROFILE_CREATE_CHANGE': {
        const additional = data.profiles.filter((p) => !p.policyholder).length;
        if (additional >= options.maxAdditionalProfiles)
          return fail(i, 'profileCode', 'validation.tooManyAdditionalDrivers');
        const code = change.profileCode ?? ADDITIONAL_PROFILE_CODES.find((c) => profileIndex(c) < 0);
        if (!code || !(ADDITIONAL_PROFILE_CODES as readonly string[]).includes(code))
          return fail(i, 'profileCode', 'validation.profileCode');
        if (profileIndex(code) >= 0) return fail(i, 'profileCode', 'validation.duplicateProfile');
        const at =
          data.profiles.push({
            profileCode: code,
            policyholder: false,
            data: structuredClone(change.data ?? {}),
          }) - 1;
        touched.push(`profiles.${at}`);
        return;
      }
      case 'REMOVE_PROFILE': {
        const at = profileIndex(change.profileCode ?? '');
        if (at < 0 || data.profiles[at]!.policyholder)
          return fail(i, 'profileCode', 'validation.unknownProfile');
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
    }
  };
  for (const [i, change] of changes.entries()) applyOne(change, i);
  if (Object.keys(errors).length > 0) throw validation(errors, 'Some changes could not be applied');
  return { data, touched };
}
