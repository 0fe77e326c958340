import { useTranslation } from 'react-i18next';

/** Stands in for pages that later issues build. */
export function PlaceholderPage({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <section data-page={name}>
      <h1>{t('app.placeholder.header')}</h1>
      <p>{t('app.placeholder.body')}</p>
    </section>
  );
}
