import * as fontkit from 'fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FontFace } from './script-runs';

/**
 * The report's fonts: Noto Sans (Latin, Vietnamese), Noto Sans KR, JP and SC, Noto Sans Arabic and
 * Hebrew, and the monochrome Noto Emoji (colour emoji fonts are bitmaps or layered glyphs a PDF
 * cannot embed as text), regular and bold, from the `@expo-google-fonts/noto-*` npm packages (SIL
 * Open Font License 1.1; the files are installed by `npm install`, no system font is used). pdfkit
 * embeds a subset of each face that a report uses (only the glyphs drawn), so a report stays a few
 * hundred kilobytes. The files are read once per process and kept (about 46 MB for the 14 faces).
 */
export type FontStyle = 'regular' | 'bold';

const FILES: Record<FontFace, { pkg: string; regular: string; bold: string }> = {
  latin: { pkg: '@expo-google-fonts/noto-sans', regular: '400Regular/NotoSans_400Regular.ttf', bold: '700Bold/NotoSans_700Bold.ttf' },
  kr: { pkg: '@expo-google-fonts/noto-sans-kr', regular: '400Regular/NotoSansKR_400Regular.ttf', bold: '700Bold/NotoSansKR_700Bold.ttf' },
  jp: { pkg: '@expo-google-fonts/noto-sans-jp', regular: '400Regular/NotoSansJP_400Regular.ttf', bold: '700Bold/NotoSansJP_700Bold.ttf' },
  sc: { pkg: '@expo-google-fonts/noto-sans-sc', regular: '400Regular/NotoSansSC_400Regular.ttf', bold: '700Bold/NotoSansSC_700Bold.ttf' },
  arabic: {
    pkg: '@expo-google-fonts/noto-sans-arabic',
    regular: '400Regular/NotoSansArabic_400Regular.ttf',
    bold: '700Bold/NotoSansArabic_700Bold.ttf',
  },
  hebrew: {
    pkg: '@expo-google-fonts/noto-sans-hebrew',
    regular: '400Regular/NotoSansHebrew_400Regular.ttf',
    bold: '700Bold/NotoSansHebrew_700Bold.ttf',
  },
  emoji: { pkg: '@expo-google-fonts/noto-emoji', regular: '400Regular/NotoEmoji_400Regular.ttf', bold: '700Bold/NotoEmoji_700Bold.ttf' },
};

const require = createRequire(import.meta.url);

/** The font file of a face and style (inside its npm package). */
export function fontFile(face: FontFace, style: FontStyle): string {
  const entry = FILES[face];
  return path.join(path.dirname(require.resolve(`${entry.pkg}/package.json`)), entry[style]);
}

const bytes = new Map<string, Buffer>();
const coverage = new Map<FontFace, fontkit.Font>();

/** The font file's bytes (read once). */
export function fontBytes(face: FontFace, style: FontStyle): Buffer {
  const file = fontFile(face, style);
  let data = bytes.get(file);
  if (data === undefined) {
    data = readFileSync(file);
    bytes.set(file, data);
  }
  return data;
}

/** Whether a face has a glyph for the code point (the regular style; bold covers the same characters). */
export function faceHasGlyph(face: FontFace, codePoint: number): boolean {
  let font = coverage.get(face);
  if (font === undefined) {
    font = fontkit.create(fontBytes(face, 'regular')) as fontkit.Font;
    coverage.set(face, font);
  }
  return font.hasGlyphForCodePoint(codePoint);
}

/** The name a face and style are registered under in a pdfkit document. */
export const fontName = (face: FontFace, style: FontStyle): string => `${face}-${style}`;
