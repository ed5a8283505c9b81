import '@fontsource-variable/montserrat/wght.css';

/*
 * The spec's fonts (docs/spec-points.md §2), served from this app (SIL Open Font License, from
 * @fontsource-variable): one variable file per script subset covers every weight, `font-display:
 * swap`, and a `unicode-range` per subset, so the browser fetches only the files of the characters
 * on screen. Montserrat (Latin, Vietnamese; about 2 KB of @font-face rules) always; one Noto Sans
 * CJK face only for its own interface: KR for Korean (124 Hangul/Hanja slices, 88 KB of @font-face
 * rules), JP for Japanese (124 slices, 105 KB of rules) and SC for Chinese (102 KB of rules), each a
 * stylesheet of its own that the other languages never fetch; a page then downloads only the slices
 * of the characters it shows (the sign-in page in Japanese: a few slices of about 10-50 KB each).
 * A computer without CJK fonts (a fresh Linux, Chromium) so shows kanji and hanzi, never empty boxes.
 * global.css names each family only for the language that loads it (hanzi and kanji take the shapes
 * of their own language, never Korean ones).
 */

const CJK_FONTS: Readonly<Record<string, () => Promise<unknown>>> = {
  ko: () => import('@fontsource-variable/noto-sans-kr/wght.css'),
  ja: () => import('@fontsource-variable/noto-sans-jp/wght.css'),
  zh: () => import('@fontsource-variable/noto-sans-sc/wght.css'),
};
const loaded = new Map<string, Promise<unknown>>();

/** Loads the web fonts `language` needs (called with the start language and on every change). */
export function loadLanguageFonts(language: string): void {
  const load = CJK_FONTS[language];
  if (load !== undefined && !loaded.has(language)) loaded.set(language, load());
}
