/** The uploads module's face: what other modules, the demo seed and the app may use (ADR 155, ADR 260). */
export { commitUpload } from './commit-upload.ts';
export { listUploads } from './list-uploads.ts';
export { uploadRoutes } from './routes.ts';
export { type IncomingFile, stageUpload } from './stage-upload.ts';
