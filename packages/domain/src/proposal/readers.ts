import { isPolicyholder } from './apply-changes.ts';

/**
 * Readers of the answers (ADR 135): where the policyholder and the additional drivers are. Typed loosely
 * so that they read the answers in any state — arriving, complete, or as a quote's insured profiles.
 */
interface ProfileLike<D> {
  profileCode?: string | undefined;
  policyholder?: boolean | undefined;
  data?: D | undefined;
}
type WithProfiles<D> = { profiles?: readonly ProfileLike<D>[] | undefined } | null | undefined;

export { isPolicyholder };

/** The policyholder's profile, if answered yet. */
export function policyholderProfile<D, P extends ProfileLike<D>>(
  data: { profiles?: readonly P[] | undefined } | null | undefined,
): P | undefined {
  return data?.profiles?.find(isPolicyholder);
}

/** The policyholder's answers ({} while none are given). */
export function policyholderOf<D = Record<string, unknown>>(data: WithProfiles<D>): Partial<D> {
  return policyholderProfile<D, ProfileLike<D>>(data)?.data ?? {};
}

/** The additional drivers' profiles, in order. */
export function additionalProfiles<P extends ProfileLike<unknown>>(
  data: { profiles?: readonly P[] | undefined } | null | undefined,
): P[] {
  return (data?.profiles ?? []).filter((p) => !isPolicyholder(p));
}

/** One profile's answers by profile code. */
export function profileData<D>(data: WithProfiles<D>, profileCode: string): D | undefined {
  return data?.profiles?.find((p) => p.profileCode === profileCode)?.data;
}
