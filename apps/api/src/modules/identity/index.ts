/**
 * The identity module's public face (ADR 155, 170): the embedded identity provider's routes and token
 * verifier, staff users and the demo identities, the issuer key that tags a customer's login, and the purge
 * job. Other modules, the job list, the seeders and the admin CLI import identity through this file only.
 */
export {
  createStaffUser,
  DEMO_ADMIN_EMAIL,
  DEMO_CUSTOMER,
  DEMO_CUSTOMER_EMAIL,
  DEMO_CUSTOMER_PARTY_ID,
  DEMO_CUSTOMER_USER_ID,
  DEMO_NEW_CUSTOMER,
  type DemoPerson,
  ensureDemoCustomer,
  identitySeeder,
} from './demo-identities.ts';
export { ADMIN_PERMISSIONS, EMBEDDED_ISSUER_KEY, issuerKey } from './issuer-key.ts';
export { identityPurgeJob, purgeExpiredIdentityRecords } from './jobs.ts';
export { identityRoutes } from './routes.ts';
export { recordStaffAction } from './staff-audit.ts';
