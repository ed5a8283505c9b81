import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { AppDictionary } from './bundles/en.ts';
import {
  chooseLanguage,
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_SELF_NAMES,
  LANGUAGE_STORAGE_KEY,
  languages,
  type Language,
} from './languages.ts';

/**
 * What the app imports at run time. Each language's dictionary is its own chunk, fetched when it is
 * first needed: the start language before the first paint (main.tsx), another one when the user
 * picks it. Only the languages' own names ship in the main chunk (for the language picker).
 * Tests import i18n/index.ts, which holds every language at once.
 */
const loaders: Record<Language, () => Promise<{ dictionary: AppDictionary }>> = {
  ko: () => import('./bundles/ko.ts'),
  en: () => import('./bundles/en.ts'),
  ja: () => import('./bundles/ja.ts'),
  zh: () => import('./bundles/zh.ts'),
  vi: () => import('./bundles/vi.ts'),
};

export async function loadDictionary(language: Language): Promise<AppDictionary> {
  return (await loaders[language]()).dictionary;
}

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

/**
 * A ready i18next instance over the dictionaries given; a language without one gets only its own
 * name until `selectLanguage` loads it. Initialisation is synchronous.
 */
export function createI18nWith(language: Language, loaded: Partial<Record<Language, AppDictionary>>): I18n {
  const instance = i18next.createInstance();
  const resources = Object.fromEntries(
    languages.map((code) => [code, { translation: loaded[code] ?? { language: { self: LANGUAGE_SELF_NAMES[code] } } }]),
  );
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...languages],
    resources,
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

/** The app's instance: waits for the start language's dictionary, so no key is ever painted. */
export async function loadI18n(language: Language): Promise<I18n> {
  return createI18nWith(language, { [language]: await loadDictionary(language) });
}

/** The language each instance was last asked for: a slow dictionary must not override a later pick. */
const requested = new WeakMap<I18n, Language>();

/**
 * Switches the interface language and remembers the choice on this browser. A language not loaded
 * yet switches once its dictionary has arrived (the current texts stay up meanwhile); a loaded one
 * switches at once, as before.
 */
export async function selectLanguage(instance: I18n, language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
  requested.set(instance, language);
  if (instance.getResource(language, 'translation', 'common') === undefined) {
    const dictionary = await loadDictionary(language);
    instance.addResourceBundle(language, 'translation', dictionary, true, true);
    if (requested.get(instance) !== language) return;
  }
  await instance.changeLanguage(language);
}
