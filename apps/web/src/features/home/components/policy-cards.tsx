import type { Policy } from '@forecourt/contracts/policies';
import { formatLondon } from '@forecourt/domain/dates';
import { schemeOf } from '@forecourt/domain/policy/product-kind';
import { type PolicyLink, policyEndDate, policyLinks, sortPolicies } from '@forecourt/domain/status';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '../../../lib/config.tsx';
import { gbp } from '../../../lib/policy-readers.ts';
import { payingBackCardLine, standingBadge, standingOf } from '../../../lib/standing/standing.ts';
import { CardList, CardListItem, CardMeta, CardName, Plate, StatusBadge } from '../../../ui/index.ts';
import styles from './policy-cards.module.css';

/** '1 Nov 2026' on the London calendar. */
const day = (at: string | Date) => formatLondon(at, 'd MMM yyyy');
const linkPath: Record<PolicyLink, string> = {
  manage: '',
  documents: '/documents',
  billing: '/billing',
  claims: '/claims',
};

/**
 * Policy cards on home (spec 2 §2): by status order then newest inception; the links each status allows
 * (domain `policyLinks`: billing hidden for driveaway, manage hidden under renewal).
 */
export function PolicyCards({ policies }: { policies: Policy[] }) {
  const { t } = useTranslation();
  const { schemes, contact } = useConfig();
  return (
    <CardList>
      {sortPolicies(policies).map((p) => {
        const scheme = schemeOf(schemes, p.schemeCode);
        const status = p.policyDetail.policyStatus;
        const links = scheme
          ? policyLinks(status, scheme.product, { underRenewal: p.renewalProposal !== null })
          : [];
        const vrn =
          typeof p.currentPolicyVersion.quote.vrn === 'string' ? p.currentPolicyVersion.quote.vrn : null;
        const end = policyEndDate(p);
        // Where it stands, as the API says (ADR 352): a badge, and a policy that never starts has no "to".
        const standing = standingOf(p);
        const badge = standingBadge(standing);
        const neverStarts = standing.headline === 'notStarting';
        // Not taken up (ended before it began): no "from … to …" as if cover was had.
        const neverOnCover = !neverStarts && standing.ended?.neverStarted === true;
        const root = scheme ? `/${scheme.productUrlName}/policy/${p.policyId}` : '';
        return (
          <CardListItem key={p.policyId} data-testid="policy-card" data-status={status}>
            <div className={styles.head}>
              <CardName>{scheme?.name ?? p.schemeCode}</CardName>
              <span className={styles.badges}>
                <StatusBadge
                  variant={status === 'ACTIVE' ? 'success' : status === 'PENDING' ? 'info' : 'default'}
                >
                  {t(`home.policies.status.${status}`)}
                </StatusBadge>
                {badge && (
                  <StatusBadge variant={badge.variant}>
                    <span data-testid="standing-badge">
                      {t(badge.key, { date: badge.date ? day(badge.date) : '' })}
                    </span>
                  </StatusBadge>
                )}
              </span>
            </div>
            <CardMeta>
              {vrn && <Plate vrn={vrn} />}
              <span>{t('home.policies.number', { policyNumber: p.policyNumber })}</span>
            </CardMeta>
            <CardMeta>
              {neverStarts
                ? t('standing.card.notStarting', { date: day(p.policyDetail.inceptedAt) })
                : neverOnCover
                  ? t('standing.card.neverStarted', { date: day(p.policyDetail.inceptedAt) })
                  : t('home.policies.from', { date: day(p.policyDetail.inceptedAt) })}
              {end && !neverStarts && !neverOnCover && ` · ${t('home.policies.to', { date: day(end) })}`}
            </CardMeta>
            {/* Money owed back (ADR 405), said here too: a renewed year's page is home itself. */}
            {standing.payingBack && (
              <CardMeta>
                <span data-testid="card-paying-back">
                  {t(payingBackCardLine(standing.payingBack), {
                    amount: gbp(standing.payingBack.amount),
                    date: standing.payingBack.reachesBy ? day(standing.payingBack.reachesBy) : '',
                    phone: contact.phone,
                  })}
                </span>
              </CardMeta>
            )}
            {links.length > 0 && (
              <nav
                className={styles.links}
                aria-label={t('home.policies.links', { policyNumber: p.policyNumber })}
              >
                {links.map((link) => (
                  <Link key={link} to={`${root}${linkPath[link]}`} className={styles.link}>
                    {t(`home.policies.link.${link}`)}
                  </Link>
                ))}
              </nav>
            )}
          </CardListItem>
        );
      })}
    </CardList>
  );
}
