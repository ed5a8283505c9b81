import { describe, expect, it } from 'vitest';
import { planSentences, softSentences } from '../src/consultation';

/** The consultation's plain words and the tracing frame, worked out by hand. */
describe('planSentences', () => {
  it.each([
    ['en', { Pogonion: { horizontal: 5, vertical: 0 } }, ['The chin moves forward 5 mm.']],
    ['en', { Mx1Crown: { horizontal: -3, vertical: 0 } }, ['The upper front teeth move back 3 mm.']],
    ['en', { Menton: { horizontal: 0.25, vertical: -2 } }, ['The lowest point of the chin moves forward 0.3 mm and down 2 mm.']],
    ['ko', { Pogonion: { horizontal: 5, vertical: 0 } }, ['턱끝이 앞으로 5 mm 이동합니다.']],
    ['ja', { Mn1Crown: { horizontal: 0, vertical: 1.5 } }, ['下の前歯が上へ1.5 mm動きます。']],
    ['zh', { Pogonion: { horizontal: 5, vertical: 2 } }, ['下巴向前移动5毫米，向上移动2毫米。']],
    ['vi', { ANS: { horizontal: -1, vertical: 0 } }, ['Phần trước của hàm trên (ngay dưới mũi) di chuyển ra sau 1 mm.']],
    ['en', { Pogonion: { horizontal: 0, vertical: 0 } }, []],
  ] as const)('%s %j', (lang, movements, expected) => {
    expect(planSentences(movements, lang)).toEqual(expected);
  });

  it('follows the table order, whatever the object order', () => {
    const text = planSentences({ Pogonion: { horizontal: 1, vertical: 0 }, ANS: { horizontal: 1, vertical: 0 } }, 'en');
    expect(text).toEqual(['The front of the upper jaw (just below the nose) moves forward 1 mm.', 'The chin moves forward 1 mm.']);
  });
});

describe('softSentences', () => {
  it.each([
    // 1.2 mm rounds to "about 1 mm"; 0.3 mm is below the 0.5 mm that is put into words.
    ['en', { Ls: { x: -1.2, y: 0.3 } }, ['The upper lip is expected to move back about 1 mm.']],
    ['en', { Li: { x: 2.3, y: -0.8 } }, ['The lower lip is expected to move forward about 2.5 mm and down about 1 mm.']],
    ['ko', { stPog: { x: 4.75, y: 0 } }, ['피부 쪽 턱끝이 앞으로 약 5 mm 이동할 것으로 예상됩니다.']],
    ['en', { Ls: { x: 0.2, y: -0.4 }, U1: { x: 3, y: 0 } }, []],
  ] as const)('%s %j', (lang, moves, expected) => {
    expect(softSentences(moves, lang)).toEqual(expected);
  });
});
