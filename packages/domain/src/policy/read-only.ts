/**
 * Answers a policy keeps unless staff change them (spec 3 §5 "Read-only on a policy"): the policyholder's
 * name and date of birth and the no-claims discount for anyone but staff; claims already disclosed unless the
 * member of staff holds `action:mta-claims`. One rule for the API (which refuses) and the management pages
 * (which show these answers read-only), ADR 212 and 255.
 */

/** Who is changing the policy. */
export interface PolicyEditor {
  staff: boolean;
  /** Staff holding `action:mta-claims`. */
  claims: boolean;
}

export const MTA_CLAIMS_PERMISSION = 'action:mta-claims';

const HOLDER_READ_ONLY = ['firstName', 'lastName', 'dateOfBirth'];
const NCD = 'noClaimsDiscount';
const CLAIMS = 'vehicleClaimsHistory';
const under = (path: string, root: string) => path === root || path.startsWith(`${root}.`);

/**
 * Whether `path` of the answers at `target` ('profile' of the policyholder, 'additionalProfile' of a driver
 * already on the policy, 'asset', 'quote') is read-only for this editor.
 */
export function readOnlyOnPolicy(
  target: 'profile' | 'additionalProfile' | 'asset' | 'quote',
  path: string,
  editor: PolicyEditor,
): boolean {
  if (!editor.staff && target === 'profile' && HOLDER_READ_ONLY.some((r) => under(path, r))) return true;
  if (!editor.staff && target === 'asset' && under(path, NCD)) return true;
  // Claims already disclosed; a new driver's own claims are disclosed with them (in their create change).
  return !editor.claims && (target === 'profile' || target === 'additionalProfile') && under(path, CLAIMS);
}

const TARGET = {
  PROFILE_DISCLOSURE_CHANGE: 'profile',
  ADDITIONAL_PROFILE_DISCLOSURE_CHANGE: 'additionalProfile',
  ASSET_DISCLOSURE_CHANGE: 'asset',
  QUOTE_DISCLOSURE_CHANGE: 'quote',
} as const;

/**
 * The changes of one request that write a read-only answer, keyed `changes.N.update.path` (a 400's field
 * errors). A driver added by the same request discloses all their answers, claims included.
 */
export function readOnlyChangeErrors(
  changes: readonly { changeType: string; profileCode?: string | undefined; update?: { path: string } }[],
  editor: PolicyEditor,
): Record<string, string[]> {
  const added = new Set(
    changes.filter((c) => c.changeType === 'ADDITIONAL_PROFILE_CREATE_CHANGE').map((c) => c.profileCode),
  );
  const errors: Record<string, string[]> = {};
  changes.forEach((c, i) => {
    const target = TARGET[c.changeType as keyof typeof TARGET];
    const isNew = target === 'additionalProfile' && added.has(c.profileCode);
    if (target && !isNew && readOnlyOnPolicy(target, c.update?.path ?? '', editor))
      errors[`changes.${i}.update.path`] = ['validation.readOnlyOnPolicy'];
  });
  return errors;
}

/** The editor a caller is: staff (impersonating or not) and whether they hold `action:mta-claims`. */
export function policyEditorOf(caller: { kind: string; permissions?: readonly string[] }): PolicyEditor {
  const staff = caller.kind === 'admin';
  return { staff, claims: staff && (caller.permissions ?? []).includes(MTA_CLAIMS_PERMISSION) };
}
