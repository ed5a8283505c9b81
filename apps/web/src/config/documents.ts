import type { Language } from '../i18n/languages.ts';

/**
 * Documents linked from the chrome. Legal texts and the manual exist in Korean and English only
 * (spec point 1); every other language gets the English version.
 */
type DocumentLanguage = 'ko' | 'en';

export function documentLanguage(language: Language): DocumentLanguage {
  return language === 'ko' ? 'ko' : 'en';
}

export function termsOfServiceUrl(language: Language): string {
  return `/legal/terms-of-service.${documentLanguage(language)}.html`;
}

export function privacyPolicyUrl(language: Language): string {
  return `/legal/privacy-policy.${documentLanguage(language)}.html`;
}

/**
 * The user manual (PDF). Not shipped yet: null makes the header say so instead of offering a
 * broken download. Point this at `/manual/ceppro-manual.<ko|en>.pdf` once the files exist.
 */
export function manualUrl(_language: Language): string | null {
  return null;
}

/**
 * The tutorial video in the list's welcome popup (spec point 2). Served from `public/media/`; the
 * file is not in the repository yet, so the player shows its own "cannot play" state until it is
 * added. English and Korean only, like the manual.
 */
export function tutorialVideoUrl(language: Language): string {
  return `/media/ceppro-tutorial.${documentLanguage(language)}.mp4`;
}
