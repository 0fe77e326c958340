import type { VehicleSpecification } from '@forecourt/contracts/lookups';
import { normaliseVrn } from '@forecourt/contracts/lookups';
import { policyEditorOf, readOnlyChangeErrors } from '@forecourt/domain/policy/read-only';
import { applyChanges, type Draft, type ProposalChangeInput } from '@forecourt/domain/proposal/apply-changes';
import {
  catalogueValueErrors,
  mayOverrideCatalogue,
  VEHICLE_NOT_FOUND,
  vehicleChanged,
  vehicleKeyOf,
} from '@forecourt/domain/proposal/vehicle-catalogue';
import type { Ctx } from '../../lib/context.ts';
import { validation } from '../../lib/errors.ts';
import { recordStaffAction } from '../identity/index.ts';
import { brandAnswerPaths } from './brand-questions.ts';

type Json = Record<string, unknown>;
type VehicleCtx = Pick<Ctx, 'caller' | 'db' | 'clock' | 'providers'>;

/** The lookup's car for the answers' key (the registration looked up, or the catalogue entry chosen). */
async function lookedUp(ctx: VehicleCtx, asset: unknown): Promise<VehicleSpecification | null> {
  const key = vehicleKeyOf(asset);
  const vehicles = ctx.providers.vehicles;
  if (key.by === 'registration') return vehicles.lookupVrn(normaliseVrn(key.vrn));
  if (key.by === 'catalogue') {
    if (!Number.isInteger(key.year) || !key.make || !key.model) return null;
    const [found] = await vehicles.variants(key.year, key.make, key.model, { vehicleCode: key.vehicleCode });
    return found ?? null;
  }
  return null;
}

/**
 * The car's catalogue facts are the lookup's (issue 27 point 1, ADR 347). When the answers' car changed (its
 * key or its specification), the specification is taken from the lookup for its key: a value sent that
 * differs is refused (400, `asset.specification.<field>`), fields left out are filled in, and a key the lookup
 * does not know is refused. Staff holding `action:underwriting` may override a value: kept, and audited
 * (`target` names what was changed). Answers whose car did not change are left alone.
 */
export async function takeVehicleFromLookup(
  ctx: VehicleCtx,
  before: unknown,
  after: { asset: Json },
  target: string,
): Promise<void> {
  const beforeAsset = (before as { asset?: unknown } | undefined)?.asset;
  if (!vehicleChanged(beforeAsset, after.asset)) return;
  const key = vehicleKeyOf(after.asset);
  const found = key.by === 'none' ? null : await lookedUp(ctx, after.asset);
  if (key.by !== 'none' && !found) {
    const at = key.by === 'registration' ? 'asset.vrn' : 'asset.specification.vehicleCode';
    throw validation({ [at]: [VEHICLE_NOT_FOUND] }, 'We could not find that vehicle');
  }
  const errors = catalogueValueErrors(after.asset.specification, found as Json | null);
  const differing = Object.keys(errors);
  if (differing.length === 0) {
    if (found) after.asset.specification = { ...found };
    return;
  }
  if (!mayOverrideCatalogue(ctx.caller))
    throw validation(errors, 'The details of the car come from the vehicle lookup and cannot be changed');
  // An underwriter's override: the lookup's values with theirs on top, and an audit entry naming each.
  const sent = (after.asset.specification ?? {}) as Json;
  after.asset.specification = { ...(found ?? {}), ...sent };
  const was = (field: string) =>
    JSON.stringify((found as Json | null)?.[field.split('.').pop() ?? ''] ?? null);
  await recordStaffAction(ctx.db, ctx.caller, {
    action: 'OVERRIDE vehicle catalogue',
    target: `${target} ${differing
      .map((f) => `${f}: ${was(f)} -> ${JSON.stringify(sent[f.split('.').pop() ?? ''])}`)
      .join('; ')}`,
    at: ctx.clock.now(),
  });
}

/**
 * The one rule of what a change may write (issue 27 point 2): used by proposals (PATCH), mid-term changes and
 * renewal changes. Only the product's answer paths (`validation.unknownQuestion`); on a policy (a change or a
 * renewal) the answers read-only for this caller (name, date of birth, NCD, claims: `readOnlyOnPolicy`); and the
 * car's catalogue facts from the lookup (`takeVehicleFromLookup`). Any refusal is a 400 and nothing applies.
 */
export async function applyAnswerChanges(
  ctx: Pick<Ctx, 'caller' | 'db' | 'clock' | 'providers' | 'brand'>,
  current: unknown,
  changes: readonly ProposalChangeInput[],
  o: {
    onPolicy: boolean;
    target: string;
    /** `current` was just parsed for this call and is not read again: changed in place, not copied. */
    inPlace?: boolean;
  },
): Promise<{ data: Draft; touched: string[] }> {
  if (o.onPolicy) {
    const readOnly = readOnlyChangeErrors(changes, policyEditorOf(ctx.caller));
    if (Object.keys(readOnly).length > 0) throw validation(readOnly, 'Some answers cannot be changed online');
  }
  // In place, only the car is kept as it was: the lookup rule compares it with the car after the changes.
  const asset = (current as { asset?: unknown } | null | undefined)?.asset;
  const before = o.inPlace ? { asset: asset === undefined ? undefined : structuredClone(asset) } : current;
  const { data, touched, errors } = applyChanges(current, changes, {
    maxAdditionalProfiles: ctx.brand.productConfig.maxAdditionalProfiles,
    answerPaths: brandAnswerPaths(ctx.brand),
    inPlace: o.inPlace,
  });
  if (Object.keys(errors).length > 0) throw validation(errors, 'Some changes could not be applied');
  await takeVehicleFromLookup(ctx, before, data, o.target);
  return { data, touched };
}
