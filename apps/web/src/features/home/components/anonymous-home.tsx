import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config.tsx';
import { Button } from '../../../ui/index.ts';
import { useMyProposals } from '../api/list-my-proposals.ts';
import { startableSchemes, takenSchemeCodes } from '../startable-schemes.ts';
import styles from './anonymous-home.module.css';
import { Benefits } from './benefits.tsx';
import { HeroArt } from './hero-art.tsx';
import { StartAQuote } from './start-a-quote.tsx';
import { YourQuotes } from './your-quotes.tsx';

/** Anonymous home: hero, start-a-quote cards, sign-in prompt and retrieve link (spec 2 §2). */
export function AnonymousHome() {
  const { t } = useTranslation();
  const config = useConfig();
  const proposals = useMyProposals().data ?? [];
  const schemes = startableSchemes(config.schemes, {
    multiQuote: config.features.multiQuote,
    takenSchemeCodes: takenSchemeCodes(proposals),
  });
  const first = schemes[0];
  return (
    <div data-page="home">
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          <div className={styles.heroText}>
            <p className={styles.tagline}>{t('brand.tagline')}</p>
            <h1 className={styles.header}>{t('home.anonymous.header')}</h1>
            <p className={styles.subheader}>{t('home.anonymous.subheader')}</p>
            <div className={styles.heroActions}>
              {first && (
                <Button to={`/${first.productUrlName}`} data-testid="hero-cta">
                  {t('home.hero.cta')}
                </Button>
              )}
              <Button to="/retrieve" variant="secondary">
                {t('home.hero.retrieve')}
              </Button>
            </div>
            <p className={styles.quoteTime}>{t('home.hero.quoteTime')}</p>
          </div>
          <HeroArt className={styles.art} />
        </div>
      </section>

      <div className={styles.body}>
        <Benefits />

        <YourQuotes proposals={proposals} />

        <StartAQuote schemes={schemes} />

        <section className={styles.prompts}>
          <div className={styles.prompt} data-testid="home-sign-in">
            <h2 className={styles.promptTitle}>{t('home.signIn.header')}</h2>
            <p>{t('home.signIn.body')}</p>
            <Button to="/sign-in" variant="secondary">
              {t('home.signIn.action')}
            </Button>
          </div>
          <div className={styles.prompt}>
            <h2 className={styles.promptTitle}>{t('home.retrieve.header')}</h2>
            <p>{t('home.retrieve.body')}</p>
            <Button to="/retrieve" variant="tertiary" data-testid="home-retrieve">
              {t('home.retrieve.action')}
            </Button>
          </div>
        </section>
      </div>
    </div>
  );
}
