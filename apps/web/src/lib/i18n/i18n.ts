import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultTexts } from './default-texts.ts';

/**
 * i18next with flat keys ('home.header'): English defaults overlaid with the brand's texts.
 * Missing keys and interpolation values are logged, never thrown (spec 1 §8).
 */
export function createI18n(brandTexts: Record<string, string>): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    keySeparator: false,
    nsSeparator: false,
    initAsync: false,
    resources: { en: { translation: { ...defaultTexts, ...brandTexts } } },
    interpolation: { escapeValue: false },
    missingInterpolationHandler: (text: string) => console.warn(`Missing value in "${text}"`),
    saveMissing: true,
    missingKeyHandler: (_lngs, _ns, key) => console.warn(`Missing text key "${key}"`),
    react: { useSuspense: false },
  });
  return instance;
}
