import { describe, expect, it } from 'vitest';
import { faceHasGlyph } from '../../src/pdf/pdf-fonts';
import { fontkitReverses, lineRuns } from '../../src/pdf/bidi';

/**
 * Right-to-left text on the report's left-to-right lines: the runs pdfkit draws, left to right,
 * with the text each is handed (logical where fontkit reverses it itself, else already in drawing
 * order) and whether it reads right to left. Orders worked out by hand from UAX #9.
 */

const everything = () => true;
const runs = (text: string) => lineRuns(text, 'en', everything).map((r) => [r.face, r.text, r.rtl ? 'rtl' : 'ltr']);

describe('lineRuns', () => {
  it.each([
    ['plain Latin stays one run', 'Kim Ceph', [['latin', 'Kim Ceph', 'ltr']]],
    [
      'emoji after a Latin name',
      'Kim 😀🦷',
      [
        ['latin', 'Kim ', 'ltr'],
        ['emoji', '😀🦷', 'ltr'],
      ],
    ],
    [
      // Read right to left: مريم, then حداد; each Arabic word handed over as typed (fontkit reverses it).
      'two Arabic words: the second drawn first',
      'مريم حداد',
      [
        ['arabic', 'حداد', 'rtl'],
        ['latin', ' ', 'rtl'],
        ['arabic', 'مريم', 'rtl'],
      ],
    ],
    [
      'two Hebrew words',
      'דוד כהן',
      [
        ['hebrew', 'כהן', 'rtl'],
        ['latin', ' ', 'rtl'],
        ['hebrew', 'דוד', 'rtl'],
      ],
    ],
    [
      'a Latin label before an Arabic name',
      'Patient: مريم',
      [
        ['latin', 'Patient: ', 'ltr'],
        ['arabic', 'مريم', 'rtl'],
      ],
    ],
    [
      // European digits after Arabic letters read left to right, at the far (left) end.
      'digits after an Arabic name',
      'مريم 12',
      [
        ['latin', '12', 'ltr'],
        ['latin', ' ', 'rtl'],
        ['arabic', 'مريم', 'rtl'],
      ],
    ],
    [
      // Brackets inside right-to-left text are mirrored: drawn "(حداد) مريم".
      'brackets inside Arabic text',
      'مريم (حداد)',
      [
        ['latin', '(', 'rtl'],
        ['arabic', 'حداد', 'rtl'],
        ['latin', ') ', 'rtl'],
        ['arabic', 'مريم', 'rtl'],
      ],
    ],
    [
      // Arabic-Indic digits read left to right; fontkit would reverse them, so they are handed reversed.
      'Arabic-Indic digits in a Latin line',
      'No. ١٢',
      [
        ['latin', 'No. ', 'ltr'],
        ['arabic', '٢١', 'ltr'],
      ],
    ],
    [
      'Arabic, an emoji and Hebrew in one right-to-left stretch',
      'عيادة 🦷 מרפאה',
      [
        ['hebrew', 'מרפאה', 'rtl'],
        ['latin', ' ', 'rtl'],
        ['emoji', '🦷', 'rtl'],
        ['latin', ' ', 'rtl'],
        ['arabic', 'عيادة', 'rtl'],
      ],
    ],
  ])('%s', (_case, text, expected) => {
    expect(runs(text)).toEqual(expected);
  });

  it('keeps every character: the logical texts of the runs are the line, in some order', () => {
    for (const text of ['مريم حداد (٣) 12 ok', 'דוד כהן, Kim 😀', 'Nguyễn 홍길동 مريم']) {
      const got = lineRuns(text, 'en', faceHasGlyph);
      expect(
        got
          .map((r) => r.logical)
          .join('')
          .split('')
          .sort(),
      ).toEqual(text.split('').sort());
    }
  });

  it('says which texts fontkit lays out right to left by itself: the first letter of a script decides', () => {
    expect(['abc', 'مريم', ' مريم', '(דוד)', '12', '١٢', '😀', 'a مريم'].map(fontkitReverses)).toEqual([
      false,
      true,
      true,
      true,
      false,
      true,
      false,
      false,
    ]);
  });
});
