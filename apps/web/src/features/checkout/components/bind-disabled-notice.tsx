import type { CheckoutBlock } from '@forecourt/domain/proposal/checkout';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../app/page/page.tsx';
import { Button, Notification } from '../../../ui/index.ts';
import { formatDay } from '../proposal-view.ts';

/** Bind disabled (spec 3 §2 "Checkout"): too early, no registration yet, or not open for checkout. */
export function BindDisabledNotice({ block, backTo }: { block: CheckoutBlock; backTo: string }) {
  const { t } = useTranslation();
  return (
    <Page data-page="checkout-disabled" width="narrow" header={t('checkout.disabled.header')}>
      <Notification
        variant="info"
        action={
          <Button variant="secondary" to={backTo}>
            {t('checkout.disabled.back')}
          </Button>
        }
      >
        {block.reason === 'TOO_EARLY'
          ? t('checkout.disabled.tooEarly', {
              date: formatDay(block.startDate),
              from: formatDay(block.opensOn),
            })
          : block.reason === 'NO_REGISTRATION'
            ? t('checkout.disabled.noRegistration')
            : t('checkout.disabled.notOpen')}
      </Notification>
    </Page>
  );
}
