import type { ReportLang } from '@ceppro/contract';

/**
 * Which font face draws which character of the PDF. The report language picks the main face
 * (Japanese in Noto Sans JP, Chinese in Noto Sans SC, Korean in Noto Sans KR, English and
 * Vietnamese in Noto Sans); a run of another script inside it (a Korean patient name in an English
 * report, a Japanese name in a Korean one) is drawn in that script's face, and a character the
 * chosen face lacks falls back to the first face that has it. Pure: the glyph check is passed in.
 */
export type FontFace = 'latin' | 'kr' | 'jp' | 'sc';
export type Script = 'hangul' | 'kana' | 'han' | 'other';

export const FONT_FACES: readonly FontFace[] = ['latin', 'kr', 'jp', 'sc'];

/** The script of one Unicode code point, as far as the choice of face needs it. */
export function scriptOf(codePoint: number): Script {
  const c = codePoint;
  if (
    (c >= 0x1100 && c <= 0x11ff) ||
    (c >= 0x3130 && c <= 0x318f) ||
    (c >= 0xa960 && c <= 0xa97f) ||
    (c >= 0xac00 && c <= 0xd7af) ||
    (c >= 0xd7b0 && c <= 0xd7ff)
  )
    return 'hangul';
  if ((c >= 0x3040 && c <= 0x30ff) || (c >= 0x31f0 && c <= 0x31ff) || (c >= 0xff66 && c <= 0xff9f)) return 'kana';
  if (
    (c >= 0x4e00 && c <= 0x9fff) ||
    (c >= 0x3400 && c <= 0x4dbf) ||
    (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0x20000 && c <= 0x2ffff) ||
    c === 0x3005 ||
    c === 0x3007
  )
    return 'han';
  return 'other';
}

/** The face of the report's own language. */
export function primaryFace(lang: ReportLang): FontFace {
  return lang === 'ko' ? 'kr' : lang === 'ja' ? 'jp' : lang === 'zh' ? 'sc' : 'latin';
}

/**
 * The face for Han characters in `text`: a text with kana is Japanese, one with hangul Korean
 * (Hanja); otherwise the report's language decides (Chinese outside Japanese and Korean reports).
 */
export function hanFace(text: string, lang: ReportLang): FontFace {
  let kana = false;
  let hangul = false;
  for (const char of text) {
    const script = scriptOf(char.codePointAt(0) ?? 0);
    kana ||= script === 'kana';
    hangul ||= script === 'hangul';
  }
  if (kana) return 'jp';
  if (hangul) return 'kr';
  return lang === 'ja' ? 'jp' : lang === 'ko' ? 'kr' : 'sc';
}

export interface FaceRun {
  readonly face: FontFace;
  readonly text: string;
}

const isCombining = (c: number) =>
  (c >= 0x0300 && c <= 0x036f) ||
  (c >= 0x1ab0 && c <= 0x1aff) ||
  (c >= 0x1dc0 && c <= 0x1dff) ||
  (c >= 0xfe20 && c <= 0xfe2f) ||
  c === 0x200d ||
  (c >= 0xfe00 && c <= 0xfe0f);

/**
 * `text` (NFC) cut into runs of one face each. `has(face, codePoint)` says whether a face has a
 * glyph; a character no face has stays in the face its script asks for (the reader shows a box).
 * Combining marks stay with the character before them.
 */
export function faceRuns(text: string, lang: ReportLang, has: (face: FontFace, codePoint: number) => boolean): FaceRun[] {
  const normalized = text.normalize('NFC');
  const primary = primaryFace(lang);
  const han = hanFace(normalized, lang);
  const order = [primary, ...FONT_FACES.filter((f) => f !== primary)];
  const runs: Array<{ face: FontFace; text: string }> = [];
  for (const char of normalized) {
    const code = char.codePointAt(0) ?? 0;
    const last = runs[runs.length - 1];
    if (last !== undefined && isCombining(code)) {
      last.text += char;
      continue;
    }
    const script = scriptOf(code);
    const wanted: FontFace = script === 'hangul' ? 'kr' : script === 'kana' ? 'jp' : script === 'han' ? han : primary;
    const face = has(wanted, code) ? wanted : (order.find((f) => has(f, code)) ?? wanted);
    if (last !== undefined && last.face === face) last.text += char;
    else runs.push({ face, text: char });
  }
  return runs;
}
