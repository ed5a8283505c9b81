import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages.ts';
import { selectLanguage } from './runtime.ts';

/** The current interface language and a setter that also stores the choice. */
export function useLanguage(): [Language, (language: Language) => void] {
  const { i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return [current, (language) => void selectLanguage(i18n, language)];
}
