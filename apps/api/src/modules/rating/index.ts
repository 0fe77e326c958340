/** The rating module's face: what other modules and the app may use (ADR 155). Everything else here is internal. */
export { findScheme, promotionRule, ratingTablesFor } from './scheme-rating.ts';
