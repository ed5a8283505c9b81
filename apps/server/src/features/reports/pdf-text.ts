/**
 * Text for the report's PDF: WinAnsi-encoded Helvetica for Latin text, and predefined-CMap CID
 * fonts (UCS-2) for Korean, Japanese and Chinese, which the PDF viewer supplies. Widths are the
 * standard Helvetica metrics (per 1000 units of font size) so the layout can truncate and align.
 */

export type FontStyle = 'regular' | 'bold';

/** Helvetica and Helvetica-Bold advance widths of the printable ASCII characters 32..126. */
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584,
  556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278,
  469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260,
  334, 584,
];
const HELVETICA_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584,
  611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333,
  584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280,
  389, 584,
];

/** WinAnsi bytes 0x80..0x9F that are not Latin-1 code points. */
const WIN_ANSI_EXTRA: ReadonlyMap<number, number> = new Map([
  [0x20ac, 0x80], [0x201a, 0x82], [0x0192, 0x83], [0x201e, 0x84], [0x2026, 0x85], [0x2020, 0x86], [0x2021, 0x87], [0x02c6, 0x88],
  [0x2030, 0x89], [0x0160, 0x8a], [0x2039, 0x8b], [0x0152, 0x8c], [0x017d, 0x8e], [0x2018, 0x91], [0x2019, 0x92], [0x201c, 0x93],
  [0x201d, 0x94], [0x2022, 0x95], [0x2013, 0x96], [0x2014, 0x97], [0x02dc, 0x98], [0x2122, 0x99], [0x0161, 0x9a], [0x203a, 0x9b],
  [0x0153, 0x9c], [0x017e, 0x9e], [0x0178, 0x9f],
]);

/** Symbols of the measurement catalogue that WinAnsi lacks, written the way a typewriter would. */
const SUBSTITUTES: ReadonlyMap<string, string> = new Map([
  ['\u2212', '-'], ['\u2032', "'"], ['\u2192', '->'], ['\u27c2', '_|_'], ['\u2264', '<='], ['\u2265', '>='], ['\u2220', 'ang '],
]);

function winAnsiByte(code: number): number | null {
  if (code >= 0x20 && code <= 0x7e) return code;
  if (code >= 0xa0 && code <= 0xff) return code;
  return WIN_ANSI_EXTRA.get(code) ?? null;
}

type CjkFont = 'FK' | 'FJ' | 'FC';

function cjkScript(code: number): CjkFont | null {
  if ((code >= 0x1100 && code <= 0x11ff) || (code >= 0x3130 && code <= 0x318f) || (code >= 0xac00 && code <= 0xd7af)) return 'FK';
  if (code >= 0x3040 && code <= 0x30ff) return 'FJ';
  if ((code >= 0x4e00 && code <= 0x9fff) || (code >= 0x3000 && code <= 0x303f) || (code >= 0xff00 && code <= 0xffef)) return 'FC';
  return null;
}

/** A piece of text in one font, already encoded as a PDF string operand. */
export interface TextRun {
  readonly font: 'F1' | 'F2' | CjkFont;
  readonly encoded: string;
  /** Advance width in 1/1000 of the font size. */
  readonly width: number;
}

/** Latin text as WinAnsi bytes: substitutes for catalogue symbols, accents dropped where WinAnsi lacks the letter, else `?`. */
function latinBytes(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const substitute = SUBSTITUTES.get(char);
    const candidates = substitute ?? char;
    for (const c of candidates) {
      const direct = winAnsiByte(c.codePointAt(0) ?? 0);
      if (direct !== null) {
        bytes.push(direct);
        continue;
      }
      const base = c.normalize('NFD').codePointAt(0) ?? 0;
      bytes.push(winAnsiByte(base) ?? 0x3f);
    }
  }
  return bytes;
}

function latinWidth(bytes: readonly number[], style: FontStyle): number {
  const table = style === 'bold' ? HELVETICA_BOLD : HELVETICA;
  return bytes.reduce((sum, b) => sum + (b >= 32 && b <= 126 ? (table[b - 32] ?? 556) : 556), 0);
}

/** A PDF literal string of bytes: ( ) \ escaped, bytes outside printable ASCII as octal. */
function literal(bytes: readonly number[]): string {
  let out = '(';
  for (const b of bytes) {
    if (b === 0x28 || b === 0x29 || b === 0x5c) out += `\\${String.fromCharCode(b)}`;
    else if (b >= 0x20 && b <= 0x7e) out += String.fromCharCode(b);
    else out += `\\${b.toString(8).padStart(3, '0')}`;
  }
  return `${out})`;
}

/** Splits text into runs of one font each (Latin in Helvetica, CJK in the script's CID font). */
export function textRuns(text: string, style: FontStyle = 'regular'): TextRun[] {
  const runs: TextRun[] = [];
  let latin = '';
  let cjk: { font: CjkFont; hex: string; count: number } | null = null;
  const flushLatin = () => {
    if (latin === '') return;
    const bytes = latinBytes(latin);
    runs.push({ font: style === 'bold' ? 'F2' : 'F1', encoded: literal(bytes), width: latinWidth(bytes, style) });
    latin = '';
  };
  const flushCjk = () => {
    if (cjk === null) return;
    runs.push({ font: cjk.font, encoded: `<${cjk.hex}>`, width: cjk.count * 1000 });
    cjk = null;
  };
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const font = code <= 0xffff ? cjkScript(code) : null;
    if (font === null) {
      flushCjk();
      latin += char;
      continue;
    }
    flushLatin();
    if (cjk !== null && cjk.font !== font) flushCjk();
    cjk ??= { font, hex: '', count: 0 };
    cjk.hex += code.toString(16).padStart(4, '0').toUpperCase();
    cjk.count += 1;
  }
  flushLatin();
  flushCjk();
  return runs;
}

/** Width of `text` in points at `size`. */
export function textWidth(text: string, size: number, style: FontStyle = 'regular'): number {
  return (textRuns(text, style).reduce((sum, run) => sum + run.width, 0) * size) / 1000;
}

/** Cuts `text` to fit `maxWidth` points, ending with an ellipsis when cut. */
export function fitText(text: string, size: number, maxWidth: number, style: FontStyle = 'regular'): string {
  if (textWidth(text, size, style) <= maxWidth) return text;
  const chars = [...text];
  while (chars.length > 0 && textWidth(`${chars.join('')}\u2026`, size, style) > maxWidth) chars.pop();
  return `${chars.join('')}\u2026`;
}

/** Breaks `text` into lines of at most `maxWidth` points, at spaces. */
export function wrapText(text: string, size: number, maxWidth: number, style: FontStyle = 'regular'): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line === '' ? word : `${line} ${word}`;
    if (line !== '' && textWidth(next, size, style) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** A document-information string (title, author): UTF-16BE with a byte-order mark, as hex. */
export function pdfText(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i += 1) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}
