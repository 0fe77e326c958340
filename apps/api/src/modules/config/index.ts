/** The config module's face: what other modules and the app may use (ADR 155). Everything else here is internal. */
export { publicConfig, requestOrigin, varyByOrigin } from './public-config.ts';
export { configRoutes } from './routes.ts';
