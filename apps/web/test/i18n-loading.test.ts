import { describe, expect, it } from 'vitest';
import { dictionaries } from '../src/i18n/index.ts';
import { LANGUAGE_SELF_NAMES, LANGUAGE_STORAGE_KEY, languages } from '../src/i18n/languages.ts';
import { createI18nWith, loadI18n, selectLanguage } from '../src/i18n/runtime.ts';

// Every app source file's text, read through Vite (the web project runs in jsdom, not on file URLs).
const sources = import.meta.glob<string>(['../src/**/*.{ts,tsx}', '!../src/i18n/**'], { query: '?raw', import: 'default', eager: true });

// One chunk per language (runtime.ts): the app loads only the language it shows.
describe('language bundles', () => {
  it('starts with only the start language loaded, other languages by name for the picker', async () => {
    const i18n = await loadI18n('ja');
    expect(i18n.t('common.close')).toBe(dictionaries.ja.common.close);
    expect(i18n.getResource('en', 'translation', 'common')).toBeUndefined();
    for (const code of languages) expect(i18n.getFixedT(code)('language.self')).toBe(dictionaries[code].language.self);
    expect(document.documentElement.lang).toBe('ja');
  });

  it('loads a language when it is picked, then switches and remembers the choice', async () => {
    const i18n = await loadI18n('en');
    await selectLanguage(i18n, 'vi');
    expect(i18n.language).toBe('vi');
    expect(i18n.t('header.signOut')).toBe(dictionaries.vi.header.signOut);
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('vi');
    expect(document.documentElement.lang).toBe('vi');
  });

  it('keeps the last pick when an earlier one arrives later', async () => {
    const i18n = createI18nWith('en', { en: dictionaries.en, ko: dictionaries.ko });
    const slow = selectLanguage(i18n, 'zh'); // not loaded: waits for its chunk
    await selectLanguage(i18n, 'ko'); // loaded: switches at once
    await slow;
    expect(i18n.language).toBe('ko');
  });

  it('names each language as its own dictionary does', () => {
    for (const code of languages) expect(LANGUAGE_SELF_NAMES[code]).toBe(dictionaries[code].language.self);
  });

  it('is not undone by an app file importing every language (i18n/index.ts is for tests)', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const offenders = Object.entries(sources)
      .filter(([, text]) => /from '(?:\.\.?\/)+(?:i18n\/index(?:\.ts)?|i18n)'/.test(text))
      .map(([file]) => file);
    expect(offenders).toEqual([]);
  });
});
