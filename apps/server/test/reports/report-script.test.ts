import { describe, expect, it } from 'vitest';
import { faceHasGlyph } from '../../src/pdf/pdf-fonts';
import { faceRuns, hanFace, primaryFace, scriptOf, type FontFace } from '../../src/pdf/script-runs';

/** Which face draws which characters: the report language's face, a script's own face for a run of it, a fallback for a missing glyph. */

const cp = (c: string) => c.codePointAt(0) ?? 0;
const everything = () => true;
const runs = (text: string, lang: Parameters<typeof faceRuns>[1], has: (face: FontFace, code: number) => boolean = everything) =>
  faceRuns(text, lang, has).map((r) => [r.face, r.text]);

describe('script detection', () => {
  it.each([
    ['홍', 'hangul'],
    ['ㄱ', 'hangul'],
    ['ア', 'kana'],
    ['の', 'kana'],
    ['ｱ', 'kana'],
    ['山', 'han'],
    ['简', 'han'],
    ['々', 'han'],
    ['A', 'other'],
    ['ễ', 'other'],
    ['Đ', 'other'],
    ['°', 'other'],
    ['，', 'other'],
    [' ', 'other'],
    ['م', 'arabic'],
    ['،', 'arabic'],
    ['ﻼ', 'arabic'],
    ['ד', 'hebrew'],
    ['\u05B8', 'hebrew'],
    ['😀', 'emoji'],
    ['🦷', 'emoji'],
    ['\u{1F1F0}', 'emoji'],
    ['ก', 'other'],
  ] as const)('%s is %s', (char, script) => {
    expect(scriptOf(cp(char))).toBe(script);
  });

  it('picks the face of the report language, and the Han face from the text or the language', () => {
    expect([primaryFace('en'), primaryFace('vi'), primaryFace('ko'), primaryFace('ja'), primaryFace('zh')]).toEqual([
      'latin',
      'latin',
      'kr',
      'jp',
      'sc',
    ]);
    expect(hanFace('山田太郎', 'ja')).toBe('jp');
    expect(hanFace('山田太郎', 'zh')).toBe('sc');
    expect(hanFace('山田太郎', 'en')).toBe('sc');
    expect(hanFace('山田 たろう', 'zh')).toBe('jp');
    expect(hanFace('金 김', 'en')).toBe('kr');
  });
});

describe('face runs', () => {
  it('draws a Korean name in an English report in the Korean face, the rest in Noto Sans', () => {
    expect(runs('Patient 홍길동 (7)', 'en')).toEqual([
      ['latin', 'Patient '],
      ['kr', '홍길동'],
      ['latin', ' (7)'],
    ]);
  });

  it('keeps a Japanese report in the Japanese face, Latin included; Chinese in the Chinese face', () => {
    expect(runs('患者 山田太郎 SNA', 'ja')).toEqual([['jp', '患者 山田太郎 SNA']]);
    expect(runs('患者 王小明', 'zh')).toEqual([['sc', '患者 王小明']]);
    expect(runs('환자 山田たろう', 'ko')).toEqual([
      ['kr', '환자 '],
      ['jp', '山田たろう'],
    ]);
  });

  it('keeps Vietnamese letters together, composed (NFC), combining marks with their letter', () => {
    expect(runs('Nguyễn Văn Đức', 'vi')).toEqual([['latin', 'Nguyễn Văn Đức']]);
    expect(runs('Nguye\u0302\u0303n', 'vi')).toEqual([['latin', 'Nguyễn']]);
    expect(runs('e\u0301\u0331', 'en', (f) => f === 'latin')).toEqual([['latin', 'é\u0331']]);
  });

  it('falls back to the first face that has the glyph, in language order', () => {
    const latinLacksArrow = (face: FontFace, code: number) => !(face === 'latin' && code === cp('→'));
    expect(runs('A → B', 'en', latinLacksArrow)).toEqual([
      ['latin', 'A '],
      ['kr', '→'],
      ['latin', ' B'],
    ]);
    expect(runs('A → B', 'ja', latinLacksArrow)).toEqual([['jp', 'A → B']]);
  });

  it('never leaves a character to an empty box: no face has it, U+FFFD stands in; an invisible one is dropped', () => {
    const onlyLatin = (face: FontFace, code: number) => face === 'latin' && (code < 0x1000 || code === 0xfffd);
    expect(runs('x\u{1F600}y', 'en', onlyLatin)).toEqual([['latin', 'x\uFFFDy']]);
    // Nothing has U+FFFD either: a question mark.
    expect(runs('x\u{1F600}', 'en', (face, code) => face === 'latin' && code < 0x1000)).toEqual([['latin', 'x?']]);
    // Zero-width space, variation selector, right-to-left mark: drawn by nothing, so left out.
    expect(runs('a\u200Bb\uFE0F\u200F', 'en', (face, code) => face === 'latin' && code < 0x1000)).toEqual([['latin', 'ab']]);
    // A mark the face of its letter lacks takes a face that has it.
    expect(runs('x\u0301', 'en', (face, code) => code !== 0x0301 || face === 'emoji')).toEqual([
      ['latin', 'x'],
      ['emoji', '\u0301'],
    ]);
  });

  it('draws Arabic, Hebrew and emoji in their own faces, modifiers and joiners with their emoji', () => {
    expect(runs('Kim 😀🦷', 'en')).toEqual([
      ['latin', 'Kim '],
      ['emoji', '😀🦷'],
    ]);
    expect(runs('مريم حداد', 'ko')).toEqual([
      ['arabic', 'مريم'],
      ['kr', ' '],
      ['arabic', 'حداد'],
    ]);
    expect(runs('דוד', 'en')).toEqual([['hebrew', 'דוד']]);
    expect(runs('👍🏽👨\u200D👩\u200D👧 🇰🇷', 'en')).toEqual([
      ['emoji', '👍🏽👨\u200D👩\u200D👧'],
      ['latin', ' '],
      ['emoji', '🇰🇷'],
    ]);
  });

  it('uses the real fonts: Noto Sans has Vietnamese but no Hangul, Noto Sans KR has Hangul', () => {
    expect(faceHasGlyph('latin', cp('ễ'))).toBe(true);
    expect(faceHasGlyph('latin', cp('홍'))).toBe(false);
    expect(faceHasGlyph('kr', cp('홍'))).toBe(true);
    expect(faceHasGlyph('jp', cp('の'))).toBe(true);
    expect(faceHasGlyph('sc', cp('简'))).toBe(true);
    expect(faceRuns('SNA ≤ 82° 홍길동', 'en', faceHasGlyph).map((r) => r.face)).toEqual(['latin', 'kr', 'latin', 'kr']);
    expect(faceHasGlyph('arabic', cp('م'))).toBe(true);
    expect(faceHasGlyph('arabic', cp('پ'))).toBe(true);
    expect(faceHasGlyph('hebrew', cp('ש'))).toBe(true);
    expect(faceHasGlyph('emoji', cp('😀'))).toBe(true);
    expect(faceHasGlyph('emoji', cp('🦷'))).toBe(true);
    expect(faceHasGlyph('latin', 0xfffd)).toBe(true);
    // Thai: no face has it, so the replacement character in Noto Sans.
    expect(runs('สมชาย Kim', 'en', faceHasGlyph)).toEqual([['latin', '\uFFFD'.repeat(5) + ' Kim']]);
  });
});
