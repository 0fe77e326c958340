/** The documents module's face: what other modules and the job registry may use (ADR 155). */

export { documentKey } from './generate-policy-documents.ts';
export { documentJobs, policyDocumentsJob, requestPolicyDocuments } from './jobs.ts';
export { documentRoutes } from './routes.ts';
