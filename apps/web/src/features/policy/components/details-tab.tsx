import type { Policy } from '@forecourt/contracts/policies';
import { formatLondon } from '@forecourt/domain/dates';
import { policyEndDate } from '@forecourt/domain/status';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '../../../lib/config.tsx';
import { gbp, londonDay, nextChangeAt, quoteOf } from '../../../lib/policy-readers.ts';
import { priceFor } from '../../../lib/price-term.ts';
import { blocks, Card, Notification, Plate, SidebarLayout } from '../../../ui/index.ts';
import { useCancellationOptions } from '../../cancellation/index.ts';
import { AdjustmentsBlockedModal, adjustmentsBlocked, ChangeBlockedModal } from '../../changes/index.ts';
import { addOnsOf, carOf, driversOf } from '../policy-view.ts';

/**
 * The details tab (spec 2 §2): cover summary, car, drivers, excesses, add-ons, start and end, the price and
 * its IPT, from the policy's current version (a change waiting to take effect is named above them, ADR 401); the
 * sidebar links to the lifecycle pages.
 */
export function DetailsTab({
  policy,
  root,
  productName,
  term = 'P1Y',
}: {
  policy: Policy;
  root: string;
  productName: string;
  /** The scheme's term (ADR 245): what a price paid in full buys. */
  term?: string;
}) {
  const { t } = useTranslation();
  const quote = quoteOf(policy);
  const car = carOf(quote);
  const drivers = driversOf(quote);
  const addOns = addOnsOf(quote);
  const totals = quote.totals ?? null;
  const end = policyEndDate(policy);
  // The first change to come names when this cover stops being the cover (ADR 401).
  const next = nextChangeAt(policy);
  return (
    <SidebarLayout
      sidebarLabel={t('policy.sidebar.header')}
      sidebar={<PolicySidebar policy={policy} root={root} />}
    >
      {policy.latestPolicyVersion && next && (
        <div data-testid="waiting-change">
          <Notification variant="info">
            {t('policy.details.waiting', { date: formatLondon(next, "HH:mm 'on' d MMMM yyyy") })}{' '}
            <Link to={`${root}/documents`}>{t('policy.details.waitingLink')}</Link>
          </Notification>
        </div>
      )}
      <div className={blocks.grid}>
        <Card title={t('policy.details.cover')}>
          <dl className={blocks.facts}>
            <dt>{productName}</dt>
            <dd>{t('policy.details.level')}</dd>
            <dt>{t('policy.details.start')}</dt>
            <dd>{londonDay(policy.policyDetail.inceptedAt)}</dd>
            <dt>{t('policy.details.end')}</dt>
            <dd>{end ? londonDay(String(end)) : t('policy.details.rolling')}</dd>
          </dl>
        </Card>
        <Card title={t('policy.details.car')}>
          <p className={blocks.row}>
            {car.vrn && <Plate vrn={String(car.vrn)} />}
            <span>{car.description}</span>
          </p>
        </Card>
        <Card title={t('policy.details.drivers')}>
          <ul className={blocks.list}>
            {drivers.map((d) => (
              <li key={d.name} className={blocks.row}>
                <span>{d.name}</span>
                <span className={blocks.muted}>
                  {d.policyholder ? t('policy.details.policyholder') : t('policy.details.namedDriver')}
                </span>
              </li>
            ))}
          </ul>
        </Card>
        {(quote.excessLines ?? []).length > 0 && (
          <Card title={t('policy.details.excesses')}>
            <div className={blocks.tableWrap}>
              <table className={`${blocks.table} ${blocks.stackedTable}`} data-testid="excess-table">
                <thead>
                  <tr>
                    <th scope="col">{t('policy.details.excessKind')}</th>
                    <th scope="col">{t('policy.details.compulsory')}</th>
                    <th scope="col">{t('policy.details.voluntary')}</th>
                    <th scope="col">{t('policy.details.total')}</th>
                  </tr>
                </thead>
                <tbody>
                  {(quote.excessLines ?? []).map((line) => (
                    <tr key={line.kind}>
                      <th scope="row">{t([`policy.details.excess.${line.kind}`, line.kind])}</th>
                      <td data-label={t('policy.details.compulsory')}>{gbp(line.compulsory)}</td>
                      <td data-label={t('policy.details.voluntary')}>{gbp(line.voluntary)}</td>
                      <td data-label={t('policy.details.total')}>{gbp(line.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Card>
        )}
        <Card title={t('policy.details.addOns')}>
          {addOns.length === 0 ? (
            <p className={blocks.muted}>{t('policy.details.noAddOns')}</p>
          ) : (
            <ul className={blocks.list}>
              {addOns.map((a) => (
                <li key={a.code} className={blocks.row}>
                  <span>{t([`policy.details.addOn.${a.code}`, a.code])}</span>
                  {a.premium !== null && <span className={blocks.muted}>{gbp(a.premium)}</span>}
                </li>
              ))}
            </ul>
          )}
        </Card>
        {totals && (
          <Card title={t('policy.details.price')}>
            <p className={blocks.price}>
              {totals.monthly
                ? // The year's price seldom divides into equal months: the first takes the pennies over, so say so
                  // (the statements bill it; "a month" alone would not add up to the year's total).
                  // Only the version bought: a change's version was rated from a later day, its "first month" long
                  // past and never billed as such.
                  totals.monthly.first !== totals.monthly.regular &&
                  policy.currentPolicyVersion.versionNumber === 1
                  ? t('policy.details.monthlyFirst', {
                      first: gbp(totals.monthly.first),
                      amount: gbp(totals.monthly.regular),
                    })
                  : t('policy.details.monthly', { amount: gbp(totals.monthly.regular) })
                : priceFor(t, totals.discountedPrice, term)}
            </p>
            {totals.monthly && (
              <p className={blocks.muted}>
                {t('policy.details.yearTotal', { amount: gbp(totals.discountedPrice) })}
              </p>
            )}
            <p className={blocks.muted}>{t('policy.details.ipt', { amount: gbp(totals.ipt) })}</p>
          </Card>
        )}
      </div>
    </SidebarLayout>
  );
}

/** Links to the management, excess, add-ons and cancel pages, and the benefits of the cover. */
function PolicySidebar({ policy, root }: { policy: Policy; root: string }) {
  const { t } = useTranslation();
  const { features } = useConfig();
  const [blocked, setBlocked] = useState(false);
  // The server decides with the configured rules (GET /policies/{id}/cancellation), not a guess here.
  const cancellation = useCancellationOptions(policy.policyId);
  // In the renewal window customers cannot change the policy themselves (spec 3 §4); staff can.
  const changesBlocked = policy.inRenewalWindow === true && !features.isAdmin;
  // Without the permission flag the change links open the blocked modal (spec 3 §4 step 9, ADR 301).
  const [notPermitted, setNotPermitted] = useState(false);
  const noFlag = adjustmentsBlocked(policy, features.isAdmin);
  const sections = [
    // Each to its own place (issue 28 defect 14, ADR 356): your details, or what the cover is of.
    ['update', 'management?show=details'],
    ['cover', 'management?show=cover'],
    ['excess', 'excess'],
    ['addOns', 'add-ons'],
  ] as const;
  return (
    <div className={blocks.grid}>
      <Card title={t('policy.sidebar.header')}>
        <ul className={blocks.list}>
          {sections.map(([key, path]) => (
            <li key={key}>
              <Link
                className={blocks.sideLink}
                to={`${root}/${path}`}
                onClick={(e) => {
                  if (!changesBlocked && !noFlag) return;
                  e.preventDefault();
                  if (noFlag) setNotPermitted(true);
                  else setBlocked(true);
                }}
              >
                {t(`policy.sidebar.${key}`)}
              </Link>
            </li>
          ))}
          <li>
            <Link className={blocks.sideLink} to={`${root}/uploads`}>
              {t('policy.sidebar.uploads')}
            </Link>
          </li>
          {cancellation.data?.allowed === true && (
            <li>
              <Link className={blocks.sideLink} to={`${root}/cancel`}>
                {t('policy.sidebar.cancel')}
              </Link>
            </li>
          )}
        </ul>
      </Card>
      <ChangeBlockedModal open={blocked} onClose={() => setBlocked(false)} />
      <AdjustmentsBlockedModal open={notPermitted} onClose={() => setNotPermitted(false)} />
      <Card title={t('policy.sidebar.benefits')} level={3}>
        <ul>
          {(['windscreen', 'courtesyCar', 'helpline', 'noFees'] as const).map((b) => (
            <li key={b}>{t(`policy.sidebar.benefit.${b}`)}</li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
