import type { Change, ProposalDataLike } from './values.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function setPath(target: Json, path: string, value: unknown) {
  const parts = path.split('.');
  let node = target;
  for (const key of parts.slice(0, -1)) {
    if (!isObject(node[key])) node[key] = {};
    node = node[key] as Json;
  }
  const last = parts[parts.length - 1] as string;
  if (value === null || value === undefined) delete node[last];
  else node[last] = value;
}

/** The answers as they will be once the server applies these disclosure changes (for a validation call). */
export function applyLocally(data: ProposalDataLike, changes: Change[]): ProposalDataLike {
  const out = structuredClone({ asset: {}, profiles: [], quote: {}, ...data }) as Required<ProposalDataLike>;
  for (const c of changes) {
    if (c.changeType === 'ASSET_DISCLOSURE_CHANGE') setPath(out.asset, c.update.path, c.update.value);
    else if (c.changeType === 'QUOTE_DISCLOSURE_CHANGE') setPath(out.quote, c.update.path, c.update.value);
    else {
      let profile = out.profiles.find((p) => p.profileCode === c.profileCode);
      if (!profile) {
        profile = {
          profileCode: c.profileCode ?? 'policyholder',
          policyholder: c.profileCode === 'policyholder',
          data: {},
        };
        out.profiles.push(profile);
      }
      profile.data ??= {};
      setPath(profile.data, c.update.path, c.update.value);
    }
  }
  return out;
}
