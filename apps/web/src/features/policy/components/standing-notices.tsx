import type { Policy } from '@forecourt/contracts/policies';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '../../../lib/config.tsx';
import { gbp, londonDay } from '../../../lib/policy-readers.ts';
import { payingBackBody, standingOf } from '../../../lib/standing/standing.ts';
import { blocks, Notification } from '../../../ui/index.ts';

/**
 * The notices of where a policy stands (issue 28, ADR 352), above the tabs: arrears (with the way to the
 * billing tab, where it is paid; the billing tab has its own), a policy that will not start, and money we are
 * paying back or hold for the customer (ADR 405), on every tab. Each reads the API's standing and nothing else.
 */
export function StandingNotices({
  policy,
  root,
  onBilling,
}: {
  policy: Policy;
  root: string;
  onBilling: boolean;
}) {
  const { t } = useTranslation();
  const { contact } = useConfig();
  const s = standingOf(policy);
  const back = s.payingBack;
  return (
    <>
      {s.arrears && !onBilling && (
        <Notification
          variant="critical"
          title={t(`standing.arrears.title.${s.arrears.why}`, { amount: gbp(s.arrears.amount) })}
          action={
            <Link to={`${root}/billing`} className={blocks.linkButton}>
              {t('standing.arrears.link')}
            </Link>
          }
        >
          <span data-testid="standing-arrears">{t(`standing.arrears.body.${s.arrears.why}`)}</span>
        </Notification>
      )}
      {s.headline === 'notStarting' && (
        <Notification variant="info" title={t('standing.notStarting.title')}>
          <span data-testid="standing-not-starting">
            {t('standing.notStarting.body', { date: londonDay(policy.policyDetail.inceptedAt) })}
          </span>
        </Notification>
      )}
      {back && (
        <Notification
          variant={back.state === 'held' ? 'warning' : 'info'}
          title={t(`standing.payingBack.title.${back.state}`, { amount: gbp(back.amount) })}
        >
          <span data-testid="standing-paying-back">
            {t(payingBackBody(back), {
              date: back.reachesBy ? londonDay(back.reachesBy) : '',
              phone: contact.phone,
            })}
          </span>
        </Notification>
      )}
    </>
  );
}
