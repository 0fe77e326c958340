import { useLocation } from 'react-router';

/** The router path of the proposal being shown (…/proposal/{code}), for links between its pages. */
export function useProposalRoot(): string {
  const { pathname } = useLocation();
  return /^(.*?\/proposal\/[^/]+)/.exec(pathname)?.[1] ?? pathname.replace(/\/$/, '');
}
