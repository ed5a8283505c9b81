import type { ReportLang } from '@ceppro/contract';
import bidiFactory, { type BidiCharTypeName } from 'bidi-js';
import { faceClusters, type FontFace } from './script-runs';

/**
 * Right-to-left text on the report's left-to-right lines: one line of logical text (as typed) becomes
 * the runs pdfkit draws from left to right, each in one face. The order comes from the Unicode
 * Bidirectional Algorithm (bidi-js, UAX #9) with a left-to-right paragraph, as a browser lays out an
 * Arabic or Hebrew name inside an English page; shaping (Arabic joining forms, lam-alef) is
 * fontkit's, which lays out an Arabic or Hebrew run right to left by itself. So a run that fontkit
 * reverses is handed over in logical order; any other run that must read right to left (spaces,
 * punctuation, emoji between Arabic words) is handed over already reversed, brackets mirrored.
 */

const bidi = bidiFactory();

/**
 * One run for pdfkit: `text` in the order to hand it over, drawn in `face`; `logical` the same
 * characters as typed (what a reader copies out); `rtl`: it reads right to left.
 */
export interface DrawRun {
  readonly face: FontFace;
  readonly text: string;
  readonly logical: string;
  readonly rtl: boolean;
}

/** Characters that can make a line anything but plain left to right (RTL blocks, RTL marks and embeddings). */
const MAY_BE_RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\u200f\u202b\u202e\u2067\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
const NEUTRAL_SCRIPT = /^[\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;
const RTL_SCRIPT = /^[\p{Script=Arabic}\p{Script=Hebrew}]/u;

/**
 * Whether fontkit lays `text` out right to left: it takes the script of the first character that is
 * not Common or Inherited, and reverses the glyphs of a right-to-left script (of those, the faces
 * here have Arabic and Hebrew only).
 */
export function fontkitReverses(text: string): boolean {
  for (const char of text) {
    if (!NEUTRAL_SCRIPT.test(char)) return RTL_SCRIPT.test(char);
  }
  return false;
}

/** The clusters' text in reverse order, each cluster's first character mirrored (`(` for `)`) when `mirror`. */
function reversed(clusters: readonly string[], mirror: boolean): string {
  return clusters
    .toReversed()
    .map((c) => {
      if (!mirror) return c;
      const first = String.fromCodePoint(c.codePointAt(0) ?? 0);
      return (bidi.getMirroredCharacter(first) ?? first) + c.slice(first.length);
    })
    .join('');
}

/** A BMP character of each bidi class (bidi-js classifies UTF-16 code units one by one). */
const STAND_IN: Partial<Record<BidiCharTypeName, string>> = {
  L: 'a',
  R: '\u05D0',
  AL: '\u0627',
  EN: '0',
  AN: '\u0660',
  ES: '+',
  ET: '$',
  CS: ',',
  NSM: '\u0300',
  BN: '\u200B',
  WS: ' ',
  ON: '!',
};

/**
 * `line` with each character outside the BMP (an emoji, a rare Han) replaced by two BMP characters
 * of its bidi class: bidi-js reads UTF-16 code units, and a lone surrogate counts as left to right,
 * which would cut an Arabic stretch at every emoji. Same length, so indices still match.
 */
function standIns(line: string): string {
  let out = '';
  for (const char of line) {
    const standIn = char.length === 2 ? (STAND_IN[bidi.getBidiCharTypeName(char)] ?? 'a') : undefined;
    out += standIn === undefined ? char : standIn + standIn;
  }
  return out;
}

/** One line of text as runs in drawing order, left to right (see the file comment). */
export function lineRuns(text: string, lang: ReportLang, has: (face: FontFace, codePoint: number) => boolean): DrawRun[] {
  const clusters = faceClusters(text, lang, has);
  const line = clusters.map((c) => c.text).join('');
  if (!MAY_BE_RTL.test(line)) return joinSameFace(clusters.map((c) => ({ ...c, level: 0 })));
  const proxy = standIns(line);
  const levels = bidi.getEmbeddingLevels(proxy, 'ltr');
  // Where each code unit goes; a cluster goes where its first code unit goes (its marks follow it).
  const visualOf = new Int32Array(line.length);
  bidi.getReorderedIndices(proxy, levels).forEach((logical, visual) => (visualOf[logical] = visual));
  let offset = 0;
  const placed = clusters.map((c) => {
    const at = { ...c, level: levels.levels[offset] ?? 0, visual: visualOf[offset] ?? 0 };
    offset += c.text.length;
    return at;
  });
  placed.sort((a, b) => a.visual - b.visual);
  return joinSameFace(placed);
}

/** Neighbouring clusters (in drawing order) of one face and one level become one run. */
function joinSameFace(clusters: ReadonlyArray<{ face: FontFace; text: string; level: number }>): DrawRun[] {
  const groups: Array<{ face: FontFace; level: number; texts: string[] }> = [];
  for (const c of clusters) {
    const last = groups[groups.length - 1];
    if (last !== undefined && last.face === c.face && last.level === c.level) last.texts.push(c.text);
    else groups.push({ face: c.face, level: c.level, texts: [c.text] });
  }
  return groups.map((g) => {
    const rtl = g.level % 2 === 1;
    // Drawing order is the logical order reversed when right to left.
    const logical = rtl ? g.texts.toReversed() : g.texts;
    const reverses = fontkitReverses(logical.join(''));
    // fontkit reverses what it takes for Arabic or Hebrew: give it the order that comes out right.
    const text = reverses === rtl ? logical.join('') : reversed(logical, rtl);
    return { face: g.face, text, logical: logical.join(''), rtl };
  });
}
