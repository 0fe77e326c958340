import type { Proposal } from '@forecourt/contracts/proposals';
import { formatGBP } from '@forecourt/domain/money';
import { schemeOf } from '@forecourt/domain/policy/product-kind';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config.tsx';
import { priceFor } from '../../../lib/price-term.ts';
import { Button, CardList, CardListItem, CardMeta, CardName, Plate, StatusBadge } from '../../../ui/index.ts';
import { homeProposals, proposalAction } from '../proposal-cards.ts';
import { ManageQuote } from './manage-quote.tsx';
import styles from './your-quotes.module.css';

/** The visitor's quotes on home (spec 2 §2): one card each with the action its status allows. */
export function YourQuotes({ proposals, bare = false }: { proposals: Proposal[]; bare?: boolean }) {
  const { t } = useTranslation();
  const { schemes } = useConfig();
  const listed = homeProposals(proposals);
  if (listed.length === 0) return null;
  return (
    <section aria-labelledby={bare ? undefined : 'home-quotes'} className={bare ? undefined : styles.section}>
      {!bare && (
        <h2 id="home-quotes" className={styles.title}>
          {t('home.quotes.header')}
        </h2>
      )}
      <CardList>
        {listed.map((p) => {
          const scheme = schemeOf(schemes, p.schemeCode);
          const action = proposalAction(p.status);
          const vrn = p.quote?.vrn ?? (p.data.asset as { vrn?: string } | undefined)?.vrn;
          const totals = p.quote?.totals;
          const to = scheme ? `/${scheme.productUrlName}/proposal/${p.proposalCode}` : undefined;
          return (
            <CardListItem
              key={p.proposalCode}
              className={styles.card}
              data-testid="proposal-card"
              data-status={p.status}
            >
              <div>
                <CardName>
                  {scheme?.name ?? p.schemeCode}{' '}
                  <StatusBadge variant={p.status === 'QUOTE' ? 'success' : 'default'}>
                    {t(`home.quotes.status.${p.status}`)}
                  </StatusBadge>
                </CardName>
                <CardMeta>
                  {vrn && <Plate vrn={vrn} />}
                  {t('home.quotes.reference', { reference: p.externalReference })}
                </CardMeta>
                {action === 'view' && totals && (
                  <p className={styles.price}>
                    {totals.monthly
                      ? t('home.quotes.monthly', { amount: formatGBP(totals.monthly.regular) })
                      : priceFor(t, totals.discountedPrice, p.policyTerm)}
                  </p>
                )}
              </div>
              <div className={styles.actions}>
                {to && action && (
                  <Button to={to} variant={action === 'view' ? 'primary' : 'secondary'} layout="small">
                    {t(`home.quotes.${action}`)}
                  </Button>
                )}
                <ManageQuote proposal={p} />
              </div>
            </CardListItem>
          );
        })}
      </CardList>
    </section>
  );
}
