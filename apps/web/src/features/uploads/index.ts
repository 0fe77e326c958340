/** The uploads area's face (ADR 358): sending documents about a policy, and what was sent. */
import './texts.ts';

export { UploadsPage } from './components/uploads-page.tsx';
export { UploadConfirmation } from './components/uploads-sent.tsx';
