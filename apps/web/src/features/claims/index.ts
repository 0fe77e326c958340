/** The claims area (issue 11 §5): the policy page plugs `ClaimsTab` into its claims tab. */
import './texts.ts';

export { ClaimsList } from './components/claims-list.tsx';
export { ClaimsSidebar } from './components/claims-sidebar.tsx';
export { ClaimsTab, type ClaimsTabProps } from './components/claims-tab.tsx';
export { FnolForm } from './components/fnol-form.tsx';
