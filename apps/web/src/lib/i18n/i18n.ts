import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultTexts } from './default-texts.ts';

/**
 * i18next with flat keys ('home.header'): English defaults overlaid with the brand's texts.
 * Missing keys and interpolation values are logged, never thrown (spec 1 §8).
 */
// Held weakly: an instance no longer rendered (a test's, or a brand's replaced) is not kept alive by this list.
const instances = new Set<WeakRef<i18n>>();
const registered: Record<string, string> = {};

/**
 * Adds the default texts of a lazily loaded area to every i18n instance, without overriding what is already
 * there (the brand's texts win).
 */
export function registerTexts(texts: Record<string, string>) {
  Object.assign(registered, texts);
  for (const ref of instances) {
    const instance = ref.deref();
    if (instance) instance.addResourceBundle('en', 'translation', texts, true, false);
    else instances.delete(ref);
  }
}

export function createI18n(brandTexts: Record<string, string>): i18n {
  const instance = i18next.createInstance();
  instances.add(new WeakRef(instance));
  void instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    keySeparator: false,
    nsSeparator: false,
    initAsync: false,
    resources: { en: { translation: { ...defaultTexts, ...registered, ...brandTexts } } },
    interpolation: { escapeValue: false },
    missingInterpolationHandler: (text: string) => console.warn(`Missing value in "${text}"`),
    saveMissing: true,
    missingKeyHandler: (_lngs, _ns, key) => console.warn(`Missing text key "${key}"`),
    react: { useSuspense: false },
  });
  return instance;
}
