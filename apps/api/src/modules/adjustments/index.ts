/**
 * The adjustments module's face (issue 13): policy changes and cancellations. Adjustments depends on the
 * policies and billing faces; nothing depends on it but the app (routes, jobs) and the demo seed.
 */
export { cancelPolicy } from './cancel-policy.ts';
export { commitAdjustment, createAdjustment, fulfilPaidAdjustment } from './commit-adjustment.ts';
export { cancellationDueJob, endDueCancellations } from './end-due-cancellations.ts';
export { adjustmentRoutes } from './routes.ts';
