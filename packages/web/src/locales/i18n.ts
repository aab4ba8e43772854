import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { initialLanguage, storeLanguage } from './language.ts';
import { resources } from './resources.ts';
import type { Language } from './types.ts';

/**
 * <html lang> follows the language (screen readers, fonts), and so does the meta description
 * (search engines that run the page read it in the language the page shows). dayjs follows it
 * too, but from lib/dayjs-locale.ts, imported by the modules that use dayjs, to keep it off the
 * first loads.
 */
function applyLanguage(language: string): void {
  document.documentElement.lang = language;
  document
    .querySelector('meta[name="description"]')
    ?.setAttribute('content', i18n.t('metaDescription', { lng: language }));
}

i18n.on('languageChanged', applyLanguage);

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: 'zh-CN',
  supportedLngs: ['zh-CN', 'en-US'],
  defaultNS: 'common',
  ns: Object.keys(resources['zh-CN']),
  interpolation: { escapeValue: false }, // React escapes already
  initAsync: false, // resources are bundled: be ready before the first render
});
applyLanguage(i18n.language);

/** Switch language and remember the choice (the header and public pages call this). */
export function changeLanguage(language: Language): Promise<unknown> {
  storeLanguage(language);
  return i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
}

/**
 * Register a namespace that ships with a lazily loaded page (`<ns>.lazy.ts` files); call it
 * at the top of the page module so the texts exist before the first render.
 */
export function addLazyNamespace(ns: string, bundles: Record<Language, object>): void {
  for (const [language, bundle] of Object.entries(bundles)) {
    if (!i18n.hasResourceBundle(language, ns)) i18n.addResourceBundle(language, ns, bundle);
  }
}

export { i18n };
