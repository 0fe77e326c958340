/** The claims module's face: what other modules and the app may use (ADR 155). Everything else here is internal. */
export { claimsInPolicyYear } from './claims-in-year.ts';
export { recordLoss } from './notify-loss.ts';
export { claimRoutes } from './routes.ts';
export { CLAIMS_PERMISSION, transitionClaim } from './transition-claim.ts';
