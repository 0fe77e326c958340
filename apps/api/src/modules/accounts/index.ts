/**
 * The accounts module's public face (ADR 155, 170): a customer's account and policyholder details
 * (register, validate, update, merge proposals into a signed-in account). Only its routes are used from
 * outside today.
 */
export { accountRoutes } from './routes.ts';
