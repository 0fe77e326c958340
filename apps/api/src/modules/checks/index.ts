/** The checks module's face: what other modules and the app may use (ADR 155). Everything else here is internal. */
export { latestVerification } from './latest-verification.ts';
export { checkRoutes } from './routes.ts';
export { verifyCustomer } from './verify-customer.ts';
