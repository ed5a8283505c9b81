import { AUTH_ERROR_MESSAGE_KEYS, AUTH_MESSAGE_KEYS, AUTH_MESSAGES_EN, AUTH_SPEC_MESSAGE_KEYS } from '@ceppro/contract';
import { describe, expect, it } from 'vitest';
import { createI18n, dictionaries } from '../src/i18n/index.ts';
import { languages } from '../src/i18n/languages.ts';

type Tree = { [key: string]: string | Tree };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

describe('contract auth message keys', () => {
  it('English is exactly the contract text for every key (spec texts unchanged)', () => {
    const wrong = AUTH_MESSAGE_KEYS.filter((key) => lookup(dictionaries.en as Tree, key) !== AUTH_MESSAGES_EN[key]);
    expect(wrong).toEqual([]);
  });

  it.each(languages)('%s translates every key', (language) => {
    const missing = AUTH_MESSAGE_KEYS.filter((key) => !lookup(dictionaries[language] as Tree, key)?.trim());
    expect(missing).toEqual([]);
  });

  it('every error code the server maps has a text', () => {
    for (const key of Object.values(AUTH_ERROR_MESSAGE_KEYS)) expect(lookup(dictionaries.en as Tree, key)).toBeTruthy();
  });

  it('the spec sentences come out of t() unchanged', () => {
    const t = createI18n('en').t;
    expect(AUTH_SPEC_MESSAGE_KEYS.length).toBeGreaterThan(20);
    expect(t('auth.login.required')).toBe('Please input both of e-mail and password.');
    expect(t('auth.error.loginIncorrect')).toBe('The input information is not correct.');
    expect(t('auth.password.invalid')).toBe('Input combining uppercase, lowercase, number and characters !@#$%^&+=()');
  });

  it('API alerts use the spec wording in English', () => {
    const alerts = dictionaries.en.apiAlert;
    expect(alerts.duplicateLogin.title).toBe('Duplicate Login!');
    expect(alerts.expiredAccount.title).toBe('Expired Account!');
    expect(alerts.notFound.title).toBe('404 error Page not found');
    expect(alerts.timeout.title).toBe('The request time has expired');
    expect(alerts.network.title).toBe('Network Error');
  });
});
