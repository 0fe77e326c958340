import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { checkIdentity } from './check-identity.ts';
import { IdCheckFailedModal } from './id-check-failed-modal.tsx';

export interface IdCheck {
  /** Runs the identity check; resolves true when clear, false (and opens the modal) when not. */
  runIdCheck: (proposalCode: string) => Promise<boolean>;
  pending: boolean;
  /** Render this once in the page: the 'ID check failed' modal. */
  idCheckModal: ReactNode;
}

/**
 * For the proposal configuration's Continue (spec 3 §4 step 4): `if (await runIdCheck(code)) navigate(...)`.
 * Errors other than a not-clear result are thrown to the caller.
 */
export function useIdCheck(): IdCheck {
  const [failed, setFailed] = useState(false);
  const mutation = useMutation({ mutationFn: checkIdentity });
  return {
    runIdCheck: async (code) => {
      const { isClear } = await mutation.mutateAsync(code);
      if (!isClear) setFailed(true);
      return isClear;
    },
    pending: mutation.isPending,
    idCheckModal: <IdCheckFailedModal open={failed} onClose={() => setFailed(false)} />,
  };
}
