/**
 * The admin area's entry for the shell. It has no pages of its own: admin mode is the same SPA, gated and
 * marked by `AdminShell` (spec 1 §1).
 */
export { AdminShell } from './admin-shell.tsx';
