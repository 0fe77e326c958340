import { createContext, type ReactNode, useContext } from 'react';

/**
 * What other areas plug into the shell without the shell importing them: the identity area wraps the app
 * in <ShellSlotsProvider> with its user menu, admin bar and whether someone is signed in.
 */
export interface ShellSlots {
  /** Shown in the navigation when signed in (H6's UserMenu). */
  userMenu?: ReactNode;
  /** The red impersonation bar of admin mode, above the navigation. */
  adminBar?: ReactNode;
  /** A customer is signed in: hides the cookie banner and the sign-in link; home shows the signed-in view. */
  signedIn?: boolean;
  /** The signed-in home view (Policies and Proposals tabs) once a later issue builds it. */
  signedInHome?: ReactNode;
}

const ShellSlotsContext = createContext<ShellSlots>({});

export function ShellSlotsProvider({ children, ...slots }: ShellSlots & { children: ReactNode }) {
  const outer = useContext(ShellSlotsContext);
  return <ShellSlotsContext.Provider value={{ ...outer, ...slots }}>{children}</ShellSlotsContext.Provider>;
}

export function useShellSlots(): ShellSlots {
  return useContext(ShellSlotsContext);
}
