import '@fontsource-variable/montserrat/wght.css';

/*
 * The spec's fonts (docs/spec-points.md §2), served from this app (SIL Open Font License, from
 * @fontsource-variable): one variable file per script subset covers every weight, `font-display:
 * swap`, and a `unicode-range` per subset, so the browser fetches only the files of the characters
 * on screen. Montserrat (Latin, Vietnamese; about 2 KB of @font-face rules) always; Noto Sans KR
 * only for the Korean interface: its 124 Hangul/Hanja slices take 88 KB of @font-face rules, a
 * stylesheet of its own that the other languages never fetch. global.css names each family only
 * for the languages that load it (Hanzi and kanji should not take Korean glyph shapes).
 */

let korean: Promise<unknown> | null = null;

/** Loads the web fonts `language` needs (called with the start language and on every change). */
export function loadLanguageFonts(language: string): void {
  if (language === 'ko') korean ??= import('@fontsource-variable/noto-sans-kr/wght.css');
}
