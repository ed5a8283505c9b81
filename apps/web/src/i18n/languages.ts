/**
 * Interface languages in the spec's order (point 1). The first one is the fallback.
 */
export const languages = ['ko', 'en', 'ja', 'zh', 'vi'] as const;
export type Language = (typeof languages)[number];

export const DEFAULT_LANGUAGE: Language = languages[0];
export const LANGUAGE_STORAGE_KEY = 'ceppro.language';

/** Each language's name in itself (the language picker lists them before their dictionaries load). */
export const LANGUAGE_SELF_NAMES: Record<Language, string> = { ko: '한국어', en: 'English', ja: '日本語', zh: '中文', vi: 'Tiếng Việt' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** "zh-Hant-TW" -> "zh"; "EN_us" -> "en". */
function primarySubtag(tag: string): string {
  return tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

/**
 * The language for a browser that names only languages we do not support (de-DE, fr-FR, ...): English
 * is read by more of those users than Korean (Step 17; the spec's "first in the list" stays for a
 * browser that names no language at all).
 */
export const UNSUPPORTED_BROWSER_LANGUAGE: Language = 'en';

/**
 * Picks the interface language: the stored choice if it is a supported language, else the first
 * browser language (in the browser's preference order) that we support, else English when the
 * browser named only unsupported languages, else the first language in the list (Korean).
 */
export function chooseLanguage(stored: string | null, browserLanguages: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const primary = primarySubtag(tag);
    if (isLanguage(primary)) return primary;
  }
  return browserLanguages.some((tag) => primarySubtag(tag) !== '') ? UNSUPPORTED_BROWSER_LANGUAGE : DEFAULT_LANGUAGE;
}
