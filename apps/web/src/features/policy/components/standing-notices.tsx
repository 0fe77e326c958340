import type { Policy } from '@forecourt/contracts/policies';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { gbp, londonDay } from '../../../lib/policy-readers.ts';
import { standingOf } from '../../../lib/standing/standing.ts';
import { blocks, Notification } from '../../../ui/index.ts';

/**
 * The notices of where a policy stands (issue 28, ADR 352), above the tabs: arrears (with the way to the
 * billing tab, where it is paid; the billing tab has its own), and a policy that will not start. Each reads the
 * API's standing and nothing else.
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
  const s = standingOf(policy);
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
    </>
  );
}
