import { useLocation, useParams } from 'react-router';

/**
 * Absolute in-app paths of this proposal ('/{product}/proposal/{code}' and below), taken from the current URL
 * so they hold however the quote area nests its routes.
 */
export function useProposalPath() {
  const { proposalCode = '' } = useParams();
  const { pathname } = useLocation();
  const marker = `/proposal/${proposalCode}`;
  const at = pathname.indexOf(marker);
  const base = at >= 0 ? pathname.slice(0, at + marker.length) : marker;
  return {
    proposalCode,
    base,
    summary: `${base}/summary`,
    checkout: `${base}/checkout`,
    callback: `${base}/checkout/payment/callback`,
  };
}
