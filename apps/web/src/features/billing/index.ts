/**
 * The billing area's face (ADR 358): what the policy page shows of it. Statements, paying what is owed, the
 * payment method and day, and the finance team's tab; nothing else of the area is imported from outside it.
 */
import './texts.ts';

export { usePolicyAccount } from './api/billing.ts';
export { BillingTab } from './components/billing-tab.tsx';
export { FINANCE_PERMISSION, FinanceTab } from './components/finance-tab.tsx';
