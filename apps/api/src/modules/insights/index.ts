/** The insights module's face: what other modules and the app may use (ADR 155). Everything else here is internal. */
export { INSIGHTS_PERMISSION } from './list-insights.ts';
export { insightRoutes } from './routes.ts';
