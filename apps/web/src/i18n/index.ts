import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { chooseLanguage, DEFAULT_LANGUAGE, isLanguage, LANGUAGE_STORAGE_KEY, type Language } from './languages.ts';
import { en, type Dictionary } from './locales/en.ts';
import { ja } from './locales/ja.ts';
import { ko } from './locales/ko.ts';
import { vi } from './locales/vi.ts';
import { zh } from './locales/zh.ts';

export const dictionaries: Record<Language, Dictionary> = { ko, en, ja, zh, vi };

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage disabled: fall through to the browser language
  }
}

/** The language the app starts in: stored choice, else browser language, else Korean. */
export function initialLanguage(): Language {
  const browser = navigator.languages.length > 0 ? navigator.languages : [navigator.language];
  return chooseLanguage(readStoredLanguage(), browser);
}

/** A ready i18next instance. Resources are bundled, so initialisation is synchronous. */
export function createI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: Object.keys(dictionaries),
    resources: Object.fromEntries(
      Object.entries(dictionaries).map(([code, translation]) => [code, { translation }]),
    ),
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    returnNull: false,
  });
  document.documentElement.lang = language;
  instance.on('languageChanged', (code) => {
    if (isLanguage(code)) document.documentElement.lang = code;
  });
  return instance;
}

/** Switches the interface language and remembers the choice on this browser. */
export function selectLanguage(instance: I18n, language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
  void instance.changeLanguage(language);
}
