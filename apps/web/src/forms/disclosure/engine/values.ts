import { isShown } from '@forecourt/domain/forms/conditions';
import { SPREAD_KEYS } from '@forecourt/domain/forms/types';
import { profileData } from '@forecourt/domain/proposal/readers';
import { type FormContext, getPath, type Question, type Section, type Values } from './types.ts';

export { profileData };

export interface ProposalDataLike {
  asset?: Values;
  profiles?: { profileCode: string; policyholder?: boolean; data?: Values }[];
  quote?: Values;
}

function sourceOf(q: Question, data: ProposalDataLike, profileCode: string): Values | undefined {
  if (q.target === 'asset') return data.asset;
  if (q.target === 'quote') return data.quote;
  return profileData(data, profileCode);
}

function itemToForm(item: Question[], raw: unknown): Values {
  const out: Values = {};
  for (const iq of item) out[iq.id] = getPath(raw, iq.path ?? iq.id);
  return out;
}

/** The form's starting values from the proposal's answers (spec 3 §3 data shape). */
export function initialValues(section: Section, data: ProposalDataLike, profileCode: string): Values {
  const values: Values = {};
  for (const q of section.questions) {
    const source = sourceOf(q, data, profileCode);
    if (q.target === 'none') {
      const arr = q.derivedFrom ? getPath(profileData(data, profileCode), q.derivedFrom) : undefined;
      values[q.id] = Array.isArray(arr) ? arr.length > 0 : undefined;
    } else if (q.spread) {
      const keys = SPREAD_KEYS[q.input] ?? [];
      const v = Object.fromEntries(keys.map((k) => [k, getPath(source, k)]));
      values[q.id] = keys.some((k) => v[k] !== undefined) ? v : undefined;
    } else if (q.input === 'loop') {
      const arr = getPath(source, q.path);
      values[q.id] = Array.isArray(arr) ? arr.map((raw) => itemToForm(q.item ?? [], raw)) : [];
    } else {
      values[q.id] = getPath(source, q.path) ?? q.defaultValue;
    }
  }
  return values;
}

export interface Change {
  changeType:
    | 'ASSET_DISCLOSURE_CHANGE'
    | 'PROFILE_DISCLOSURE_CHANGE'
    | 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE'
    | 'QUOTE_DISCLOSURE_CHANGE';
  assetCode?: string;
  profileCode?: string;
  update: { path: string; value: unknown };
}

function change(q: Question, profileCode: string, path: string, value: unknown): Change {
  const update = { path, value };
  if (q.target === 'asset') return { changeType: 'ASSET_DISCLOSURE_CHANGE', assetCode: 'Vehicle', update };
  if (q.target === 'quote') return { changeType: 'QUOTE_DISCLOSURE_CHANGE', update };
  if (profileCode === 'policyholder') return { changeType: 'PROFILE_DISCLOSURE_CHANGE', profileCode, update };
  return { changeType: 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE', profileCode, update };
}

/** Drops nulls inside objects (the lookup marks missing catalogue fields null; the risk model omits them). */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}

/**
 * The PATCH changes a section submit sends: one path/value update per answer. A hidden question sends
 * its configured hidden value (e.g. [] for a hidden claims loop), unless it preserves its answer.
 */
export function toChanges(section: Section, values: Values, ctx: FormContext, profileCode: string): Change[] {
  const changes: Change[] = [];
  for (const q of section.questions) {
    if (q.target === 'none') continue;
    if (!isShown(q.conditions, values, ctx) && !q.preserve) {
      const from = q.hiddenValueFrom;
      const derived = from ? getPath(values[from.field], from.path) : undefined;
      if (typeof derived === 'number')
        changes.push(change(q, profileCode, q.path ?? q.id, Math.round(derived * (from?.scale ?? 1))));
      else if (q.hiddenValue !== undefined)
        changes.push(change(q, profileCode, q.path ?? q.id, q.hiddenValue));
      continue;
    }
    const value = values[q.id];
    if (value === undefined) continue;
    if (q.spread) {
      for (const key of SPREAD_KEYS[q.input] ?? []) {
        const v = getPath(value, key);
        if (v !== undefined && v !== null) changes.push(change(q, profileCode, key, withoutNulls(v)));
      }
    } else if (q.input === 'loop') {
      const items = (Array.isArray(value) ? value : []) as Values[];
      const mapped = items.map((it) =>
        Object.fromEntries((q.item ?? []).map((iq) => [iq.path ?? iq.id, it[iq.id]])),
      );
      changes.push(change(q, profileCode, q.path ?? q.id, mapped));
    } else {
      changes.push(change(q, profileCode, q.path ?? q.id, withoutNulls(value)));
    }
  }
  return changes;
}
