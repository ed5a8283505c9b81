import { describe, expect, it } from 'vitest';
import { chooseLanguage, languages } from '../src/i18n/languages.ts';

describe('languages', () => {
  it('lists the spec languages in the spec order, Korean first', () => {
    expect(languages).toEqual(['ko', 'en', 'ja', 'zh', 'vi']);
  });
});

describe('chooseLanguage', () => {
  it.each([
    ['stored choice wins over the browser', 'vi', ['en-US', 'ko'], 'vi'],
    ['unsupported stored value is ignored', 'fr', ['ja-JP'], 'ja'],
    ['garbage stored value is ignored', '{"x":1}', ['zh-CN'], 'zh'],
    ['browser language with a region', null, ['en-GB'], 'en'],
    ['first supported browser language in preference order', null, ['de-DE', 'fr', 'vi-VN', 'en'], 'vi'],
    ['Chinese script and region subtags', null, ['zh-Hant-TW'], 'zh'],
    ['case and underscore in the tag', null, ['JA_jp'], 'ja'],
    ['only unsupported browser languages -> English', null, ['de-DE', 'fr-FR'], 'en'],
    ['an unsupported stored value and browser language -> English', 'de', ['de-DE'], 'en'],
    ['no browser languages -> Korean', null, [], 'ko'],
  ] as const)('%s', (_name, stored, browser, expected) => {
    expect(chooseLanguage(stored, browser)).toBe(expected);
  });
});
