import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';
import { fr } from './fr.ts';
import { es } from './es.ts';
import { withManyForms } from './plural-forms.ts';

export const LANGUAGES = ['en', 'fr', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

const LANGUAGE_KEY = 'docket.lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The user's explicit choice on this browser, if any (it beats the profile preference). */
export function storedLanguage(): Language | null {
  const stored = safeStorage()?.getItem(LANGUAGE_KEY);
  return isLanguage(stored) ? stored : null;
}

function initialLanguage(): Language {
  const browser = typeof navigator === 'undefined' ? '' : navigator.language.slice(0, 2);
  return storedLanguage() ?? (isLanguage(browser) ? browser : 'en');
}

export function changeLanguage(language: Language, remember = true): void {
  if (remember) safeStorage()?.setItem(LANGUAGE_KEY, language);
  void i18next.changeLanguage(language);
}

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

i18next.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

// Resources are bundled (they are small), so initialisation is synchronous: no flash of keys.
void i18next.use(initReactI18next).init({
  resources: { en: { translation: en }, fr: { translation: withManyForms(fr) }, es: { translation: withManyForms(es) } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes already.
  returnNull: false,
});

export { i18next };
