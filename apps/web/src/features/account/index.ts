/** What other areas use from identity: the user menu, the account set-up page and the auth state. */
export { useAuth } from '../../lib/auth/auth-context.tsx';
export { RequireAuth } from './components/require-auth.tsx';
export { UserMenu } from './components/user-menu.tsx';
export { IdentityShell } from './identity-shell.tsx';
export { AccountSetupPage } from './pages/account-setup-page.tsx';
