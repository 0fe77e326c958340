/**
 * The partner-quotes module's face (ADR 155, 363): the aggregator quote API, its deep link, partner API keys
 * and conversion per source. Everything else here is internal.
 */
export { partnerQuoteRoutes } from './routes.ts';
