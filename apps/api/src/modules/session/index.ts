/** The session module's face: what other modules and the app may use (ADR 155). Everything else here is internal. */

export { newAnonymousParty } from './issue-session.ts';
export { sessionRoutes } from './routes.ts';
