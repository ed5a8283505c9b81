import type { ReportLang } from '@ceppro/contract';

/**
 * Which font face draws which character of the PDF. The report language picks the main face
 * (Japanese in Noto Sans JP, Chinese in Noto Sans SC, Korean in Noto Sans KR, English and
 * Vietnamese in Noto Sans); a run of another script inside it (a Korean patient name in an English
 * report, a Japanese name in a Korean one, an Arabic or Hebrew name, emoji) is drawn in that
 * script's face, and a character the chosen face lacks falls back to the first face that has it.
 * A character no face has is never left to the font's empty box (.notdef): an invisible one
 * (variation selector, zero-width joiner, bidi control) is dropped, anything else is printed as
 * U+FFFD (the replacement character). Pure: the glyph check is passed in.
 */
export type FontFace = 'latin' | 'kr' | 'jp' | 'sc' | 'arabic' | 'hebrew' | 'emoji';
export type Script = 'hangul' | 'kana' | 'han' | 'arabic' | 'hebrew' | 'emoji' | 'other';

export const FONT_FACES: readonly FontFace[] = ['latin', 'kr', 'jp', 'sc', 'arabic', 'hebrew', 'emoji'];

/** What stands for a character no face has; '?' when no face has U+FFFD either. */
export const SUBSTITUTE = '\uFFFD';

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
  if (
    (c >= 0x0600 && c <= 0x06ff) ||
    (c >= 0x0750 && c <= 0x077f) ||
    (c >= 0x0870 && c <= 0x08ff) ||
    (c >= 0xfb50 && c <= 0xfdff) ||
    (c >= 0xfe70 && c <= 0xfefe)
  )
    return 'arabic';
  if ((c >= 0x0590 && c <= 0x05ff) || (c >= 0xfb1d && c <= 0xfb4f)) return 'hebrew';
  // Emoticons, pictographs, transport, supplemental symbols, flags' regional indicators.
  if (c >= 0x1f000 && c <= 0x1faff) return 'emoji';
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

/** Marks drawn with the character before them (combining marks, joiners, variation selectors, emoji modifiers and tags). */
const isCombining = (c: number) =>
  (c >= 0x0300 && c <= 0x036f) ||
  (c >= 0x1ab0 && c <= 0x1aff) ||
  (c >= 0x1dc0 && c <= 0x1dff) ||
  (c >= 0x20d0 && c <= 0x20ff) ||
  (c >= 0xfe20 && c <= 0xfe2f) ||
  c === 0x200c ||
  c === 0x200d ||
  (c >= 0xfe00 && c <= 0xfe0f) ||
  (c >= 0x1f3fb && c <= 0x1f3ff) ||
  (c >= 0xe0020 && c <= 0xe007f);

/** Characters that draw nothing (joiners, selectors, bidi controls): dropped, not substituted, when a face lacks them. */
const INVISIBLE = /^\p{Default_Ignorable_Code_Point}$/u;

/**
 * `text` (NFC) cut into clusters, each a character with the marks that follow it, and the face
 * that draws it. `has(face, codePoint)` says whether a face has a glyph. A mark stays with its
 * character when that face has it, else takes a face of its own; a character (or mark) no face has
 * is dropped when invisible, else replaced by SUBSTITUTE in the first face that has it.
 */
export function faceClusters(text: string, lang: ReportLang, has: (face: FontFace, codePoint: number) => boolean): FaceRun[] {
  const normalized = text.normalize('NFC');
  const primary = primaryFace(lang);
  const han = hanFace(normalized, lang);
  const order = [primary, ...FONT_FACES.filter((f) => f !== primary)];
  const substitute = order.some((f) => has(f, 0xfffd)) ? SUBSTITUTE : '?';
  const substituteFace = order.find((f) => has(f, substitute.codePointAt(0) ?? 0)) ?? primary;
  const clusters: Array<{ face: FontFace; text: string }> = [];
  for (const char of normalized) {
    const code = char.codePointAt(0) ?? 0;
    const last = clusters[clusters.length - 1];
    if (last !== undefined && isCombining(code) && has(last.face, code)) {
      last.text += char;
      continue;
    }
    const script = scriptOf(code);
    const wanted: FontFace =
      script === 'hangul' ? 'kr' : script === 'kana' ? 'jp' : script === 'han' ? han : script === 'other' ? primary : script;
    const face = has(wanted, code) ? wanted : order.find((f) => has(f, code));
    if (face !== undefined) clusters.push({ face, text: char });
    else if (!INVISIBLE.test(char)) clusters.push({ face: substituteFace, text: substitute });
  }
  return clusters;
}

/** `text` (NFC) cut into runs of one face each (faceClusters joined while the face stays the same). */
export function faceRuns(text: string, lang: ReportLang, has: (face: FontFace, codePoint: number) => boolean): FaceRun[] {
  const runs: Array<{ face: FontFace; text: string }> = [];
  for (const cluster of faceClusters(text, lang, has)) {
    const last = runs[runs.length - 1];
    if (last !== undefined && last.face === cluster.face) last.text += cluster.text;
    else runs.push({ ...cluster });
  }
  return runs;
}
