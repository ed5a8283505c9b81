import type { i18n as I18n } from 'i18next';
import { dictionary as en } from './bundles/en.ts';
import { dictionary as ja } from './bundles/ja.ts';
import { dictionary as ko } from './bundles/ko.ts';
import { dictionary as vi } from './bundles/vi.ts';
import { dictionary as zh } from './bundles/zh.ts';
import type { AppDictionary } from './bundles/en.ts';
import { createI18nWith } from './runtime.ts';
import type { Language } from './languages.ts';

/**
 * Every language at once, for tests and type checks. The app itself imports runtime.ts (one
 * language's chunk at a time): importing this file from src/ would put all five back in the main
 * chunk (test/i18n-loading.test.ts checks that nothing does).
 */
export { enFeatures, type AppDictionary } from './bundles/en.ts';
export { initialLanguage, selectLanguage } from './runtime.ts';

export const dictionaries: Record<Language, AppDictionary> = { ko, en, ja, zh, vi };

/** A ready i18next instance holding all five languages (tests render with it synchronously). */
export function createI18n(language: Language): I18n {
  return createI18nWith(language, dictionaries);
}
