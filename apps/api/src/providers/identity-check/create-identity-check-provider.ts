import type { Env } from '../../config/env.ts';
import type { IdentityCheckProvider } from './identity-check-provider.ts';
import { onfidoIdentityCheck } from './onfido.ts';
import { sandboxIdentityCheck } from './sandbox.ts';

/** An Onfido-style API when IDENTITY_CHECK_API_URL and _TOKEN are set, otherwise the sandbox's test data. */
export function createIdentityCheckProvider(env: Env): IdentityCheckProvider {
  return env.IDENTITY_CHECK_API_URL && env.IDENTITY_CHECK_API_TOKEN
    ? onfidoIdentityCheck(env.IDENTITY_CHECK_API_URL, env.IDENTITY_CHECK_API_TOKEN)
    : sandboxIdentityCheck();
}
