import { MANUAL_ENDPOINT, pathTo } from '@ceppro/contract';
import type { Language } from '../i18n/languages.ts';

/**
 * Documents linked from the chrome. The manual and the tutorial exist in Korean and English only
 * (docs/spec-points.md §1); every other language gets the English version. (The legal texts are the
 * operator's, served by the server per language: routes `/terms` and `/privacy`.)
 */
type DocumentLanguage = 'ko' | 'en';

export function documentLanguage(language: Language): DocumentLanguage {
  return language === 'ko' ? 'ko' : 'en';
}

/**
 * The user manual (PDF), built by the server from docs/manual/<lang>.md on first download
 * (apps/server/src/features/manual). Korean or English by the interface language.
 */
export function manualUrl(language: Language): string {
  return pathTo(MANUAL_ENDPOINT, { file: `ceppro-manual-${documentLanguage(language)}.pdf` });
}

/** Starts the manual's download (the server sends it as an attachment under its own name). */
export function downloadManual(language: Language): void {
  const link = document.createElement('a');
  link.href = manualUrl(language);
  link.download = '';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * The tutorial video in the list's welcome popup (docs/spec-points.md §2): a scripted walkthrough of the
 * real product recorded by `npm run tutorial:record` (docs/manual/README.md), served from
 * `public/tutorial/`. English and Korean, like the manual.
 */
export function tutorialVideoUrl(language: Language): string {
  return `/tutorial/ceppro-tutorial-${documentLanguage(language)}.webm`;
}
