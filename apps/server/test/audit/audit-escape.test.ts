import { describe, expect, it } from 'vitest';
import { escapeDetail, escapeNullable, escapeText } from '../../src/features/audit/audit-escape';

/** What the trail stores for text a request sent: readable, never refused by PostgreSQL, never forged. */
describe('escapeText', () => {
  it.each([
    ['plain', 'chart 0b6f3d9a', 'chart 0b6f3d9a'],
    ['NUL', 'ab\u0000cd', 'ab\\u0000cd'],
    ['a backslash, so the escape reads back exactly', 'a\\u0000', 'a\\\\u0000'],
    ['terminal colours and a newline', '\u001b[31mred\n', '\\u001b[31mred\\u000a'],
    ['a C1 control and DEL', 'x\u0085\u007f', 'x\\u0085\\u007f'],
    ['a right-to-left override', 'gpj.\u202eexe', 'gpj.\\u202eexe'],
    ['a lone high surrogate', 'a\ud800b', 'a\\ud800b'],
    ['a lone low surrogate', 'a\udc00', 'a\\udc00'],
    ['a surrogate pair stays', 'a😀b', 'a😀b'],
    ['Korean stays', '김감사', '김감사'],
  ])('%s', (_name, sent, stored) => {
    expect(escapeText(sent)).toBe(stored);
  });

  it('cuts text over the limit, marked with an ellipsis', () => {
    expect(escapeText('x'.repeat(300), 200)).toBe(`${'x'.repeat(199)}…`);
  });
});

describe('escapeNullable', () => {
  it('escapes a string and reads anything else as null (an aborted request has no address)', () => {
    expect(escapeNullable('a\u0000b')).toBe('a\\u0000b');
    expect(escapeNullable(null)).toBeNull();
    expect(escapeNullable(undefined)).toBeNull();
  });
});

describe('escapeDetail', () => {
  it('escapes keys and strings at every depth; numbers, booleans and null stay', () => {
    expect(escapeDetail({ 'k\u0000': ['v\u0000', 1, true, null, { deep: '\ud800' }], n: Number.NaN })).toEqual({
      'k\\u0000': ['v\\u0000', 1, true, null, { deep: '\\ud800' }],
      n: null,
    });
  });
});
