import type { Proposal } from '@forecourt/contracts/proposals';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api/errors.ts';
import { useConfig } from '../../../lib/config.tsx';
import { createCardCheckout, createCardSetup } from '../api/payments.ts';
import { vehicleName } from '../proposal-view.ts';
import { useProposalPath } from './use-proposal-path.ts';

/** The browser leaves for the provider's hosted page (a seam for tests). */
export const browser = { go: (url: string) => window.location.assign(url) };

const absolute = (basename: string, path: string) =>
  `${window.location.origin}${basename.replace(/\/$/, '')}${path}`;

/**
 * Card checkout (spec 3 §4 step 7): a hosted payment page for the customer payment, returning to
 * checkout/payment/callback (success) or the checkout page (cancel); or, with nothing due, a card set-up
 * page with the proposal code as client reference. Admins are refused (spec 3 §2): `adminBlocked` opens the modal.
 */
export function usePayByCard(proposal: Proposal) {
  const { t } = useTranslation();
  const config = useConfig();
  const paths = useProposalPath();
  const [adminBlocked, setAdminBlocked] = useState(false);
  const returnUrls = {
    cancelUrl: absolute(config.basename, paths.checkout),
  };
  const guard = async (start: () => Promise<{ url: string }>) => {
    if (config.features.isAdmin) {
      setAdminBlocked(true);
      return;
    }
    try {
      browser.go((await start()).url);
    } catch (err) {
      if (isApiError(err) && err.status === 403) setAdminBlocked(true);
      else throw err;
    }
  };
  const pay = useMutation({
    mutationFn: (paymentId: string) =>
      guard(() =>
        createCardCheckout({
          paymentId,
          ...returnUrls,
          successUrl: `${absolute(config.basename, paths.callback)}?session_id={CHECKOUT_SESSION_ID}`,
          lineItem: {
            name: t('checkout.lineItem.name', { brand: config.name }),
            description: t('checkout.lineItem.description', { vehicle: vehicleName(proposal) }),
          },
          locale: 'en-GB',
        }),
      ),
  });
  const setup = useMutation({
    mutationFn: () =>
      guard(() =>
        createCardSetup({
          clientReference: proposal.proposalCode,
          ...returnUrls,
          successUrl: `${absolute(config.basename, paths.checkout)}?setup_session={CHECKOUT_SESSION_ID}`,
        }),
      ),
  });
  return { pay, setup, adminBlocked, closeAdminBlocked: () => setAdminBlocked(false) };
}
