/** The documents area's face (ADR 358): the policy's documents tab (and the window it opens them in). */
import './texts.ts';

export { DocumentsTab, documentWindow } from './components/documents-tab.tsx';
